import { resolveEndpointUrl } from '../../../config/endpoint-url.js';
import { loadProfile, resolveProfileName } from '../../../config/profile.js';
import { resolveRegion } from '../../../config/region.js';
import type { Env } from '../../../config/types.js';
import { defaultProvider } from '../../../credentials/default-provider.js';
import type { CredentialProvider } from '../../../credentials/types.js';
import { uriEncode } from '../../../signing/canonical.js';
import { SignatureV4 } from '../../../signing/sigv4.js';
import { EmbeddingError, unitLength, type EmbeddingProvider } from './provider.js';

/** Titan embeds one text per call: this many calls of a batch run at once. */
const BATCH = 8;
const TIMEOUT_MS = 60_000;

/**
 * Amazon Bedrock's InvokeModel for Titan Text Embeddings v2 (`{ inputText, normalize }` →
 * `{ embedding }`), signed with SigV4 (service `bedrock`) by nimbus's own signer with
 * credentials from the ordinary chain (environment, profile, SSO, roles, metadata…). The region
 * and endpoint follow the usual rules: `AWS_REGION`/the profile's region, and
 * `AWS_ENDPOINT_URL_BEDROCK_RUNTIME`/`AWS_ENDPOINT_URL`/the profile's `endpoint_url` or else
 * `https://bedrock-runtime.<region>.amazonaws.com`.
 */
export class BedrockProvider implements EmbeddingProvider {
  readonly identity: string;
  readonly batchSize = BATCH;
  readonly parallelism = 2;
  private readonly url: URL;
  private readonly region: string;
  private readonly credentials: CredentialProvider;
  private readonly signer = new SignatureV4();

  constructor(
    private readonly modelId: string,
    env: Env,
  ) {
    if (!modelId) throw new EmbeddingError('bedrock: needs a model id, e.g. --embeddings bedrock:amazon.titan-embed-text-v2:0', true);
    const profileName = resolveProfileName({ env });
    const profile = loadProfile(profileName, { env, explicit: false });
    const region = resolveRegion(profile, env);
    if (!region) throw new EmbeddingError('bedrock embeddings need a region: set AWS_REGION or the profile region', true);
    this.region = region;
    const endpoint = resolveEndpointUrl('Bedrock Runtime', profile, env) ?? `https://bedrock-runtime.${region}.amazonaws.com`;
    this.url = new URL(`${endpoint.replace(/\/+$/, '')}/model/${uriEncode(modelId)}/invoke`);
    this.credentials = defaultProvider({ env });
    this.identity = `bedrock:${modelId}`;
  }

  private async embedOne(text: string): Promise<Float32Array> {
    const credentials = await this.credentials();
    if (!credentials) throw new EmbeddingError('bedrock embeddings found no AWS credentials (environment, profile, SSO or role)', true);
    const body = JSON.stringify({ inputText: text, normalize: true });
    const signed = this.signer.sign(
      {
        method: 'POST',
        protocol: this.url.protocol,
        hostname: this.url.hostname,
        ...(this.url.port ? { port: Number(this.url.port) } : {}),
        path: this.url.pathname,
        query: {},
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body,
      },
      credentials,
      { region: this.region, service: 'bedrock' },
    );
    let response: Response;
    try {
      response = await fetch(this.url, { method: 'POST', headers: signed.headers, body, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (error) {
      throw new EmbeddingError(`Bedrock at ${this.url.origin} cannot be reached: ${(error as Error).cause ?? (error as Error).message}`, false);
    }
    const answer = await response.text();
    if (!response.ok) {
      const permanent = [400, 403, 404].includes(response.status);
      throw new EmbeddingError(`Bedrock InvokeModel ${this.modelId} answered ${response.status}: ${answer.slice(0, 200)}`, permanent);
    }
    const embedding = (JSON.parse(answer) as { embedding?: unknown }).embedding;
    if (!Array.isArray(embedding) || embedding.length === 0) throw new EmbeddingError(`Bedrock InvokeModel ${this.modelId} answered no embedding`, false);
    return unitLength(Float32Array.from(embedding as number[]));
  }

  embedPassages(texts: readonly string[]): Promise<Float32Array[]> {
    return Promise.all(texts.map((text) => this.embedOne(text)));
  }

  embedQuery(text: string): Promise<Float32Array> {
    return this.embedOne(text);
  }

  async close(): Promise<void> {}
}
