import { strict as assert } from 'node:assert';
import { crawlUrl, inScope, isPrivateHost, passesPatterns, type UrlScope } from '../../../../src/lib/local/search/maintenance/web-crawler/url-scope.js';

// WebCrawlerMode (HOST_ONLY, SUBDOMAINS, EVERYTHING) and the HTTPS requirement:
// https://docs.aws.amazon.com/kendra/latest/dg/API_SeedUrlConfiguration.html
// https://docs.aws.amazon.com/kendra/latest/dg/API_WebCrawlerConfiguration.html
describe('web crawler: URL scope', () => {
  const scope = (mode: UrlScope['mode'], allowHttp = false): UrlScope => ({ hosts: new Set(['abc.example.com']), mode, allowHttp });
  const url = (text: string) => crawlUrl(text)!;

  it('HOST_ONLY keeps to the seed host names', () => {
    assert.equal(inScope(url('https://abc.example.com/a'), scope('HOST_ONLY')), true);
    assert.equal(inScope(url('https://a.abc.example.com/a'), scope('HOST_ONLY')), false);
    assert.equal(inScope(url('https://example.com/a'), scope('HOST_ONLY')), false);
  });

  it('SUBDOMAINS adds the subdomains of the seed hosts, not their parents or look-alikes', () => {
    assert.equal(inScope(url('https://a.abc.example.com/'), scope('SUBDOMAINS')), true);
    assert.equal(inScope(url('https://b.a.abc.example.com/'), scope('SUBDOMAINS')), true);
    assert.equal(inScope(url('https://example.com/'), scope('SUBDOMAINS')), false);
    assert.equal(inScope(url('https://xabc.example.com/'), scope('SUBDOMAINS')), false);
  });

  it('EVERYTHING follows any host, still over HTTPS only unless http is allowed', () => {
    assert.equal(inScope(url('https://other.org/'), scope('EVERYTHING')), true);
    assert.equal(inScope(url('http://abc.example.com/'), scope('EVERYTHING')), false);
    assert.equal(inScope(url('http://abc.example.com/'), scope('HOST_ONLY', true)), true);
    assert.equal(inScope(url('ftp://abc.example.com/'), scope('EVERYTHING', true)), false);
  });

  it('never fetches a URL carrying user info', () => {
    assert.equal(inScope(url('https://user:pw@abc.example.com/'), scope('HOST_ONLY')), false);
  });

  it('lets exclusion patterns win over inclusion patterns, and takes all without inclusion patterns', () => {
    assert.equal(passesPatterns('https://a/docs/x', [/\/docs\//], [/private/]), true);
    assert.equal(passesPatterns('https://a/docs/private', [/\/docs\//], [/private/]), false);
    assert.equal(passesPatterns('https://a/blog', [/\/docs\//], []), false);
    assert.equal(passesPatterns('https://a/blog', [], []), true);
  });

  it('drops fragments, so that one page is one URL', () => {
    assert.equal(crawlUrl('https://abc.example.com/a#part')!.href, 'https://abc.example.com/a');
    assert.equal(crawlUrl('not a url'), undefined);
  });
});

describe('web crawler: EVERYTHING mode and private addresses', () => {
  const everything = (...hosts: string[]): UrlScope => ({ hosts: new Set(hosts), mode: 'EVERYTHING', allowHttp: false });
  const url = (text: string) => crawlUrl(text)!;

  it('does not let a public site steer the crawler at this machine, a private network or the metadata service', () => {
    const scope = everything('docs.example.com');
    for (const target of [
      'https://127.0.0.1/',
      'https://localhost:8443/',
      'https://169.254.169.254/latest/',
      'https://10.1.2.3/',
      'https://[::1]/',
      'https://[fd00::1]/',
    ]) {
      assert.equal(inScope(url(target), scope), false, target);
    }
    assert.equal(inScope(url('https://8.8.8.8/'), scope), true);
  });

  it('follows private hosts when a seed is on one (an intranet crawl)', () => {
    assert.equal(inScope(url('https://localhost/'), everything('127.0.0.1')), true);
    assert.equal(inScope(url('https://10.0.0.7/'), everything('intranet.localhost')), true);
  });

  it('tells private addresses from public ones', () => {
    assert.deepEqual(
      ['192.168.1.1', '172.16.0.1', '172.32.0.1', '100.64.0.1', '11.0.0.1', '::ffff:127.0.0.1', 'fe80::1', '2001:db8::1', 'example.com'].map(isPrivateHost),
      [true, true, false, true, false, true, true, false, false],
    );
  });
});
