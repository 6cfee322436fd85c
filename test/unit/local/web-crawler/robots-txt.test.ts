import { strict as assert } from 'node:assert';
import { parseRobotsTxt } from '../../../../src/lib/local/search/maintenance/web-crawler/robots-txt.js';

// Configuring robots.txt for Kendra's web crawler (User-agent: amazon-kendra, Allow and Disallow):
// https://docs.aws.amazon.com/kendra/latest/dg/stop-web-crawler.html ; matching rules: RFC 9309.
describe('web crawler: robots.txt', () => {
  it('takes the amazon-kendra group over the * group, the agent matched without regard to case', () => {
    const rules = parseRobotsTxt('User-agent: *\nDisallow: /\n\nUser-Agent: Amazon-Kendra\nDisallow: /private/\n');
    assert.equal(rules.allows('/public'), true);
    assert.equal(rules.allows('/private/keys'), false);
  });

  it('falls back to the * group, and allows everything without a matching group', () => {
    assert.equal(parseRobotsTxt('User-agent: *\nDisallow: /tmp\n').allows('/tmp/x'), false);
    assert.equal(parseRobotsTxt('User-agent: otherbot\nDisallow: /\n').allows('/anything'), true);
  });

  it('lets the longest matching rule win, and Allow win a tie', () => {
    const rules = parseRobotsTxt('User-agent: *\nDisallow: /docs\nAllow: /docs/public\nAllow: /same\nDisallow: /same\n');
    assert.equal(rules.allows('/docs/secret'), false);
    assert.equal(rules.allows('/docs/public/a'), true);
    assert.equal(rules.allows('/same'), true);
  });

  it('reads * wildcards and $ anchors, and treats an empty Disallow as allowing all', () => {
    const rules = parseRobotsTxt('User-agent: *\nDisallow: /*.pdf$\nDisallow: /search?*q=\n');
    assert.equal(rules.allows('/report.pdf'), false);
    assert.equal(rules.allows('/report.pdf?x=1'), true);
    assert.equal(rules.allows('/search?lang=en&q=x'), false);
    assert.equal(parseRobotsTxt('User-agent: *\nDisallow:\n').allows('/x'), true);
  });

  it('groups consecutive User-agent lines, ignores comments, and reads Crawl-delay', () => {
    const rules = parseRobotsTxt('# site rules\nUser-agent: a\nUser-agent: amazon-kendra # us\nCrawl-delay: 2.5\nDisallow: /x # not x\n');
    assert.equal(rules.allows('/x/y'), false);
    assert.equal(rules.crawlDelaySeconds, 2.5);
  });

  it('always allows /robots.txt and compares percent-encoded unreserved characters as decoded', () => {
    const rules = parseRobotsTxt('User-agent: *\nDisallow: /\n');
    assert.equal(rules.allows('/robots.txt'), true);
    assert.equal(parseRobotsTxt('User-agent: *\nDisallow: /abc\n').allows('/a%62c'), false);
  });
});
