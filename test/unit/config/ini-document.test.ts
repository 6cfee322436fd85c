import assert from 'node:assert/strict';
import { parseIniDocument } from '../../../src/lib/config/ini-document.js';
import { ConfigurationError } from '../../../src/lib/errors/configuration-error.js';
import { FAKE_SECRET, assertNoSecret } from './temp-home.js';

describe('parseIniDocument', () => {
  it('reads sections and settings, lower-casing keys and skipping comments', () => {
    const doc = parseIniDocument('\uFEFF# top comment\r\n[default]\r\nRegion = us-west-2\r\n; another\r\nOutput=json\r\n\r\n[other]\nkey: value\n', '/f');
    assert.deepEqual({ ...doc.default!.settings }, { region: 'us-west-2', output: 'json' });
    assert.deepEqual({ ...doc.other!.settings }, { key: 'value' });
  });

  it('decodes values with the ini package: inline comments, quotes, escapes; booleans stay strings', () => {
    const doc = parseIniDocument('[s]\na = one ; comment\nb = "two ; three"\nc = four \\# five\nd = true\ne = x=y\n', '/f');
    assert.deepEqual({ ...doc.s!.settings }, { a: 'one', b: 'two ; three', c: 'four # five', d: 'true', e: 'x=y' });
  });

  it('keeps dots in section names (ini.parse would nest them)', () => {
    const doc = parseIniDocument('[profile dev.admin]\nregion = eu-west-1\n', '/f');
    assert.deepEqual(Object.keys(doc), ['profile dev.admin']);
    assert.equal(doc['profile dev.admin']!.settings.region, 'eu-west-1');
  });

  it('parses nested sub-sections under an empty-valued key, as the AWS CLI does', () => {
    const doc = parseIniDocument(
      [
        '[services local]',
        'kendra =',
        '  endpoint_url = http://127.0.0.1:4599',
        '  # a comment inside',
        '',
        '  Other_Key = 2',
        'mobile =',
        '\tendpoint_url = http://127.0.0.1:4600',
        'endpoint_url = http://top-level',
      ].join('\n'),
      '/f',
    );
    const section = doc['services local']!;
    assert.deepEqual({ ...section.subsections.kendra }, { endpoint_url: 'http://127.0.0.1:4599', other_key: '2' });
    assert.deepEqual({ ...section.subsections.mobile }, { endpoint_url: 'http://127.0.0.1:4600' });
    // The nested endpoint_url lines must not leak into the section's own settings.
    assert.deepEqual({ ...section.settings }, { endpoint_url: 'http://top-level' });
  });

  it('joins continuation lines of a non-empty value with newlines', () => {
    const doc = parseIniDocument('[s]\nlong = first\n  second\n    third\nnext = 1\n', '/f');
    assert.equal(doc.s!.settings.long, 'first\nsecond\nthird');
    assert.equal(doc.s!.settings.next, '1');
  });

  it('merges repeated sections and keeps the last value of a repeated key', () => {
    const doc = parseIniDocument('[a]\nx = 1\ny = 1\n[b]\nz = 1\n[a]\nx = 2\n', '/f');
    assert.deepEqual({ ...doc.a!.settings }, { x: '2', y: '1' });
  });

  it('is safe with __proto__ as a section or key name', () => {
    const doc = parseIniDocument('[__proto__]\n__proto__ = x\n', '/f');
    assert.equal(Object.getPrototypeOf(doc), null);
    assert.equal(doc.__proto__!.settings.__proto__, 'x');
    assert.equal(({} as Record<string, unknown>).x, undefined);
  });

  const malformed: [string, string, RegExp][] = [
    ['a setting before any header', `aws_secret_access_key = ${FAKE_SECRET}\n[default]\n`, /line 1: a setting comes before/],
    ['a line that is not key = value', `[default]\nregion = x\n${FAKE_SECRET}\n`, /line 3: expected a \[section\] header or 'key = value'/],
    ['an empty key', `[default]\n= ${FAKE_SECRET}\n`, /line 2:/],
    ['a nested line without =', `[services s]\nkendra =\n  ${FAKE_SECRET}\n`, /line 3: expected 'key = value' in a nested section/],
  ];
  for (const [what, text, pattern] of malformed) {
    it(`rejects ${what}, naming the file and line but not the content`, () => {
      let caught: unknown;
      try {
        parseIniDocument(text, '/home/me/.aws/config');
      } catch (error) {
        caught = error;
      }
      assert.ok(caught instanceof ConfigurationError, 'expected a ConfigurationError');
      assert.match(caught.message, /^Unable to parse \/home\/me\/\.aws\/config, /);
      assert.match(caught.message, pattern);
      assertNoSecret(caught);
    });
  }
});
