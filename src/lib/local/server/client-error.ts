import { randomUUID } from 'node:crypto';
import type { Duplex } from 'node:stream';

/**
 * Answers a request node could not even parse (bad framing, headers too large) in the same
 * wire format as every other error, then closes the connection, which cannot be trusted.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const code = tooLarge ? 'RequestHeaderFieldsTooLargeException' : 'BadRequestException';
  const body = JSON.stringify({ __type: code, message: tooLarge ? 'the request headers are too large' : 'the request is not valid HTTP' });
  socket.end(
    `HTTP/1.1 ${tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request'}\r\n` +
      `content-type: application/json\r\nx-amzn-errortype: ${code}\r\nx-amzn-requestid: ${randomUUID()}\r\n` +
      `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}
