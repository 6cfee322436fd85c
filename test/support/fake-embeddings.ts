import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A deterministic stand-in embedding: each lower-case word adds a pseudo-random unit direction (hashed), so shared words mean similar vectors. */
export function hashedEmbedding(text: string, dimension: number): number[] {
  const vector = new Array<number>(dimension).fill(0);
  for (const word of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
    const digest = createHash('sha256').update(word).digest();
    for (let i = 0; i < dimension; i++) vector[i]! += (digest[i % 32]! - 127.5) / 127.5 + (i >= 32 ? (digest[(i * 7) % 32]! % 3) - 1 : 0);
  }
  return vector;
}

/** A loopback OpenAI-compatible embeddings server (`POST /v1/embeddings`), for tests and the bench. */
export interface FakeEmbeddings {
  /** The base URL, e.g. `http://127.0.0.1:1234/v1`. */
  baseUrl: string;
  /** The bodies received. */
  requests: Array<{ model?: string; input: string[]; authorization?: string }>;
  /** While true, requests wait (to observe a backlog); set false to let them through. */
  hold: boolean;
  /** When set, only the requests received before this many others are answered; later ones wait until it is unset. */
  answerOnly?: number;
  close(): Promise<void>;
}

async function body(req: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of req) text += chunk;
  return text;
}

/** Starts a fake `/v1/embeddings` server giving {@link hashedEmbedding} vectors of `dimension`. */
export async function startFakeEmbeddings(dimension = 64): Promise<FakeEmbeddings> {
  const waiting: Array<() => void> = [];
  const fake: FakeEmbeddings = {
    baseUrl: '',
    requests: [],
    hold: false,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((req, res) => {
    void body(req).then(async (text) => {
      if (req.method !== 'POST' || req.url !== '/v1/embeddings') {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
        return;
      }
      const parsed = JSON.parse(text) as { model?: string; input: string | string[] };
      const input = Array.isArray(parsed.input) ? parsed.input : [parsed.input];
      const seq = fake.requests.length;
      fake.requests.push({
        ...(parsed.model ? { model: parsed.model } : {}),
        input,
        ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}),
      });
      while (fake.hold || (fake.answerOnly !== undefined && seq >= fake.answerOnly))
        await new Promise<void>((resolve) => waiting.push(resolve) && setTimeout(resolve, 20));
      const data = input.map((item, index) => ({ object: 'embedding', index, embedding: hashedEmbedding(item, dimension) }));
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ object: 'list', data, model: parsed.model ?? 'fake' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return fake;
}
