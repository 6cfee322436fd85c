import { gunzipSync } from 'node:zlib';

/** What a sitemap lists: page URLs (a `<urlset>`) or other sitemaps (a `<sitemapindex>`). */
export interface Sitemap {
  pages: string[];
  sitemaps: string[];
}

/** A sitemap is at most 50 MB uncompressed (sitemaps.org); a larger one is refused. */
export const MAX_SITEMAP_BYTES = 50 * 1024 * 1024;

function decodeXmlText(text: string): string {
  return text
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1')
    .replace(/&(amp|lt|gt|quot|apos);/g, (_whole, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[name]!)
    .trim();
}

/** The text of every `<loc>` in `<tag>` elements of `xml` (namespace prefixes allowed). */
function locs(xml: string, tag: string): string[] {
  const found: string[] = [];
  const element = new RegExp(`<(?:[\\w-]+:)?${tag}\\b[^>]*>([\\s\\S]*?)<\\/(?:[\\w-]+:)?${tag}\\s*>`, 'gi');
  for (const match of xml.matchAll(element)) {
    const loc = /<(?:[\w-]+:)?loc\b[^>]*>([\s\S]*?)<\/(?:[\w-]+:)?loc\s*>/i.exec(match[1]!);
    if (loc) found.push(decodeXmlText(loc[1]!));
  }
  return found;
}

/**
 * The URLs of a sitemap (sitemaps.org protocol): a `<urlset>`'s `<url><loc>` entries as pages,
 * a `<sitemapindex>`'s `<sitemap><loc>` entries as sitemaps; gzip-compressed sitemaps are read
 * within {@link MAX_SITEMAP_BYTES}. Throws when the bytes are neither.
 */
export function parseSitemap(bytes: Buffer): Sitemap {
  const raw = bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes, { maxOutputLength: MAX_SITEMAP_BYTES }) : bytes;
  const xml = raw.toString('utf8');
  if (/<(?:[\w-]+:)?sitemapindex\b/i.test(xml)) return { pages: [], sitemaps: locs(xml, 'sitemap') };
  if (/<(?:[\w-]+:)?urlset\b/i.test(xml)) return { pages: locs(xml, 'url'), sitemaps: [] };
  throw new Error('it is not a sitemap: no <urlset> or <sitemapindex> element');
}
