import type { ServiceModel } from '../model/service-model.js';
import { protocolFor } from '../protocols/index.js';
import type { HandlerList } from './handler-list.js';
import { idempotencyMiddleware } from './middleware/idempotency.js';
import { retryMiddleware } from './middleware/retry.js';
import { serializeMiddleware } from './middleware/serialize.js';
import { signMiddleware } from './middleware/sign.js';
import { userAgentMiddleware } from './middleware/user-agent.js';
import { validationMiddleware } from './middleware/validate.js';
import type { ClientConfig } from './resolve-config.js';

/**
 * Puts the standard middleware in a new client's handler list, each by step and name:
 * `idempotency` (init), `validation` (validate), `serialize` and `user-agent` (build), `sign` (sign).
 */
export function installDefaultMiddleware(list: HandlerList, config: ClientConfig, model: ServiceModel): void {
  if (config.idempotency_auto_fill !== false) {
    const randomBytes = typeof config.idempotency_auto_fill === 'function' ? config.idempotency_auto_fill : undefined;
    list.add('init', 'idempotency', idempotencyMiddleware(randomBytes));
  }
  if (config.validate) list.add('validate', 'validation', validationMiddleware());
  list.add('build', 'serialize', serializeMiddleware(protocolFor(model), config.endpoint));
  list.add('build', 'user-agent', userAgentMiddleware(), { after: 'serialize' });
  list.add('sign', 'sign', signMiddleware({
    credentials: config.credentials,
    signatureProvider: config.signature_provider,
    signatureVersion: config.signature_version,
    region: config.region,
    signingName: model.metadata.signingName ?? model.metadata.endpointPrefix,
  }));
  list.add('sign', 'retry', retryMiddleware({ retries: config.retries, env: config.env, profile: config.profileSettings }), { priority: 'high' });
}
