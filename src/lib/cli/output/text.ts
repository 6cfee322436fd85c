/**
 * The AWS CLI's text output: one record a line, fields separated by tabs, for `cut` and `awk`.
 * A structure prints its scalar values (keys sorted) on one line, prefixed by the upper-cased
 * name of the member it came from; its nested structures and lists follow on their own lines.
 * The items of a list share one column order (the union of their scalar keys).
 */

type Data = unknown;

function isNested(value: Data): value is object {
  return value !== null && typeof value === 'object';
}

/** Python's `str()` of a scalar, as the AWS CLI prints it. */
function scalarText(value: Data): string {
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (value === null || value === undefined) return 'None';
  return String(value);
}

function formatItem(item: Data, out: string[], identifier?: string, scalarKeys?: string[]): void {
  if (Array.isArray(item)) formatList(item, out, identifier);
  else if (isNested(item)) formatObject(item as Record<string, Data>, out, identifier, scalarKeys);
  else out.push(scalarText(item));
}

function formatList(items: Data[], out: string[], identifier?: string): void {
  if (!items.length) return;
  if (items.some((item) => isNested(item) && !Array.isArray(item))) {
    const keys = new Set<string>();
    for (const item of items) {
      if (isNested(item) && !Array.isArray(item)) {
        for (const [key, value] of Object.entries(item)) if (!isNested(value)) keys.add(key);
      }
    }
    const scalarKeys = [...keys].sort();
    for (const item of items) formatItem(item, out, identifier, scalarKeys);
    return;
  }
  const scalars = items.filter((item) => !isNested(item));
  if (scalars.length) {
    if (identifier !== undefined) for (const item of scalars) out.push(`${identifier.toUpperCase()}\t${scalarText(item)}`);
    else out.push(scalars.map(scalarText).join('\t'));
  }
  for (const item of items) if (isNested(item)) formatItem(item, out, identifier);
}

function formatObject(item: Record<string, Data>, out: string[], identifier?: string, scalarKeys?: string[]): void {
  const scalars: string[] = [];
  const nested: [string, Data][] = [];
  if (scalarKeys === undefined) {
    for (const key of Object.keys(item).sort()) {
      if (isNested(item[key])) nested.push([key, item[key]]);
      else scalars.push(scalarText(item[key]));
    }
  } else {
    for (const key of scalarKeys) scalars.push(key in item ? scalarText(item[key]) : '');
    for (const key of Object.keys(item)
      .filter((key) => !scalarKeys.includes(key))
      .sort())
      nested.push([key, item[key]]);
  }
  if (scalars.length) out.push((identifier !== undefined ? [identifier.toUpperCase(), ...scalars] : scalars).join('\t'));
  for (const [key, value] of nested) formatItem(value, out, key);
}

/** Formats plain data as text output (ends with a newline unless empty). */
export function formatText(data: Data): string {
  const out: string[] = [];
  formatItem(data, out);
  return out.length ? `${out.join('\n')}\n` : '';
}
