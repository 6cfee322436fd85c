import assert from 'node:assert/strict';
import { ConfigurationError } from '../../../src/lib/errors/configuration-error.js';
import { proxyChooser } from '../../../src/lib/http/proxy-for-url.js';

/** The proxy of one request to `url`, as a transport's chooser decides it. */
function proxyForUrl(url: URL, explicit: string | undefined, env: NodeJS.ProcessEnv): string | undefined {
  return proxyChooser(explicit, env)(url);
}

const HTTPS = new URL('https://search.us-east-1.example.com');
const HTTP = new URL('http://127.0.0.1:4599');

describe('proxyForUrl', () => {
  it('takes HTTPS_PROXY for https and HTTP_PROXY for http, the lower-case name first, an empty one as unset', () => {
    assert.equal(proxyForUrl(HTTPS, undefined, { HTTPS_PROXY: 'http://upper:1' }), 'http://upper:1');
    assert.equal(proxyForUrl(HTTPS, undefined, { HTTPS_PROXY: 'http://upper:1', https_proxy: 'http://lower:2' }), 'http://lower:2');
    assert.equal(proxyForUrl(HTTPS, undefined, { HTTPS_PROXY: 'http://upper:1', https_proxy: '' }), 'http://upper:1');
    assert.equal(proxyForUrl(HTTPS, undefined, { HTTP_PROXY: 'http://plain:3' }), undefined, 'HTTP_PROXY is for http URLs only');
    assert.equal(proxyForUrl(HTTP, undefined, { http_proxy: 'http://plain:3', HTTPS_PROXY: 'http://upper:1' }), 'http://plain:3');
    assert.equal(proxyForUrl(HTTPS, undefined, {}), undefined);
  });

  it('reads no NO_PROXY when no proxy variable is set', () => {
    const read: string[] = [];
    const env = new Proxy({ NO_PROXY: 'search.us-east-1.example.com' } as NodeJS.ProcessEnv, {
      get: (target, name: string) => {
        read.push(name);
        return target[name];
      },
    });
    assert.equal(proxyForUrl(HTTPS, undefined, env), undefined);
    assert.deepEqual(
      read.filter((name) => /^no_proxy$/i.test(name)),
      [],
    );
  });

  it('reads a bare host:port as an http:// proxy', () => {
    assert.equal(proxyForUrl(HTTPS, undefined, { HTTPS_PROXY: 'proxy.local:3128' }), 'http://proxy.local:3128');
  });

  it('lets NO_PROXY exempt hosts: *, names, domain suffixes, host:port, CIDR ranges', () => {
    const env = (noProxy: string) => ({ HTTPS_PROXY: 'http://p:1', HTTP_PROXY: 'http://p:1', NO_PROXY: noProxy });
    assert.equal(proxyForUrl(HTTPS, undefined, env('*')), undefined);
    assert.equal(proxyForUrl(HTTPS, undefined, env('other.com, search.us-east-1.example.com')), undefined);
    assert.equal(proxyForUrl(HTTPS, undefined, env('.example.com')), undefined);
    assert.equal(proxyForUrl(HTTPS, undefined, env('*.example.com')), undefined);
    assert.equal(proxyForUrl(HTTPS, undefined, env('example.com')), undefined);
    assert.equal(proxyForUrl(HTTPS, undefined, env('ample.com')), 'http://p:1', 'a suffix must start at a dot');
    assert.equal(proxyForUrl(HTTPS, undefined, env('example.com:443')), undefined);
    assert.equal(proxyForUrl(HTTPS, undefined, env('example.com:8443')), 'http://p:1');
    assert.equal(proxyForUrl(HTTP, undefined, env('127.0.0.0/8')), undefined);
    assert.equal(proxyForUrl(HTTP, undefined, env('10.0.0.0/8')), 'http://p:1');
    assert.equal(proxyForUrl(HTTP, undefined, { HTTP_PROXY: 'http://p:1', no_proxy: '127.0.0.1:4599' }), undefined);
    assert.equal(proxyForUrl(new URL('http://[::1]:80'), undefined, env('::1')), undefined);
    assert.equal(proxyForUrl(HTTP, undefined, env('127.0.0.0/33, 127.0.0.1/x')), 'http://p:1', 'a range that is not one exempts nothing');
  });

  it('refuses a variable that is not an http:// or https:// URL, without showing its credentials', () => {
    for (const value of ['socks5://user:secret@proxy:1080', 'not a url']) {
      assert.throws(
        () => proxyForUrl(HTTPS, undefined, { https_proxy: value }),
        (error: unknown) =>
          error instanceof ConfigurationError &&
          error.message.startsWith('https_proxy must be an http:// or https:// proxy URL') &&
          !error.message.includes('secret'),
      );
    }
  });

  it('an explicit proxy applies to every URL, whatever the environment says', () => {
    assert.equal(proxyForUrl(HTTPS, 'http://mine:8', { NO_PROXY: '*', HTTPS_PROXY: 'http://env:1' }), 'http://mine:8');
    assert.equal(proxyForUrl(HTTP, 'http://mine:8', {}), 'http://mine:8');
  });

  describe('proxyChooser', () => {
    it('reads the environment once and decides per URL', () => {
      const env: NodeJS.ProcessEnv = { HTTPS_PROXY: 'http://p:1', NO_PROXY: 'example.com' };
      const choose = proxyChooser(undefined, env);
      env.HTTPS_PROXY = 'http://later:2';
      env.NO_PROXY = '';
      assert.equal(choose(HTTPS), undefined, 'NO_PROXY as it was when the chooser was made');
      assert.equal(choose(new URL('https://other.test')), 'http://p:1');
      assert.equal(choose(HTTP), undefined, 'no HTTP_PROXY');
    });

    it('refuses a malformed variable only for the URLs that would use it', () => {
      const choose = proxyChooser(undefined, { https_proxy: 'socks5://proxy:1080', NO_PROXY: 'example.com' });
      assert.equal(choose(HTTPS), undefined);
      assert.throws(() => choose(new URL('https://other.test')), ConfigurationError);
    });
  });
});
