/** The fields of a posted form (`application/x-www-form-urlencoded`) or JSON object body, as strings. */
export function readFields(headers: Record<string, string>, body: Buffer): Map<string, string> {
  const type = (headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  const text = body.toString('utf8');
  if (type === 'application/json') {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return new Map();
    }
    if (!value || typeof value !== 'object' || Array.isArray(value)) return new Map();
    return new Map(Object.entries(value).flatMap(([key, field]) => (typeof field === 'string' ? [[key, field] as [string, string]] : [])));
  }
  if (type !== 'application/x-www-form-urlencoded') return new Map();
  const fields = new Map<string, string>();
  for (const [key, field] of new URLSearchParams(text)) if (!fields.has(key)) fields.set(key, field);
  return fields;
}
