import { request } from 'node:http';
import { searchRequest } from '../../integration/local-search/support.js';
import { SignatureV4 } from '../../../src/lib/signing/sigv4.js';

const signer = new SignatureV4();
/** How long a request waits for its answer. */
const ANSWER_TIMEOUT_MS = 10_000;

/** An answer read whole. */
export interface FreshAnswer {
  status: number;
  body: any;
}

/** Sends a GET over a new connection (so that a cluster hands it to its next worker) and reads the answer. */
export function freshGet(url: string): Promise<FreshAnswer & { text: string }> {
  return new Promise((resolve, reject) => {
    request(url, { agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text, body: res.headers['content-type']?.includes('json') ? JSON.parse(text) : undefined }));
    })
      .on('error', reject)
      .setTimeout(ANSWER_TIMEOUT_MS, function (this: ReturnType<typeof request>) {
        this.destroy(new Error(`GET ${url}: no answer within ${ANSWER_TIMEOUT_MS} ms`));
      })
      .end();
  });
}

/** Sends one signed search API request (test/test) over a new connection and reads its JSON answer. */
export function freshCall(endpoint: string, operation: string, input: unknown): Promise<FreshAnswer> {
  const signed = signer.sign(
    searchRequest(endpoint, operation, JSON.stringify(input)),
    { key: 'test', secret: 'test' },
    { region: 'us-east-1', service: 'kendra' },
  );
  return new Promise((resolve, reject) => {
    const req = request(`${endpoint}/`, { method: 'POST', headers: signed.headers, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : undefined }));
    });
    req.on('error', reject);
    // a connection that node:cluster handed to a worker as it was killed is never answered
    req.setTimeout(ANSWER_TIMEOUT_MS, () => req.destroy(new Error(`${operation}: no answer within ${ANSWER_TIMEOUT_MS} ms`)));
    req.end(signed.body as string);
  });
}

/** Sends a request that must succeed over a new connection; returns its output. */
export async function freshOk(endpoint: string, operation: string, input: unknown): Promise<any> {
  const answer = await freshCall(endpoint, operation, input);
  if (answer.status !== 200) throw new Error(`${operation} failed with ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/**
 * Waits until `check` returns a truthy value (polling every 100 ms, at most `timeoutMs`); a
 * check that fails (a request lost with a killed worker) counts as not yet, and its error is
 * told if time runs out.
 */
export async function waitFor<T>(check: () => Promise<T | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) throw new Error(`gave up waiting after ${timeoutMs} ms${lastError ? `; last error: ${String(lastError)}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A page's answer, read whole, with the cookies it set. */
export interface FreshPage {
  status: number;
  text: string;
  cookies: Map<string, string>;
}

/**
 * Sends a page request over a new connection (a cluster hands each to its next worker), with
 * `cookies`; a `form` is posted as the page's own form is (same origin).
 */
export function freshPage(url: string, cookies: Map<string, string>, form?: Record<string, string>): Promise<FreshPage> {
  const body = form ? new URLSearchParams(form).toString() : undefined;
  const headers: Record<string, string> = { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') };
  if (body !== undefined) {
    Object.assign(headers, { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(url).origin, 'sec-fetch-site': 'same-origin' });
  }
  return new Promise((resolve, reject) => {
    const req = request(url, { method: body === undefined ? 'GET' : 'POST', headers, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => {
        const set = new Map<string, string>();
        for (const line of res.headers['set-cookie'] ?? []) {
          const [pair = ''] = line.split(';');
          set.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
        }
        resolve({ status: res.statusCode ?? 0, text, cookies: set });
      });
    });
    req.on('error', reject);
    req.setTimeout(ANSWER_TIMEOUT_MS, () => req.destroy(new Error(`${url}: no answer within ${ANSWER_TIMEOUT_MS} ms`)));
    req.end(body);
  });
}
