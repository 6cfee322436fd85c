import type { SuggestableConfig } from '../../../services/search/types.js';

/** The query-suggestions settings of an index. */
export interface SuggestSettings {
  mode: 'ENABLED' | 'LEARN_ONLY';
  lookBackDays: number;
  includeAnonymous: boolean;
  minUsers: number;
  minCount: number;
  attributeMode: 'ACTIVE' | 'INACTIVE';
  suggestable: SuggestableConfig[];
}

/**
 * The settings of an index that never changed them, as the real service documents its defaults:
 * suggestions enabled, a 180-day window, all queries counted (so users are not counted), a
 * query suggested once it was searched 5 times (and by 3 users when only queries with user
 * information count), no document field suggestable.
 */
const DEFAULT_SUGGEST_SETTINGS: SuggestSettings = {
  mode: 'ENABLED',
  lookBackDays: 180,
  includeAnonymous: true,
  minUsers: 3,
  minCount: 5,
  attributeMode: 'ACTIVE',
  suggestable: [],
};

/** The stored settings (JSON), with defaults for what they lack. */
export function parseSuggestSettings(json: string | undefined): SuggestSettings {
  return { ...DEFAULT_SUGGEST_SETTINGS, ...(json ? (JSON.parse(json) as Partial<SuggestSettings>) : {}) };
}

/** The fields of `settings` that are suggestable. */
export function suggestableFields(settings: SuggestSettings): string[] {
  return settings.suggestable.filter((entry) => entry.Suggestable === true && entry.AttributeName).map((entry) => entry.AttributeName!);
}
