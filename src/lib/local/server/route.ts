import type { LocalServiceModule } from '../types.js';
import { RequestRejection } from './read-body.js';

/**
 * Chooses the module that serves a verified request: the first whose `matches()` accepts the
 * request, which must also serve the signing name of the credential scope. A request that no
 * module recognizes is a 400 `UnknownOperationException`; one signed for another service is a
 * 403 `InvalidSignatureException`, as the real endpoints answer.
 */
export function routeRequest(
  modules: readonly LocalServiceModule[],
  method: string,
  path: string,
  headers: Record<string, string>,
  signingName: string,
): LocalServiceModule {
  const module = modules.find((candidate) => candidate.matches(method, path, headers));
  if (!module) {
    const target = headers['x-amz-target'];
    const what = target ? `the target ${target}` : `${method} ${path}`;
    throw new RequestRejection(400, 'UnknownOperationException', `the local service has no operation for ${what}`);
  }
  if (!module.signingNames.includes(signingName)) {
    throw new RequestRejection(
      403,
      'InvalidSignatureException',
      `Credential should be scoped to correct service: '${module.signingNames.join("' or '")}', not '${signingName}'.`,
    );
  }
  return module;
}
