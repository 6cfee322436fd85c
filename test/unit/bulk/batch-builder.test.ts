import assert from 'node:assert/strict';
import fc from 'fast-check';
import { BatchBuilder, type Pending } from '../../../src/lib/bulk/batch-builder.js';

const pending = (id: string, bytes: number): Pending<string> => ({ entry: { kind: 'item', id, item: id, bytes, contentBytes: bytes, ref: {} }, attempts: 0 });

/** Feeds items through a builder the way the engine does; returns the batches. */
function batches(sizes: number[], maxItems: number, maxBytes: number): Pending<string>[][] {
  const builder = new BatchBuilder<string>({ maxItems, maxBytes });
  const out: Pending<string>[][] = [];
  sizes.forEach((bytes, index) => {
    const item = pending(`d${index}`, bytes);
    if (!builder.fits(item)) out.push(builder.take());
    builder.add(item);
    if (builder.full) out.push(builder.take());
  });
  if (builder.size) out.push(builder.take());
  return out;
}

describe('bulk: batch builder', () => {
  it('cuts batches at the item limit', () => {
    const result = batches(Array(25).fill(1), 10, 1000);
    assert.deepEqual(
      result.map((batch) => batch.length),
      [10, 10, 5],
    );
  });

  it('cuts batches at the byte bound, and sends a heavier item alone', () => {
    const result = batches([400, 400, 400, 2000, 100, 100], 10, 1000);
    assert.deepEqual(
      result.map((batch) => batch.map((p) => p.entry.bytes)),
      [[400, 400], [400], [2000], [100, 100]],
    );
  });

  it('keeps every item once, in order, within both limits (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 3000 }), { maxLength: 200 }),
        fc.integer({ min: 1, max: 10 }),
        fc.integer({ min: 1, max: 5000 }),
        (sizes, maxItems, maxBytes) => {
          const result = batches(sizes, maxItems, maxBytes);
          assert.deepEqual(
            result.flat().map((p) => p.entry.id),
            sizes.map((_, index) => `d${index}`),
          );
          for (const batch of result) {
            assert.ok(batch.length >= 1 && batch.length <= maxItems);
            const total = batch.reduce((sum, p) => sum + p.entry.bytes, 0);
            assert.ok(batch.length === 1 || total <= maxBytes, `batch of ${batch.length} weighs ${total}`);
          }
        },
      ),
    );
  });

  it('rejects impossible limits', () => {
    assert.throws(() => new BatchBuilder({ maxItems: 0, maxBytes: 10 }), /maxItems/);
    assert.throws(() => new BatchBuilder({ maxItems: 10, maxBytes: 0 }), /maxBytes/);
  });
});
