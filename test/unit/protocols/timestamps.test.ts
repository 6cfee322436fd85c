import assert from 'node:assert/strict';
import fc from 'fast-check';
import { formatTimestamp, iso8601, rfc822, toDate } from '../../../src/lib/protocols/timestamps.js';

const T = Date.UTC(2024, 0, 2, 3, 4, 5);

describe('timestamps', () => {
  it('reads Dates, epoch seconds and ISO 8601 strings (UTC when no zone is given)', () => {
    assert.equal(toDate(new Date(T))?.getTime(), T);
    assert.equal(toDate(T / 1000)?.getTime(), T);
    assert.equal(toDate(T / 1000 + 0.25)?.getTime(), T + 250);
    for (const text of [
      '2024-01-02T03:04:05Z',
      '2024-01-02T03:04:05',
      '2024-01-02 03:04:05',
      '2024-01-02t03:04:05z',
      '2024-01-02T05:04:05+02:00',
      '2024-01-02T05:04:05+0200',
      '2024-01-02T05:04:05+02',
      '2024-01-01T22:04:05-05:00',
      ' 2024-01-02T03:04:05.000Z ',
    ]) {
      assert.equal(toDate(text)?.getTime(), T, text);
    }
    assert.equal(toDate('2024-01-02')?.getTime(), Date.UTC(2024, 0, 2));
    assert.equal(toDate('2024-01-02T03:04:05.123456Z')?.getTime(), T + 123);
  });

  it('rejects anything else unless lenient', () => {
    for (const value of [
      'yesterday',
      '1704164645',
      'Tue, 02 Jan 2024 03:04:05 GMT',
      '',
      Number.NaN,
      Number.POSITIVE_INFINITY,
      new Date(Number.NaN),
      null,
      undefined,
      {},
      true,
    ]) {
      assert.equal(toDate(value), undefined, String(value));
    }
    assert.equal(toDate('1704164645', true)?.getTime(), T);
    assert.equal(toDate('1704164645.5', true)?.getTime(), T + 500);
    assert.equal(toDate('Tue, 02 Jan 2024 03:04:05 GMT', true)?.getTime(), T);
    assert.equal(toDate('yesterday', true), undefined);
  });

  it('formats in each timestampFormat', () => {
    const date = new Date(T);
    assert.equal(iso8601(date), '2024-01-02T03:04:05Z');
    assert.equal(iso8601(new Date(T + 7)), '2024-01-02T03:04:05.007Z');
    assert.equal(rfc822(new Date(T + 999)), 'Tue, 02 Jan 2024 03:04:05 GMT');
    assert.equal(formatTimestamp(date, 'unixTimestamp'), T / 1000);
    assert.equal(formatTimestamp(new Date(T + 500), 'unixTimestamp'), T / 1000 + 0.5);
    assert.equal(formatTimestamp(date, 'iso8601'), '2024-01-02T03:04:05Z');
    assert.equal(formatTimestamp(date, 'rfc822'), 'Tue, 02 Jan 2024 03:04:05 GMT');
  });

  it('writes ISO 8601 as toISOString() does, without .000, for any date (formatted from its UTC fields)', () => {
    const expected = (date: Date): string => date.toISOString().replace(/\.000Z$/, 'Z');
    // Every year from 0 to 9999 is formatted from the fields; the years beyond (six digits and a
    // sign) and invalid dates go through toISOString().
    for (const ms of [0, -1, Date.UTC(0, 0, 1) - 1, Date.UTC(0, 0, 1), Date.UTC(9999, 11, 31, 23, 59, 59, 999), 8.64e15, -8.64e15, 1, 10, 99, 100]) {
      const date = new Date(ms);
      assert.equal(iso8601(date), expected(date), String(ms));
    }
    const year0 = new Date(Date.UTC(2000, 0, 1));
    year0.setUTCFullYear(0);
    assert.equal(iso8601(year0), '0000-01-01T00:00:00Z');
    fc.assert(
      fc.property(fc.integer({ min: -8.64e15, max: 8.64e15 }), (ms) => assert.equal(iso8601(new Date(ms)), expected(new Date(ms)))),
      { numRuns: 2000 },
    );
    assert.throws(() => iso8601(new Date(Number.NaN)), RangeError);
  });
});
