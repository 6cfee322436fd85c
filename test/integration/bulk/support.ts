import { createWriteStream, readFileSync } from 'node:fs';
import { once } from 'node:events';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { FailureRecord } from '../../../src/lib/bulk/types.js';
import { DATABASE_FILE } from '../../../src/lib/local/store/open-store.js';
import { RetryConfiguration } from '../../../src/lib/retry/retry-configuration.js';
import { SearchClient } from '../../../src/lib/services/search/search-client.js';

/** A search client for the local service (or a proxy in front of it), with standard retries. */
export function localClient(endpoint: string, maxAttempts = 3): SearchClient {
  return new SearchClient({
    region: 'us-east-1',
    version: '2019-02-03',
    endpoint,
    credentials: { key: 'test', secret: 'test' },
    use_aws_shared_config_files: false,
    retries: new RetryConfiguration({ mode: 'standard', max_attempts: maxAttempts }),
  });
}

/** Creates an Enterprise index (room for 100,000 documents) and waits until it is ACTIVE. */
export async function createActiveIndex(client: SearchClient): Promise<string> {
  const { Id } = await client.createIndexAsync({
    Name: 'bulk-test',
    Edition: 'ENTERPRISE_EDITION',
    RoleArn: 'arn:aws:iam::000000000000:role/search',
  });
  for (;;) {
    const { Status } = await client.describeIndexAsync({ Id: Id! });
    if (Status === 'ACTIVE') return Id!;
    if (Status === 'FAILED') throw new Error('the index failed to create');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** What a generated corpus holds. */
export interface Corpus {
  /** Ids of the documents on well-formed lines. */
  ids: string[];
  /** Ids the service rejects for good (an attribute the index does not define). */
  rejected: Set<string>;
  /** Line numbers that are not valid JSON. */
  malformedLines: number[];
}

/**
 * Writes `count` small documents as JSON Lines (plain `Text`, a title, a category), where every
 * `rejectEvery`-th document carries an undefined attribute and `malformed` lines are broken.
 */
export async function writeCorpus(path: string, count: number, options: { rejectEvery?: number; malformed?: number } = {}): Promise<Corpus> {
  const out = createWriteStream(path);
  const corpus: Corpus = { ids: [], rejected: new Set(), malformedLines: [] };
  const malformedAt = new Set(Array.from({ length: options.malformed ?? 0 }, (_, i) => Math.floor(((i + 1) * count) / ((options.malformed ?? 0) + 1))));
  let line = 0;
  const write = async (text: string) => {
    line++;
    if (!out.write(`${text}\n`)) await once(out, 'drain');
  };
  for (let i = 0; i < count; i++) {
    if (malformedAt.has(i)) {
      await write(`{"Id": "broken-${i}", "Text": `);
      corpus.malformedLines.push(line);
    }
    const id = `doc-${String(i).padStart(6, '0')}`;
    const attributes: unknown[] = [{ Key: '_category', Value: { StringValue: `cat-${i % 7}` } }];
    if (options.rejectEvery && i % options.rejectEvery === options.rejectEvery - 1) {
      attributes.push({ Key: 'colour', Value: { StringValue: 'red' } });
      corpus.rejected.add(id);
    }
    await write(
      JSON.stringify({ Id: id, Title: `Document ${i}`, Text: `Body of document ${i}: marker${i} lorem ipsum dolor sit amet.`, Attributes: attributes }),
    );
    corpus.ids.push(id);
  }
  out.end();
  await once(out, 'finish');
  return corpus;
}

/** The failures file's records. */
export function readFailures(path: string): FailureRecord[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as FailureRecord);
}

/** The ids stored in an index, read from the local service's database (read-only, beside the running service). */
export function storedIds(dataDir: string, indexId: string): Set<string> {
  const db = new Database(join(dataDir, DATABASE_FILE), { readonly: true, fileMustExist: true });
  try {
    const rows = db
      .prepare('SELECT d.doc_id FROM search_documents d JOIN search_indices i ON i.rowid = d.index_rowid WHERE i.id = ?')
      .pluck()
      .all(indexId) as string[];
    return new Set(rows);
  } finally {
    db.close();
  }
}
