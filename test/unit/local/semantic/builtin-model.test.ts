import { strict as assert } from 'node:assert';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BuiltinProvider } from '../../../../src/lib/local/search/semantic/builtin-provider.js';

const reference = JSON.parse(readFileSync(new URL('./minilm-reference.json', import.meta.url), 'utf8')) as { texts: string[]; vectors: number[][] };

function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return dot / Math.sqrt(na * nb);
}

describe('built-in embedding model (all-MiniLM-L6-v2 on onnxruntime-node, graph built from the shipped weights)', function () {
  this.timeout(60_000);
  const cacheDir = mkdtempSync(join(tmpdir(), 'nimbus-model-'));
  // a graph of an earlier builder, which the new one replaces
  writeFileSync(join(cacheDir, 'all-MiniLM-L6-v2-6638f625a0a60bda-g1.onnx'), 'old graph');
  const provider = new BuiltinProvider({ cacheDir, threads: 1 });
  after(async () => {
    await provider.close();
    rmSync(cacheDir, { recursive: true, force: true });
  });

  it('gives the vectors of the reference engine (@lat.md/embed, WASM) for texts with accents, punctuation and rare words: cosine ≥ 0.9999', async () => {
    const batch = await provider.embedPassages(reference.texts);
    for (const [i, vector] of batch.entries()) {
      assert.equal(vector.length, 384);
      assert.ok(cosine(vector, reference.vectors[i]!) >= 0.9999, `text ${i}: cosine ${cosine(vector, reference.vectors[i]!)}`);
    }
    const query = await provider.embedQuery(reference.texts[1]!);
    assert.ok(cosine(query, reference.vectors[1]!) >= 0.9999);
    assert.deepEqual(
      readdirSync(cacheDir),
      ['all-MiniLM-L6-v2-6638f625a0a60bda-g2.onnx'],
      'the graph built once, kept for the next start; the earlier one removed',
    );
  });

  it('puts a paraphrase nearer to its answer than to an unrelated sentence', async () => {
    const [answer, question, unrelated] = await provider.embedPassages([reference.texts[0]!, reference.texts[1]!, reference.texts[4]!]);
    assert.ok(cosine(answer!, question!) > cosine(unrelated!, question!) + 0.2);
  });
});
