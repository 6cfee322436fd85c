import { crawlUrl } from './url-scope.js';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** An attribute value with its character references decoded (`&amp;`, `&#38;`, `&#x26;`). */
function decodeAttribute(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** The value of the attribute `name` in the inside of a start tag; undefined when it has none. */
function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, 'i').exec(tag);
  if (!match) return undefined;
  return decodeAttribute((match[1] ?? match[2] ?? match[3] ?? '').trim());
}

/** The HTML without comments, scripts and styles, whose anchors are not links. */
function withoutInertParts(html: string): string {
  return html.replace(/<!--[\s\S]*?-->/g, ' ').replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ');
}

/**
 * The links of an HTML page, in order of appearance, each once: the `href` of its `<a>` and
 * `<area>` elements, resolved against its `<base href>` or else `pageUrl`, without fragments;
 * links that are not http(s) URLs (`mailto:`, `javascript:`…) are left out.
 */
export function extractLinks(html: string, pageUrl: string): string[] {
  const text = withoutInertParts(html);
  const baseHref = /<base\b([^>]*)>/i.exec(text);
  const base = (baseHref && attribute(baseHref[1]!, 'href') && crawlUrl(attribute(baseHref[1]!, 'href')!, pageUrl)?.href) || pageUrl;
  const seen = new Set<string>();
  const links: string[] = [];
  for (const match of text.matchAll(/<(?:a|area)\b([^>]*)>/gi)) {
    const href = attribute(match[1]!, 'href');
    if (href === undefined || href === '') continue;
    const url = crawlUrl(href, base);
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) continue;
    if (seen.has(url.href)) continue;
    seen.add(url.href);
    links.push(url.href);
  }
  return links;
}

/** Whether an HTML page asks robots not to index it (`<meta name="robots" content="noindex">`). */
export function forbidsIndexing(html: string): boolean {
  for (const match of withoutInertParts(html).matchAll(/<meta\b([^>]*)>/gi)) {
    const name = attribute(match[1]!, 'name')?.toLowerCase();
    if (name !== 'robots' && name !== 'amazon-kendra') continue;
    if (/(^|[\s,])(noindex|none)($|[\s,])/i.test(attribute(match[1]!, 'content') ?? '')) return true;
  }
  return false;
}
