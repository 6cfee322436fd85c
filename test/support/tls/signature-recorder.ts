import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The credentials a request was signed with, as they arrived. */
export interface SeenSignature {
  /** The access key in the `Authorization` header's credential scope ('' when unsigned). */
  accessKey: string;
  /** The `x-amz-security-token` header, if any. */
  token?: string;
}

/** A plain HTTP relay on loopback that notes how each request was signed before passing it on. */
export interface SignatureRecorder {
  /** `http://127.0.0.1:<port>`. */
  endpoint: string;
  port: number;
  /** One entry per request, in order. */
  seen: SeenSignature[];
  close(): Promise<void>;
}

/**
 * Starts a relay on 127.0.0.1 and a free port that forwards every request, headers untouched (so
 * a signature over the Host header stays valid), to the HTTP server at `target`, recording the
 * access key and session token of each one in `seen`.
 */
export async function startSignatureRecorder(target: string): Promise<SignatureRecorder> {
  const to = new URL(target);
  const seen: SeenSignature[] = [];
  const relay = createServer((req, res) => {
    const accessKey = /Credential=([^/]+)\//.exec(String(req.headers.authorization ?? ''))?.[1] ?? '';
    const token = req.headers['x-amz-security-token'];
    seen.push({ accessKey, ...(typeof token === 'string' ? { token } : {}) });
    const forward = httpRequest({ hostname: to.hostname, port: to.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const { port } = relay.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    port,
    seen,
    async close() {
      relay.closeAllConnections();
      await new Promise((resolve) => relay.close(resolve));
    },
  };
}
