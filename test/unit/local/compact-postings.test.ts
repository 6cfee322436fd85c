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
    assert.equal(postings.bytes, 2 * holders.length + 4 * (2 + 5) + 4 * 3, 'two bytes a holder, four a far rowid or counts, twelve a skip block');
    const read: Array<[number, number, number, number]> = [];
    for (const posting = new PostingCursor(postings); posting.next();)
      read.push([posting.rowid, titleCount(posting.packed), bodyCount(posting.packed), fieldsCount(posting.packed)]);
    assert.deepEqual(read, holders);
  });

  it('seeks forward to the first holder from a rowid on, over the skip blocks, as reading every holder finds it', () => {
    const builder = new PostingsBuilder();
    const rowids: number[] = [];
    // runs of near rowids and far jumps, over many skip blocks, a few counts kept apart
    for (let rowid = 3, step = 0; rowids.length < 2000; step++) {
      rowids.push(rowid);
      builder.add(rowid, packCounts(step % 97 === 0 ? 5 : 1, step % 7, 0));
      rowid += step % 50 === 0 ? 1000 + step : 1 + (step % 5);
    }
    const postings = builder.build();
    const all = rowids.map((rowid, at) => [rowid, at] as const);
    const linear = (target: number) => all.find(([rowid]) => rowid >= target);
    for (const gap of [1, 7, 130, 999, 5000]) {
      const cursor = new PostingCursor(postings);
      for (let target = 0; target <= rowids.at(-1)! + 10; target += gap) {
        const expected = linear(target);
        assert.equal(cursor.seek(target), expected !== undefined, `seek ${target} by ${gap}`);
        if (!expected) break;
        assert.equal(cursor.rowid, expected[0]);
        const step = expected[1];
        assert.deepEqual([titleCount(cursor.packed), bodyCount(cursor.packed)], [step % 97 === 0 ? 5 : 1, step % 7]);
      }
    }
  });

  it('tells counts beyond 32 bits', () => {
    assert.equal(packCounts(1024, 0, 0), -1);
    assert.equal(packCounts(0, 2048, 0), -1);
    assert.equal(packCounts(0, 0, 2048), -1);
  });
});
