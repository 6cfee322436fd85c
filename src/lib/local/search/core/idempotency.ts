import { createHash } from 'node:crypto';
import { conflict } from './errors.js';
import type { OpContext } from './op-context.js';

/**
 * Runs `create` once per `ClientToken`: a repeated request with the same token and the same
 * parameters returns the id of the first one; the same token with other parameters is a
 * `ConflictException`. Without a token, `create` always runs. Call inside a transaction.
 */
export function withClientToken<Input extends { ClientToken?: string }>(ctx: OpContext, scope: string, input: Input, create: () => string): string {
  const token = input.ClientToken;
  if (typeof token !== 'string') return create();
  const { ClientToken: _omit, ...rest } = input;
  const hash = createHash('sha256').update(JSON.stringify(rest)).digest('hex');
  const key = `${ctx.region}:${scope}`;
  const previous = ctx.db.prepare('SELECT request_hash, result_id FROM search_idempotency WHERE scope = ? AND token = ?').get(key, token) as
    { request_hash: string; result_id: string } | undefined;
  if (previous) {
    if (previous.request_hash !== hash) {
      throw conflict(`The ClientToken ${token} was already used with different parameters.`);
    }
    return previous.result_id;
  }
  const id = create();
  ctx.db
    .prepare('INSERT INTO search_idempotency (scope, token, request_hash, result_id, created_at) VALUES (?, ?, ?, ?, ?)')
    .run(key, token, hash, id, ctx.nowMs);
  return id;
}
