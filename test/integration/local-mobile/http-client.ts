import { Agent, fetch, type RequestInit } from 'undici';
import { SignatureV4, uriEncode } from '../../../src/lib/signing/sigv4.js';

/** A response read whole. */
export interface HttpAnswer {
  status: number;
  headers: Headers;
  body: Buffer;
  json: any;
}

/** Sends SigV4-signed (signing name `AWSMobileHubService`) REST-JSON requests to a local service. */
export class MobileHttpClient {
  private readonly signer = new SignatureV4();

  constructor(
    readonly endpoint: string,
    private readonly credentials: { key: string; secret: string; token?: string },
    private readonly clock: () => Date = () => new Date(),
    private readonly region = 'us-east-1',
  ) {}

  /** Signs and sends one request. */
  async send(method: string, path: string, options: { query?: Record<string, string>; body?: Buffer | string } = {}): Promise<HttpAnswer> {
    const url = new URL(this.endpoint);
    const signed = this.signer.sign(
      {
        method,
        protocol: url.protocol,
        hostname: url.hostname,
        port: Number(url.port),
        path,
        query: options.query ?? {},
        // Signed, as real clients do (fetch would otherwise add an unsigned text/plain one for a string body).
        headers: options.body === undefined ? {} : { 'content-type': typeof options.body === 'string' ? 'application/json' : 'application/octet-stream' },
        ...(options.body !== undefined ? { body: options.body } : {}),
      },
      this.credentials,
      { region: this.region, service: 'AWSMobileHubService', signingDate: this.clock() },
    );
    const { host: _host, ...headers } = signed.headers;
    const query = Object.entries(options.query ?? {})
      .map(([k, v]) => `${uriEncode(k)}=${uriEncode(v)}`)
      .join('&');
    return fetchAnswer(`${this.endpoint}${path}${query ? `?${query}` : ''}`, {
      method,
      headers,
      ...(options.body !== undefined ? { body: options.body } : {}),
    });
  }

  /** Sends a signed request and fails unless it answers 200; returns the JSON body. */
  async ok(method: string, path: string, options: { query?: Record<string, string>; body?: Buffer | string } = {}): Promise<any> {
    const answer = await this.send(method, path, options);
    if (answer.status !== 200) throw new Error(`${method} ${path} answered ${answer.status}: ${answer.body.toString()}`);
    return answer.json;
  }
}

/** Fetches a URL (e.g. a presigned download URL) on a fresh connection and reads the whole answer. */
export async function fetchAnswer(url: string, init: RequestInit = {}): Promise<HttpAnswer> {
  const dispatcher = new Agent();
  try {
    const response = await fetch(url, { ...init, dispatcher });
    const body = Buffer.from(await response.arrayBuffer());
    let json: unknown;
    if (response.headers.get('content-type')?.includes('json')) json = JSON.parse(body.toString('utf8'));
    return { status: response.status, headers: response.headers as unknown as Headers, body, json };
  } finally {
    await dispatcher.close();
  }
}
