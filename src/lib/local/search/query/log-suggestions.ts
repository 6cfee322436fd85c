import { blockMatcher } from '../core/block-list-file.js';
import type { OpContext } from '../core/op-context.js';
import type { SuggestSettings } from '../core/suggest-settings.js';
import { queriesBetween } from '../resources/query-log-store.js';
import { activeBlockListPhrases } from '../resources/query-suggestions-store.js';
import { hasLongWord, suggestionKey } from './suggestion-text.js';

/** A query of the log that qualifies as a suggestion. */
export interface LoggedSuggestion {
  text: string;
  count: number;
  users: number;
  lastAt: number;
}

const DAY_MS = 24 * 3600 * 1000;

/**
 * The queries of an index's log that qualify as suggestions under `settings`: made within the
 * look-back window and after the last clear, with at least one result and one word of more than
 * four characters, searched `minCount` times (by `minUsers` distinct users when only queries
 * with user information count), and not blocked. Most searched first.
 */
export function loggedSuggestions(ctx: OpContext, indexRowid: number, settings: SuggestSettings, clearedAt: number | null): LoggedSuggestion[] {
  const from = Math.max(ctx.nowMs - settings.lookBackDays * DAY_MS, clearedAt ?? 0);
  const blocked = blockMatcher(activeBlockListPhrases(ctx.db, indexRowid).flatMap((json) => JSON.parse(json) as string[]));
  const groups = new Map<string, { count: number; users: Set<string>; lastAt: number }>();
  for (const row of queriesBetween(ctx.db, indexRowid, from, ctx.nowMs + 1)) {
    if (row.result_count === 0) continue;
    if (!settings.includeAnonymous && row.user_id === null) continue;
    const key = suggestionKey(row.query_text);
    if (key === '') continue;
    const group = groups.get(key) ?? { count: 0, users: new Set<string>(), lastAt: 0 };
    group.count += 1;
    if (row.user_id !== null) group.users.add(row.user_id);
    group.lastAt = Math.max(group.lastAt, row.created_at);
    groups.set(key, group);
  }
  const suggestions: LoggedSuggestion[] = [];
  for (const [text, group] of groups) {
    if (group.count < settings.minCount) continue;
    if (!settings.includeAnonymous && group.users.size < settings.minUsers) continue;
    if (!hasLongWord(text) || blocked(text)) continue;
    suggestions.push({ text, count: group.count, users: group.users.size, lastAt: group.lastAt });
  }
  return suggestions.sort((a, b) => b.count - a.count || b.users - a.users || b.lastAt - a.lastAt || a.text.localeCompare(b.text));
}
