import { loadProfile, resolveProfileName } from '../../config/profile.js';
import { lookupSetting } from '../../config/setting-lookup.js';
import type { EmbeddingProgress } from '../../local/types.js';
import { configError } from '../errors/cli-error.js';

/** The environment variable that picks the embedding provider of semantic search. */
export const EMBEDDINGS_VARIABLE = 'NIMBUS_EMBEDDINGS';
/** The profile setting that picks it (in the shared config file). */
export const EMBEDDINGS_KEY = 'local_embeddings';

/**
 * The embedding provider of the local service: `--embeddings`, else `NIMBUS_EMBEDDINGS`, else
 * `local_embeddings` in the profile, else `builtin`.
 */
export function resolveEmbeddings(flag: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  if (flag !== undefined) return flag;
  try {
    const profile = loadProfile(resolveProfileName({ env }), { env, explicit: false });
    return lookupSetting(profile, env, EMBEDDINGS_VARIABLE, EMBEDDINGS_KEY)?.value ?? 'builtin';
  } catch (error) {
    if (env[EMBEDDINGS_VARIABLE]) return env[EMBEDDINGS_VARIABLE];
    throw configError(`Cannot read the ${EMBEDDINGS_KEY} setting: ${(error as Error).message}`);
  }
}

/**
 * Prints how the background embedding goes on stderr: on a terminal, one line rewritten as
 * passages are embedded; elsewhere a line when a backlog starts draining and one when it is done.
 * A failure is told once, with what to do.
 */
export function embeddingProgressPrinter(stream: NodeJS.WriteStream = process.stderr): (progress: EmbeddingProgress) => void {
  let started = 0;
  let total = 0;
  let failed = '';
  return (progress) => {
    const live = stream.isTTY === true;
    if (progress.state === 'failed') {
      if (progress.message === failed) return;
      failed = progress.message ?? '';
      stream.write(
        `${live ? '\r\x1b[K' : ''}nimbus: semantic search paused (${progress.provider}): ${failed}; Query and Retrieve use keywords for what is not embedded\n`,
      );
      started = 0;
      return;
    }
    if (progress.state === 'draining') {
      if (started === 0) {
        started = Date.now();
        total = progress.pending;
        if (!live)
          stream.write(
            `nimbus: embedding ${total} passages for semantic search in the background (${progress.provider}); keyword search finds them meanwhile\n`,
          );
      }
      total = Math.max(total, progress.done + progress.pending);
      if (live) {
        const rate = progress.done / Math.max(0.001, (Date.now() - started) / 1000);
        stream.write(`\r\x1b[Knimbus: embedding passages for semantic search: ${progress.done} of ${total} (${rate.toFixed(1)}/s)`);
      }
      return;
    }
    if (started === 0) return;
    const seconds = (Date.now() - started) / 1000;
    stream.write(
      `${live ? '\r\x1b[K' : ''}nimbus: embedded ${progress.done} passages in ${seconds.toFixed(0)} s (${(progress.done / Math.max(0.001, seconds)).toFixed(1)} passages/s)\n`,
    );
    started = 0;
  };
}
