/** Formats plain data as JSON output: two-space indentation, keys in the order received. */
export function formatJson(data: unknown): string {
  return `${JSON.stringify(data, null, 2) ?? 'null'}\n`;
}
