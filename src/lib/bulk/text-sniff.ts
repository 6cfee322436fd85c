import { open } from 'node:fs/promises';

/** Bytes read from the start of a file without an extension to tell text from binary content. */
export const SNIFF_BYTES = 8192;

/**
 * True when `bytes` (the start of a file, possibly cut inside a character) look like text:
 * no NUL byte, and valid UTF-8 except for a character cut at the end.
 */
export function looksLikeText(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/** Reads the first {@link SNIFF_BYTES} of a file and tells whether they look like text ({@link looksLikeText}). */
export async function isTextFile(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    return looksLikeText(buffer.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}
