import { AdaptiveRetryStrategy } from './adaptive-strategy.js';
import { LegacyRetryStrategy } from './legacy-strategy.js';
import type { ResolvedRetryConfig } from './retries-option.js';
import type { RetryStrategy } from './retry-strategy.js';
import { StandardRetryStrategy } from './standard-strategy.js';

/** The strategy of a resolved configuration; call once per client (it owns the quota and rate limiter). */
export function createRetryStrategy(config: ResolvedRetryConfig): RetryStrategy {
  switch (config.mode) {
    case 'legacy':
      return new LegacyRetryStrategy(config.maxAttempts, config.random);
    case 'standard':
      return new StandardRetryStrategy(config.maxAttempts, config);
    case 'adaptive':
      return new AdaptiveRetryStrategy(config.maxAttempts, config);
  }
}
