import { stringify } from 'yaml';

/** Formats plain data as YAML output. */
export function formatYaml(data: unknown): string {
  return stringify(data, { lineWidth: 0 });
}
