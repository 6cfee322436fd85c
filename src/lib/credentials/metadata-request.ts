import { request as httpRequest, type ClientRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

/** What a metadata endpoint answered. */
export interface MetadataResponse {
  statusCode: number;
  /** The body as UTF-8 text. */
  body: string;
}

/**
 * A metadata request that got no answer: `connect` when no connection was made, `timeout` when
 * the connection was made but no answer came in time. The credential sources that send these
 * requests catch it and decide what it means, so it never reaches a caller of the library and
 * is not a `NimbusError`.
 */
export class MetadataRequestFailure extends Error {
  override name = 'MetadataRequestFailure';
  /** How it failed. */
  readonly kind: 'connect' | 'timeout';

  constructor(kind: 'connect' | 'timeout', message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.kind = kind;
  }
}

/** Options of {@link metadataRequest}. */
export interface MetadataRequestOptions {
  method: 'GET' | 'PUT';
  headers: Record<string, string>;
  /** The time allowed to connect, and then again for the whole answer. */
  timeoutMs: number;
}

const MAX_BODY = 1024 * 1024;

/**
 * One request to a credentials endpoint on the local link (EC2 instance metadata, a container's
 * credentials endpoint): no proxy, no connection reuse, a short time limit for connecting and
 * another for the answer. Any status code resolves; only a missing answer rejects.
 * @throws MetadataRequestFailure when no connection could be made or no answer came in time.
 */
export function metadataRequest(url: URL, options: MetadataRequestOptions): Promise<MetadataResponse> {
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    let settled = false;
    let connected = false;
    let timer: NodeJS.Timeout | undefined;
    let req: ClientRequest | undefined;
    const finish = (outcome: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
    };
    const fail = (kind: 'connect' | 'timeout', message: string, cause?: unknown): void =>
      finish(() => {
        req?.destroy();
        reject(new MetadataRequestFailure(kind, message, { cause }));
      });
    const arm = (): void => {
      clearTimeout(timer);
      timer = setTimeout(
        () =>
          connected
            ? fail('timeout', `no answer from ${url.origin} within ${options.timeoutMs} ms`)
            : fail('connect', `could not connect to ${url.origin} within ${options.timeoutMs} ms`),
        options.timeoutMs,
      );
    };
    arm();
    req = send(url, { method: options.method, headers: options.headers, agent: false });
    req.on('socket', (socket) => {
      const onConnect = (): void => {
        connected = true;
        arm();
      };
      if (!socket.connecting) onConnect();
      else socket.once(url.protocol === 'https:' ? 'secureConnect' : 'connect', onConnect);
    });
    req.on('error', (error: NodeJS.ErrnoException) =>
      fail(connected ? 'timeout' : 'connect', `request to ${url.origin} failed (${error.code ?? error.message})`, error),
    );
    req.on('response', (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_BODY) fail('timeout', `the answer from ${url.origin} is larger than ${MAX_BODY} bytes`);
        else chunks.push(chunk);
      });
      response.on('error', (error) => fail('timeout', `the answer from ${url.origin} broke off`, error));
      response.on('end', () => finish(() => resolve({ statusCode: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') })));
    });
    req.end();
  });
}
