/** The services the CLI talks to. */
export type ServiceName = 'search' | 'mobile';

/**
 * How a command waits for its resource after the call: the waiter's name, and where each
 * member of the waiter's input comes from: `input.<Member>` (the request) or
 * `result.<path>` (the response), e.g. `{ Id: 'result.Id', IndexId: 'input.IndexId' }`.
 */
export interface WaitSpec {
  waiter: string;
  args: Record<string, string>;
  /** What is awaited, for the spinner, e.g. `index to become ACTIVE`. */
  goal: string;
}

/** What a generated operation command declares about its operation (see scripts/gen-commands.mjs). */
export interface OperationSpec {
  service: ServiceName;
  /** The model's operation name, e.g. `CreateIndex`. */
  operation: string;
  /** Flag name → input member name, for every operation flag. */
  members: Record<string, string>;
  /** Flags of required members: checked after --cli-input-json is merged, not by the parser. */
  required: string[];
  /** True when the operation follows page tokens (the command then has the pagination flags). */
  paginated: boolean;
  /** Present when the command takes `--wait`. */
  wait?: WaitSpec;
}
