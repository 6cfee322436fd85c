import { strict as assert } from 'node:assert';
import { bodyCount, fieldsCount, packCounts, PostingCursor, PostingsBuilder, titleCount } from '../../../src/lib/local/search/query/compact-postings.js';

describe('search: postings kept in about two bytes each', () => {
  it('reads back every holder and its counts in rowid order, near and far rowids, small and large counts', () => {
    // rowid 0 first, gaps of 1, 255, 256 and far beyond a byte; counts that fit a byte's code and counts that do not
    const holders: Array<[number, number, number, number]> = [
      [0, 0, 1, 0],
      [1, 3, 15, 3],
      [256, 4, 1, 0],
      [512, 0, 16, 0],
      [513, 1, 2, 4],
      [1_000_000, 1023, 2047, 2047],
      [1_000_001, 0, 0, 0],
    ];
    const builder = new PostingsBuilder();
    // a first word left behind: the builder is reused, its arrays grown past their first size
    for (let rowid = 0; rowid < 5000; rowid += 3) builder.add(rowid, packCounts(0, 1, 0));
    builder.reset();
    for (const [rowid, title, body, fields] of holders) builder.add(rowid, packCounts(title, body, fields));
    const postings = builder.build();
    assert.equal(postings.length, holders.length);
    assert.equal(postings.farRowids.length, 2, 'the gaps of 256 and beyond are kept apart');
    assert.equal(postings.farCounts.length, 5, 'the counts beyond a byte, and none at all, are kept apart');
    assert.equal(postings.bytes, 2 * holders.length + 4 * (2 + 5));
    const read: Array<[number, number, number, number]> = [];
    for (const posting = new PostingCursor(postings); posting.next();)
      read.push([posting.rowid, titleCount(posting.packed), bodyCount(posting.packed), fieldsCount(posting.packed)]);
    assert.deepEqual(read, holders);
  });

  it('tells counts beyond 32 bits', () => {
    assert.equal(packCounts(1024, 0, 0), -1);
    assert.equal(packCounts(0, 2048, 0), -1);
    assert.equal(packCounts(0, 0, 2048), -1);
  });
});
