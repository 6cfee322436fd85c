/**
 * A new `amz-sdk-invocation-id`: a version 4 UUID, which ties the attempts of one call together.
 * It only has to be unique, never secret, so it comes from Math.random: node:crypto's randomUUID
 * would load node:crypto (about 2 ms) in a CLI run that needs nothing else from it.
 */
export function invocationId(): string {
  let hex = '';
  for (let i = 0; i < 4; i++)
    hex += Math.floor(Math.random() * 0x100000000)
      .toString(16)
      .padStart(8, '0');
  // Version 4 in the 13th digit, the RFC 4122 variant (8, 9, a or b) in the 17th.
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
