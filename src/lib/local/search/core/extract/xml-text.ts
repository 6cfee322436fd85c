const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Decodes the five XML entities and numeric character references. */
export function decodeXml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] !== '#') return ENTITIES[name] ?? whole;
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** Which elements of an XML part hold text, and which end a line. */
export interface XmlTextRules {
  /** Elements whose character data is text (`w:t`, `a:t`). */
  text: ReadonlySet<string>;
  /** Elements whose end (or empty form) starts a new line (`w:p`, `w:br`). */
  lineBreaks: ReadonlySet<string>;
  /** Empty elements that stand for a space (`w:tab`). */
  spaces?: ReadonlySet<string>;
}

/**
 * The text an Office Open XML part holds: the character data of the `rules.text` elements, in
 * document order, with a line break after each `rules.lineBreaks` element. A single pass over
 * the tags, so its cost is linear in the part's size whatever its nesting.
 */
export function xmlText(xml: string, rules: XmlTextRules): string {
  const out: string[] = [];
  const tag = /<(\/?)([A-Za-z_][\w.:-]*)((?:[^>"']|"[^"]*"|'[^']*')*?)(\/?)>|<!\[CDATA\[([\s\S]*?)\]\]>|<[!?][^>]*>/g;
  let inText = 0;
  let last = 0;
  for (let match = tag.exec(xml); match !== null; match = tag.exec(xml)) {
    if (inText > 0 && match.index > last) out.push(decodeXml(xml.slice(last, match.index)));
    last = tag.lastIndex;
    if (match[5] !== undefined) {
      if (inText > 0) out.push(match[5]);
      continue;
    }
    const name = match[2];
    if (name === undefined) continue;
    const closing = match[1] === '/';
    const empty = match[4] === '/';
    if (rules.text.has(name) && !empty) inText += closing ? (inText > 0 ? -1 : 0) : 1;
    if (rules.spaces?.has(name) && !closing) out.push(' ');
    if (rules.lineBreaks.has(name) && (closing || empty)) out.push('\n');
  }
  return out.join('');
}

/** The first `<name>` element's text in a small XML part, such as `dc:title` in docProps/core.xml. */
export function firstElementText(xml: string, name: string): string | undefined {
  const escaped = name.replace(/[.:-]/g, '\\$&');
  const match = new RegExp(`<${escaped}(?:\\s[^>]*)?>([\\s\\S]*?)</${escaped}>`).exec(xml);
  const text = match ? decodeXml(match[1]!.replace(/<[^>]*>/g, '')).trim() : '';
  return text === '' ? undefined : text;
}
