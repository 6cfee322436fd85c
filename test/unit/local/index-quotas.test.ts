import { strict as assert } from 'node:assert';
import { documentQuota, extractedTextQuota } from '../../../src/lib/local/search/resources/index-store.js';

const GB = 1024 ** 3;
const MB = 1024 ** 2;

// The storage of an index by edition and extra storage capacity units: documents and extracted text
// https://docs.aws.amazon.com/kendra/latest/dg/adjusting-capacity.html
// https://docs.aws.amazon.com/kendra/latest/dg/quotas.html
describe('search indexes: the storage quotas of each edition', function () {
  it('holds 10,000 documents and 3 GB of extracted text in a developer edition index, which takes no extra units', () => {
    assert.equal(documentQuota('DEVELOPER_EDITION', 0), 10_000);
    assert.equal(extractedTextQuota('DEVELOPER_EDITION', 0), 3 * GB);
  });

  it('adds 100,000 documents or 30 GB a unit to an enterprise edition index', () => {
    assert.equal(documentQuota('ENTERPRISE_EDITION', 0), 100_000);
    assert.equal(extractedTextQuota('ENTERPRISE_EDITION', 0), 30 * GB);
    assert.equal(documentQuota('ENTERPRISE_EDITION', 2), 300_000);
    assert.equal(extractedTextQuota('ENTERPRISE_EDITION', 2), 90 * GB);
  });

  it('adds 20,000 documents or 200 MB of extracted text a unit to a GenAI enterprise edition index', () => {
    assert.equal(documentQuota('GEN_AI_ENTERPRISE_EDITION', 1), 40_000);
    assert.equal(extractedTextQuota('GEN_AI_ENTERPRISE_EDITION', 1), 400 * MB);
  });
});
