import type { ServiceModel } from '../model/service-model.js';
import { JsonRpcProtocol } from './json-rpc.js';
import { ProtocolError } from '../errors/protocol-error.js';
import { RestJsonProtocol } from './rest-json.js';
import type { Protocol } from './types.js';

export type { Protocol, SerializeContext, ServiceErrorData } from './types.js';
export { JsonRpcProtocol } from './json-rpc.js';
export { RestJsonProtocol } from './rest-json.js';
export { ProtocolError, isProtocolError } from '../errors/protocol-error.js';

const PROTOCOLS: Record<string, Protocol> = {
  json: new JsonRpcProtocol(),
  'rest-json': new RestJsonProtocol(),
};

/** The protocol a model names in `metadata.protocol` (`json` or `rest-json`). */
export function protocolFor(model: ServiceModel): Protocol {
  const name = model.metadata.protocol;
  const protocol = Object.hasOwn(PROTOCOLS, name) ? PROTOCOLS[name] : undefined;
  if (!protocol) throw new ProtocolError(`Unsupported protocol "${name}" (nimbus speaks json and rest-json)`);
  return protocol;
}
