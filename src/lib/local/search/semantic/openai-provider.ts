import { EmbeddingError, unitLength, type EmbeddingProvider } from './provider.js';

/** Passages per request. */
const BATCH = 32;
/** How long one request may take. */
const TIMEOUT_MS = 120_000;

/** The `/v1/embeddings` URL of a base URL given with or without its `/v1`. */
export function embeddingsUrl(base: string): string {
  const trimmed = base.replace(/\/+$/, '');
  return trimmed.endsWith('/v1') ? `${trimmed}/embeddings` : `${trimmed}/v1/embeddings`;
}

/**
 * An OpenAI-compatible embeddings server (`POST /v1/embeddings`, `{ model, input: [...] }` →
 * `{ data: [{ index, embedding }] }`): Ollama, vLLM, llama.cpp's server, LM Studio. The model is
 * sent when the spec names one (`openai:<base-url>#<model>`); `OPENAI_API_KEY`, when set, is
 * sent as a bearer token (and never shown).
 */
export class OpenAiProvider implements EmbeddingProvider {
  readonly identity: string;
  readonly batchSize = BATCH;
  readonly parallelism = 2;
  private readonly url: string;

  constructor(
    base: string,
    private readonly model: string | undefined,
    private readonly apiKey: string | undefined,
  ) {
    let parsed: URL;
    try {
      parsed = new URL(base);
    } catch {
      throw new EmbeddingError(
        `openai:${base} is not a URL: give --embeddings openai:<base-url>[#model], e.g. openai:http://127.0.0.1:11434/v1#all-minilm`,
        true,
      );
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new EmbeddingError(`openai:${base} must be an http or https URL`, true);
    this.url = embeddingsUrl(base);
    this.identity = `openai:${this.url}#${model ?? ''}`;
  }

  async embedPassages(texts: readonly string[]): Promise<Float32Array[]> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (this.apiKey) headers.authorization = `Bearer ${this.apiKey}`;
    let response: Response;
    try {
      response = await fetch(this.url, {
        method: 'POST',
        headers,
        body: JSON.stringify({ ...(this.model ? { model: this.model } : {}), input: texts }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new EmbeddingError(`the embeddings server ${this.url} cannot be reached: ${(error as Error).cause ?? (error as Error).message}`, false);
    }
    const text = await response.text();
    if (!response.ok) {
      const permanent = response.status === 400 || response.status === 401 || response.status === 403 || response.status === 404;
      throw new EmbeddingError(`the embeddings server ${this.url} answered ${response.status}: ${text.slice(0, 200)}`, permanent);
    }
    let data: Array<{ index?: number; embedding?: unknown }>;
    try {
      data = (JSON.parse(text) as { data: typeof data }).data;
    } catch {
      throw new EmbeddingError(`the embeddings server ${this.url} answered something that is not an embeddings response`, false);
    }
    if (!Array.isArray(data) || data.length !== texts.length)
      throw new EmbeddingError(
        `the embeddings server ${this.url} answered ${Array.isArray(data) ? data.length : 'no'} embeddings for ${texts.length} texts`,
        false,
      );
    const vectors: Float32Array[] = new Array(texts.length);
    data.forEach((entry, position) => {
      const slot = typeof entry.index === 'number' ? entry.index : position;
      if (!Array.isArray(entry.embedding) || entry.embedding.some((value) => typeof value !== 'number'))
        throw new EmbeddingError(`the embeddings server ${this.url} answered an embedding that is not a list of numbers`, false);
      vectors[slot] = unitLength(Float32Array.from(entry.embedding as number[]));
    });
    return vectors;
  }

  async embedQuery(text: string): Promise<Float32Array> {
    return (await this.embedPassages([text]))[0]!;
  }

  async close(): Promise<void> {}
}
