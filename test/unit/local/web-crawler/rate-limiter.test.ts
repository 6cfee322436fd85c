import { strict as assert } from 'node:assert';
import { HostRateLimiter, MAX_CRAWL_DELAY_SECONDS } from '../../../../src/lib/local/search/maintenance/web-crawler/rate-limiter.js';

// MaxUrlsPerMinuteCrawlRate: "The maximum number of URLs crawled per website host per minute."
// https://docs.aws.amazon.com/kendra/latest/dg/API_WebCrawlerConfiguration.html
describe('web crawler: rate limiter', () => {
  it('gives each host one slot every 60000 / rate ms, by the clock it is given', () => {
    const limiter = new HostRateLimiter(300);
    assert.equal(limiter.tryTake('a', 1_000), true);
    assert.equal(limiter.nextSlotOf('a'), 1_200);
    assert.equal(limiter.tryTake('a', 1_199), false);
    assert.equal(limiter.tryTake('b', 1_199), true);
    assert.equal(limiter.tryTake('a', 1_200), true);
  });

  it('takes at most `rate` URLs of a host in any minute', () => {
    const limiter = new HostRateLimiter(7);
    let taken = 0;
    for (let now = 0; now < 60_000; now += 100) if (limiter.tryTake('host', now)) taken += 1;
    assert.equal(taken, 7);
  });

  it("waits a robots.txt Crawl-delay when it is longer than the rate's interval, up to a bound", () => {
    const limiter = new HostRateLimiter(300);
    assert.equal(limiter.intervalMs(5), 5_000);
    assert.equal(limiter.intervalMs(0.1), 200);
    assert.equal(limiter.intervalMs(86_400), MAX_CRAWL_DELAY_SECONDS * 1000);
  });
});
