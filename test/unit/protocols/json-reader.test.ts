import assert from 'node:assert/strict';
import fc from 'fast-check';
import { structureReader, structureReaderInPlace } from '../../../src/lib/protocols/json-reader.js';
import { jsonTestModel } from './fixtures.js';

describe('JSON readers', () => {
  const shape = jsonTestModel().operation('PutEverything')!.output!;

  /** JSON values with the test model's member names (and others) as keys, nested a few levels. */
  const { document } = fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small' },
      fc.constantFrom(null, 0, 1704164645.5, 'NaN', '-Infinity', '2024-01-02T03:04:05Z', 'AQ==', 'x', true),
      fc.array(tie('value'), { maxLength: 3 }),
      tie('document'),
    ),
    document: fc.dictionary(
      fc.constantFrom(
        ...['Str', 'Int', 'Dbl', 'Time', 'Iso', 'Bytes', 'Doc', 'List', 'Times', 'Map', 'Blobs', 'Tree', 'Name', 'Children'],
        ...['wire_name', 'Renamed', 'When', 'WhenIso', 'Data', 'Unknown', '__proto__'],
      ),
      tie('value'),
      { maxKeys: 8 },
    ),
  }));

  it('reads a parsed document in place to the same output as the copying reader', () => {
    const copying = structureReader(shape);
    const inPlace = structureReaderInPlace(shape);
    fc.assert(
      fc.property(document, (doc) => {
        const text = JSON.stringify(doc);
        assert.deepEqual(inPlace(JSON.parse(text)), copying(JSON.parse(text)));
      }),
      { numRuns: 500 },
    );
  });

  it('keeps the objects of the parsed document instead of copying them', () => {
    const parsed = JSON.parse('{"Str":"s","Times":[0,null],"Map":{"k":"v"},"Unknown":1,"Int":null}');
    const { Times: times, Map: map } = parsed;
    const out = structureReaderInPlace(shape)(parsed);
    assert.equal(out, parsed);
    assert.equal(out.Times, times);
    assert.equal(out.Map, map);
    assert.deepEqual(out, { Str: 's', Times: [new Date(0), null], Map: { k: 'v' } });
  });

  it('returns {} for a value that is not an object', () => {
    assert.deepEqual(structureReaderInPlace(shape)([1]), {});
    assert.deepEqual(structureReaderInPlace(shape)('x'), {});
  });
});
