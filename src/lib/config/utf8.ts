import { isUtf8 } from 'node:buffer';

/** The length of the sequence a lead byte starts (0 for a byte that cannot start one), and the range of its second byte. */
function sequence(lead: number): [length: number, low: number, high: number] {
  if (lead >= 0xc2 && lead <= 0xdf) return [2, 0x80, 0xbf];
  if (lead === 0xe0) return [3, 0xa0, 0xbf]; // no overlong forms
  if (lead === 0xed) return [3, 0x80, 0x9f]; // no surrogates
  if (lead >= 0xe1 && lead <= 0xef) return [3, 0x80, 0xbf];
  if (lead === 0xf0) return [4, 0x90, 0xbf]; // no overlong forms
  if (lead === 0xf4) return [4, 0x80, 0x8f]; // nothing above U+10FFFF
  if (lead >= 0xf1 && lead <= 0xf3) return [4, 0x80, 0xbf];
  return [0, 0, 0];
}

/**
 * Where `bytes` stops being valid UTF-8: `invalid`, the offset of the first byte that is not part
 * of valid UTF-8 (a stray continuation byte, an overlong form, a surrogate, a code point above
 * U+10FFFF, a sequence cut short by another byte), or -1; `truncatedAt`, when the bytes end in
 * the middle of an otherwise valid sequence, the offset where that sequence starts (a chunk of a
 * stream whose next chunk may complete it), else -1.
 */
export function scanUtf8(bytes: Uint8Array): { invalid: number; truncatedAt: number } {
  if (isUtf8(bytes)) return { invalid: -1, truncatedAt: -1 };
  let at = 0;
  while (at < bytes.length) {
    const lead = bytes[at]!;
    if (lead < 0x80) {
      at += 1;
      continue;
    }
    const [length, low, high] = sequence(lead);
    if (length === 0) return { invalid: at, truncatedAt: -1 };
    for (let next = 1; next < length; next++) {
      const byte = bytes[at + next];
      if (byte === undefined) return { invalid: -1, truncatedAt: at };
      const [min, max] = next === 1 ? [low, high] : [0x80, 0xbf];
      if (byte < min || byte > max) return { invalid: at, truncatedAt: -1 };
    }
    at += length;
  }
  return { invalid: -1, truncatedAt: -1 };
}

/**
 * The offset of the first byte of `bytes` that is not part of valid UTF-8 (see {@link scanUtf8};
 * a sequence cut short by the end counts), or -1 when all of it is valid. The common case, valid
 * text, costs one native `isUtf8` check.
 */
export function invalidUtf8Offset(bytes: Uint8Array): number {
  const { invalid, truncatedAt } = scanUtf8(bytes);
  return invalid >= 0 ? invalid : truncatedAt;
}
