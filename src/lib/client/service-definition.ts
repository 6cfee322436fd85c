/**
 * What the generic client needs to know about a service that the model does not say: nimbus's
 * name for it, the versions nimbus ships, and where their data lives.
 */
export interface ServiceDefinition {
  /** nimbus's name for the service (`search`, `mobile`, or a custom one), passed to `api_provider`. */
  name: string;
  /** The service id used in environment variables: `AWS_ENDPOINT_URL_<ID>`, e.g. `KENDRA`. */
  envId?: string;
  /** The versions shipped with nimbus, newest last; `latest` selects the last. */
  versions: readonly string[];
  /** The folder holding `<version>/api.json`, `paginators.json` and `waiters.json`. */
  modelsUrl?: URL;
}
