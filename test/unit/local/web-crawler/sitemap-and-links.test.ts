import { strict as assert } from 'node:assert';
import { gzipSync } from 'node:zlib';
import { extractLinks, forbidsIndexing } from '../../../../src/lib/local/search/maintenance/web-crawler/links.js';
import { parseSitemap } from '../../../../src/lib/local/search/maintenance/web-crawler/sitemap.js';

// Urls.SiteMapsConfiguration and MaxLinksPerPage ("URLs on a web page are crawled in order of appearance"):
// https://docs.aws.amazon.com/kendra/latest/dg/API_WebCrawlerConfiguration.html ; sitemap format: https://www.sitemaps.org/protocol.html
describe('web crawler: sitemaps and links', () => {
  it('reads the pages of a urlset and the sitemaps of a sitemap index, entities decoded, gzip or not', () => {
    const urlset =
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc> https://a.com/x?a=1&amp;b=2 </loc><lastmod>2024-01-01</lastmod></url></urlset>';
    assert.deepEqual(parseSitemap(Buffer.from(urlset)), { pages: ['https://a.com/x?a=1&b=2'], sitemaps: [] });
    const index = '<sitemapindex><sitemap><loc>https://a.com/s1.xml</loc></sitemap><sitemap><loc>https://a.com/s2.xml.gz</loc></sitemap></sitemapindex>';
    assert.deepEqual(parseSitemap(gzipSync(index)), { pages: [], sitemaps: ['https://a.com/s1.xml', 'https://a.com/s2.xml.gz'] });
    assert.throws(() => parseSitemap(Buffer.from('<html></html>')), /not a sitemap/);
  });

  it('extracts the links of a page in order of appearance, once each, resolved against <base>, without fragments', () => {
    const page = `<html><head><base href="https://a.com/docs/"></head><body>
      <!-- <a href="commented">x</a> --><script>var s = '<a href="scripted">';</script>
      <a href="one">1</a> <A HREF='/two#top'>2</A> <a href=three?x=1&amp;y=2>3</a>
      <a href="one">again</a> <a href="mailto:x@a.com">m</a> <a href="javascript:void(0)">j</a> <area href="https://b.org/map">
    </body></html>`;
    assert.deepEqual(extractLinks(page, 'https://a.com/index.html'), [
      'https://a.com/docs/one',
      'https://a.com/two',
      'https://a.com/docs/three?x=1&y=2',
      'https://b.org/map',
    ]);
  });

  it('sees a robots noindex meta tag', () => {
    assert.equal(forbidsIndexing('<meta name="robots" content="noindex, follow">'), true);
    assert.equal(forbidsIndexing('<meta name="robots" content="index, follow">'), false);
  });
});
