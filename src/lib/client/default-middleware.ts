import type { ServiceModel } from '../model/service-model.js';
import { protocolFor } from '../protocols/index.js';
import type { HandlerList } from './handler-list.js';
import { installCsmMiddleware } from './middleware/csm.js';
import { endpointDiscoveryMiddleware } from './middleware/endpoint-discovery.js';
import { hostPrefixMiddleware } from './middleware/host-prefix.js';
import { idempotencyMiddleware } from './middleware/idempotency.js';
import { retryMiddleware } from './middleware/retry.js';
import { serializeMiddleware } from './middleware/serialize.js';
import { signMiddleware } from './middleware/sign.js';
import { installStatsMiddleware, statsEnabled } from './middleware/stats.js';
import { installTraceMiddleware } from './middleware/trace.js';
import { userAgentMiddleware } from './middleware/user-agent.js';
import { validationMiddleware } from './middleware/validate.js';
import type { ClientConfig } from './resolve-config.js';

/**
 * Puts the standard middleware in a new client's handler list, each by step and name:
 * `trace:<step>` first in every step (with `debug`), `stats` (init, with `stats`; `stats-attempt`
 * in send for its `http`), `csm` (init) and `csm-attempt` (send) when monitoring is enabled,
 * `idempotency` (init), `validation` (validate), `endpoint-discovery` (build, before serialize,
 * when the model uses discovery), `serialize`, `user-agent` and `host-prefix` (build, unless
 * `disable_host_prefix_injection`), `retry` and `sign` (sign).
 */
export function installDefaultMiddleware(list: HandlerList, config: ClientConfig, model: ServiceModel): void {
  if (config.debug) installTraceMiddleware(list, config.debug);
  if (statsEnabled(config.stats)) installStatsMiddleware(list, config.stats);
  if (config.csm.isEnabled()) {
    installCsmMiddleware(list, { configuration: config.csm, service: model.metadata.serviceId ?? model.metadata.endpointPrefix, region: config.region });
  }
  if (config.idempotency_auto_fill !== false) {
    const randomBytes = typeof config.idempotency_auto_fill === 'function' ? config.idempotency_auto_fill : undefined;
    list.add('init', 'idempotency', idempotencyMiddleware(randomBytes));
  }
  if (config.validate) list.add('validate', 'validation', validationMiddleware());
  list.add('build', 'serialize', serializeMiddleware(protocolFor(model), config.endpoint));
  list.add('build', 'user-agent', userAgentMiddleware(), { after: 'serialize' });
  if (Object.values(model.json.operations).some((operation) => operation.endpointdiscovery)) {
    list.add(
      'build',
      'endpoint-discovery',
      endpointDiscoveryMiddleware({
        configuration: config.endpoint_discovery,
        model,
        endpoint: config.endpoint,
        credentials: config.credentials,
        handler: () => list.resolve(),
      }),
      { before: 'serialize' },
    );
  }
  if (!config.disable_host_prefix_injection) list.add('build', 'host-prefix', hostPrefixMiddleware(), { after: 'serialize' });
  list.add(
    'sign',
    'sign',
    signMiddleware({
      credentials: config.credentials,
      signatureProvider: config.signature_provider,
      signatureVersion: config.signature_version,
      region: config.region,
      signingName: model.metadata.signingName ?? model.metadata.endpointPrefix,
    }),
  );
  list.add('sign', 'retry', retryMiddleware({ retries: config.retries, env: config.env, profile: config.profileSettings }), { priority: 'high' });
}
