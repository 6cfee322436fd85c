import { join } from 'node:path';
import type { Env } from '../../../config/types.js';
import { BedrockProvider } from './bedrock-provider.js';
import { BuiltinProvider } from './builtin-provider.js';
import { OpenAiProvider } from './openai-provider.js';
import { SHARED_MODEL_VARIABLE, SharedModelProvider } from './shared-model.js';
import { EmbeddingError, type EmbeddingProvider } from './provider.js';

/** How the providers are written: `builtin`, `bedrock:<model-id>`, `openai:<base-url>[#model]`, `off`. */
export const PROVIDER_FORMS = 'builtin, bedrock:<model-id>, openai:<base-url>[#model] or off';

/**
 * The embedding provider a spec names, or null for `off` (keyword search only); the built-in
 * model keeps its graph under `<dataDir>/models`, or, in a worker of a cluster primary that
 * hosts it (`SHARED_MODEL_VARIABLE` set), is the primary's. Nothing is loaded or contacted
 * until the first embedding is asked for.
 * @throws EmbeddingError when the spec is not one of {@link PROVIDER_FORMS}.
 */
export function providerOf(spec: string, env: Env, dataDir: string): EmbeddingProvider | null {
  const trimmed = spec.trim();
  if (trimmed === 'off') return null;
  if (trimmed === 'builtin')
    return env[SHARED_MODEL_VARIABLE] === '1' && process.send ? new SharedModelProvider() : new BuiltinProvider({ cacheDir: join(dataDir, 'models') });
  if (trimmed.startsWith('bedrock:')) return new BedrockProvider(trimmed.slice('bedrock:'.length), env);
  if (trimmed.startsWith('openai:')) {
    const rest = trimmed.slice('openai:'.length);
    const hash = rest.indexOf('#');
    return new OpenAiProvider(hash < 0 ? rest : rest.slice(0, hash), hash < 0 ? undefined : rest.slice(hash + 1) || undefined, env.OPENAI_API_KEY || undefined);
  }
  throw new EmbeddingError(`embeddings "${spec}" is not one of ${PROVIDER_FORMS}`, true);
}

/**
 * Checks the form of an embeddings spec without making its provider.
 * @throws EmbeddingError when it is not one of {@link PROVIDER_FORMS}.
 */
export function checkEmbeddingsSpec(spec: string): void {
  const trimmed = spec.trim();
  if (trimmed === 'off' || trimmed === 'builtin') return;
  if (/^bedrock:.+/.test(trimmed)) return;
  if (trimmed.startsWith('openai:')) {
    const base = trimmed.slice('openai:'.length).split('#')[0]!;
    if (/^https?:\/\/[^/]/.test(base)) return;
    throw new EmbeddingError(`embeddings "${spec}": the base URL must be http:// or https://, e.g. openai:http://127.0.0.1:11434/v1#all-minilm`, true);
  }
  throw new EmbeddingError(`embeddings "${spec}" is not one of ${PROVIDER_FORMS}`, true);
}
