/** Markup that is safe to put in a page as is: built by {@link html} or {@link raw}. */
export class Html {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** `text` escaped for HTML text and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ENTITIES[char]!);
}

/** What a template may hold: markup, text (escaped), numbers, lists of them, or nothing. */
export type Fragment = Html | string | number | undefined | null | false | readonly Fragment[];

function render(value: Fragment): string {
  if (value === undefined || value === null || value === false) return '';
  if (value instanceof Html) return value.text;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

/** A template of markup whose every interpolated value is escaped unless it is {@link Html} already. */
export function html(strings: TemplateStringsArray, ...values: Fragment[]): Html {
  let text = strings[0]!;
  values.forEach((value, at) => (text += render(value) + strings[at + 1]!));
  return new Html(text);
}

/** Markup made elsewhere and known to be safe (a constant, or escaped already). */
export function raw(text: string): Html {
  return new Html(text);
}

/** The link schemes a result may point to; anything else (`javascript:`, `data:`…) is shown as text. */
const LINK_SCHEMES = new Set(['http:', 'https:', 's3:']);

/** `uri` when it is an absolute http, https or s3 URL, else undefined. */
export function safeHref(uri: string | undefined): string | undefined {
  if (uri === undefined) return undefined;
  try {
    return LINK_SCHEMES.has(new URL(uri).protocol) ? uri : undefined;
  } catch {
    return undefined;
  }
}
