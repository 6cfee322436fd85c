import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { invalidUtf8Offset, scanUtf8 } from '../../../src/lib/config/utf8.js';
import { checkedUtf8 } from '../../../src/lib/bulk/utf8-guard.js';

const bytes = (...values: number[]) => Uint8Array.from(values);

describe('UTF-8 checks: the offset of the first bad byte', () => {
  it('accepts valid text of every sequence length, and an empty input', () => {
    assert.equal(invalidUtf8Offset(Buffer.from('a é € 𝄞 \uFFFD', 'utf8')), -1);
    assert.equal(invalidUtf8Offset(bytes()), -1);
  });

  it('finds stray continuation bytes, bad lead bytes, overlong forms, surrogates and code points above U+10FFFF', () => {
    const cases: Array<[Uint8Array, number]> = [
      [bytes(0x61, 0x80), 1], // a continuation byte alone
      [bytes(0x61, 0x62, 0xff), 2], // never in UTF-8
      [bytes(0xc0, 0xaf), 0], // overlong "/"
      [bytes(0xe0, 0x80, 0xaf), 0], // overlong, three bytes
      [bytes(0x61, 0xed, 0xa0, 0x80), 1], // U+D800, a surrogate
      [bytes(0xf4, 0x90, 0x80, 0x80), 0], // U+110000
      [bytes(0x63, 0x61, 0x66, 0xe9, 0x21), 3], // Latin-1 "café!"
      [bytes(0xc3, 0x28), 0], // a sequence cut short by another byte
      [bytes(0x61, 0xe2, 0x82), 1], // a sequence cut short by the end
    ];
    for (const [input, offset] of cases) assert.equal(invalidUtf8Offset(input), offset, Buffer.from(input).toString('hex'));
  });

  it('tells a sequence cut short by the end (which the next chunk may complete) from a bad one', () => {
    assert.deepEqual(scanUtf8(bytes(0x61, 0xf0, 0x9d, 0x84)), { invalid: -1, truncatedAt: 1 });
    assert.deepEqual(scanUtf8(bytes(0x61, 0xf0, 0x41)), { invalid: 1, truncatedAt: -1 });
  });
});

describe('UTF-8 checks of a stream', () => {
  /** Everything `chunks` gives through the guard, or the guard's error message. */
  async function through(chunks: Buffer[]): Promise<string> {
    const out: Buffer[] = [];
    try {
      for await (const chunk of checkedUtf8(Readable.from(chunks), 'input.jsonl')) out.push(chunk as Buffer);
    } catch (error) {
      return (error as Error).message;
    }
    return Buffer.concat(out).toString('utf8');
  }

  it('passes text whose characters are split between chunks unchanged', async () => {
    const text = Buffer.from('line one é\nline two 𝄞 end\n', 'utf8');
    const chunks = Array.from(text, (_, i) => text.subarray(i, i + 1));
    assert.equal(await through(chunks), text.toString('utf8'));
  });

  it('fails at the first bad byte with the offset in the whole stream and its line', async () => {
    const message = await through([Buffer.from('{"a":1}\n{"b":"'), Buffer.from([0x78, 0xff, 0x79]), Buffer.from('"}\n')]);
    assert.equal(message, 'input.jsonl is not valid UTF-8: byte offset 15 (line 2, byte 0xff)');
  });

  it('fails on a sequence the stream ends in the middle of', async () => {
    assert.equal(await through([Buffer.from('ok\n'), Buffer.from(bytes(0xe2, 0x82))]), 'input.jsonl is not valid UTF-8: byte offset 3 (line 2, byte 0xe2)');
  });
});
