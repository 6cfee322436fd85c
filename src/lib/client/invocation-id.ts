/** The two hex digits of every byte value. */
const HEX: readonly string[] = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/** 32 random bits. */
function randomWord(): number {
  return (Math.random() * 0x100000000) >>> 0;
}

/**
 * A new `amz-sdk-invocation-id`: a version 4 UUID, which ties the attempts of one call together.
 * It only has to be unique, never secret, so it comes from Math.random: node:crypto's randomUUID
 * would load node:crypto (about 2 ms) in a CLI run that needs nothing else from it. Its 16 bytes
 * are four random words, written through a table of hex pairs (this runs once per call).
 */
export function invocationId(): string {
  const a = randomWord();
  const b = randomWord();
  const c = randomWord();
  const d = randomWord();
  // Version 4 in the high nibble of byte 6, the RFC 4122 variant (binary 10) in the high bits of byte 8.
  return `${HEX[a >>> 24]}${HEX[(a >>> 16) & 0xff]}${HEX[(a >>> 8) & 0xff]}${HEX[a & 0xff]}-${HEX[b >>> 24]}${HEX[(b >>> 16) & 0xff]}-${HEX[0x40 | ((b >>> 8) & 0x0f)]}${HEX[b & 0xff]}-${HEX[0x80 | ((c >>> 24) & 0x3f)]}${HEX[(c >>> 16) & 0xff]}-${HEX[(c >>> 8) & 0xff]}${HEX[c & 0xff]}${HEX[d >>> 24]}${HEX[(d >>> 16) & 0xff]}${HEX[(d >>> 8) & 0xff]}${HEX[d & 0xff]}`;
}
