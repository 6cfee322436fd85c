import assert from 'node:assert/strict';
import { cellWidths, columnRank, columnWidths, fitCell } from '../../../src/lib/cli/output/table-fit.js';

describe('table fitting', () => {
  it('never cuts ids, ARNs, names or timestamps; shortens opaque values with a marker; wraps text at spaces', () => {
    const id = '47f17f4b-595a-4f13-8070-0123456789ab';
    assert.equal(fitCell(id, 'Id', 10), id);
    assert.equal(fitCell('arn:aws:kendra:us-east-1:000000000000:index/x', 'ResourceArn', 10), 'arn:aws:kendra:us-east-1:000000000000:index/x');
    assert.equal(fitCell('2026-01-02T03:04:05.123Z', 'CreatedAt', 10), '2026-01-02T03:04:05.123Z');
    assert.equal(fitCell('QUJD'.repeat(20), 'FeedbackToken', 12), 'QUJDQUJDQUJ…');
    assert.equal(fitCell('data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAA', 'iconUrl', 16), 'data:image/png;…');
    assert.equal(fitCell('the quick brown fox jumps', 'Text', 10), 'the quick\nbrown fox\njumps');
    assert.equal(fitCell('Text: the quick brown fox', 'DocumentExcerpt', 16), 'Text: the quick\n      brown fox');
  });

  it('narrows the widest columns first, none below its fewest, and says when even those do not fit', () => {
    assert.deepEqual(columnWidths([10, 50, 8], [10, 12, 8], 50), [10, 22, 8], '50 columns: 10 of borders, 40 of cells');
    assert.deepEqual(columnWidths([5, 5], [5, 5], 80), [5, 5], 'a table that fits is left alone');
    assert.equal(columnWidths([40, 40], [40, 40], 80), undefined);
    assert.deepEqual(cellWidths(`Token: ${'QUJD'.repeat(21)}`, 'X'), { natural: 91, min: 19 }, 'a nested token: its key whole, 12 characters of it');
  });

  it('ranks columns to leave out: empty ones first, ids, names and titles last', () => {
    assert.equal(columnRank('AdditionalAttributes', ['', '']), 0);
    assert.equal(columnRank('Edition', ['DEVELOPER_EDITION']), 1);
    assert.equal(columnRank('Status', ['ACTIVE']), 2);
    assert.equal(columnRank('Id', ['x']), 3);
    assert.equal(columnRank('DocumentTitle', ['Text: x']), 3);
    assert.ok(columnRank('CreatedAt', ['2026-01-02T03:04:05Z']) < columnRank('Name', ['docs']));
  });
});
