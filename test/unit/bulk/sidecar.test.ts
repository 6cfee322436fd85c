import assert from 'node:assert/strict';
import { SidecarError } from '../../../src/lib/errors/sidecar-error.js';
import { attributeValue, parseSidecar } from '../../../src/lib/bulk/sidecar.js';

describe('bulk: metadata sidecars', () => {
  it('reads the S3 connector format into typed attributes', () => {
    const sidecar = parseSidecar(
      JSON.stringify({
        DocumentId: 'doc-1',
        Title: 'Quarterly report',
        ContentType: 'PDF',
        Attributes: {
          _category: 'finance',
          year: 2020,
          tags: ['a', 'b'],
          _created_at: '2020-03-01T10:00:00Z',
          _last_updated_at: '2021-01-02',
          reviewed: '2022-05-06T07:08:09.123+02:00',
          _source_uri: 'https://example.com/r.pdf',
        },
        AccessControlList: [{ Name: 'team', Type: 'GROUP', Access: 'ALLOW' }],
      }),
    );
    assert.equal(sidecar.id, 'doc-1');
    assert.equal(sidecar.title, 'Quarterly report');
    assert.equal(sidecar.contentType, 'PDF');
    assert.deepEqual(sidecar.accessControlList, [{ Name: 'team', Type: 'GROUP', Access: 'ALLOW' }]);
    const byKey = Object.fromEntries(sidecar.attributes!.map((attribute) => [attribute.Key, attribute.Value]));
    assert.deepEqual(byKey._category, { StringValue: 'finance' });
    assert.deepEqual(byKey.year, { LongValue: 2020 });
    assert.deepEqual(byKey.tags, { StringListValue: ['a', 'b'] });
    assert.deepEqual(byKey._created_at, { DateValue: new Date('2020-03-01T10:00:00Z') });
    assert.deepEqual(byKey._last_updated_at, { DateValue: new Date('2021-01-02T00:00:00Z') });
    assert.deepEqual(byKey.reviewed, { DateValue: new Date('2022-05-06T05:08:09.123Z') });
    assert.deepEqual(byKey._source_uri, { StringValue: 'https://example.com/r.pdf' });
  });

  it('keeps date-like text without a time as a string, except for the reserved date attributes', () => {
    assert.deepEqual(attributeValue('release', '2020-01-01'), { StringValue: '2020-01-01' });
    assert.deepEqual(attributeValue('_created_at', '2020-01-01'), { DateValue: new Date('2020-01-01T00:00:00Z') });
  });

  it('an empty sidecar says nothing', () => {
    assert.deepEqual(parseSidecar('{}'), {});
  });

  for (const [label, text, pattern] of [
    ['bad JSON', '{"Title": ', /not valid JSON/],
    ['a list', '[]', /expected a JSON object/],
    ['an unknown key', '{"Tittle": "x"}', /unknown key "Tittle"/],
    ['a non-string title', '{"Title": 3}', /Title must be a non-empty string/],
    ['a fractional number', '{"Attributes": {"score": 1.5}}', /score: 1.5 is not a whole number/],
    ['a boolean', '{"Attributes": {"draft": true}}', /draft: expected a string, a whole number or a list of strings/],
    ['a mixed list', '{"Attributes": {"tags": ["a", 1]}}', /tags: a list must hold strings only/],
    ['a bad reserved date', '{"Attributes": {"_created_at": "yesterday"}}', /_created_at: "yesterday" is not an ISO 8601 date/],
    ['an impossible date', '{"Attributes": {"_created_at": "2020-13-45"}}', /not an ISO 8601 date/],
    ['attributes as a list', '{"Attributes": []}', /Attributes must be an object/],
    ['a non-list ACL', '{"AccessControlList": {}}', /AccessControlList must be a list/],
  ] as const) {
    it(`rejects ${label} with a one-line reason`, () => {
      assert.throws(
        () => parseSidecar(text),
        (error: unknown) => error instanceof SidecarError && pattern.test(error.message) && !error.message.includes('\n'),
      );
    });
  }
});
