import { strict as assert } from 'node:assert';
import { SearchClient } from '../../../src/lib/services/search/search-client.js';
import { InvalidArgumentException } from '../../../src/lib/errors/invalid-argument-exception.js';
import { PaginationError } from '../../../src/lib/errors/pagination-error.js';
import { decodeToken, encodeToken } from '../../../src/lib/client/pagination-token.js';
import { clientOptions, indexPage, startScriptedServer, type Script, type ScriptedServer } from './scripted-server.js';

/** Ids of the primary result key of each page. */
function ids(pages: Array<Record<string, unknown>>): string[][] {
  return pages.map((page) => (page.IndexConfigurationSummaryItems as Array<{ Id: string }>).map((item) => item.Id));
}

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

describe('paginators (token)', () => {
  let server: ScriptedServer;
  let client: SearchClient;
  const start = async (script: Script): Promise<void> => {
    server = await startScriptedServer(script);
    client = new SearchClient(clientOptions(server.endpoint));
  };
  afterEach(async () => server?.close());

  const threePages: Script = { ListIndices: [indexPage(['a', 'b', 'c'], 't1'), indexPage(['d', 'e', 'f'], 't2', 't1'), indexPage(['g'], undefined, 't2')] };

  it('walks a multi-page listing to the end, sending each token once', async () => {
    await start(threePages);
    const pages = await collect(client.getPaginator('ListIndices', { MaxResults: 3 }));
    assert.deepEqual(ids(pages), [['a', 'b', 'c'], ['d', 'e', 'f'], ['g']]);
    assert.deepEqual(
      server.requests.map((r) => r.input),
      [{ MaxResults: 3 }, { MaxResults: 3, NextToken: 't1' }, { MaxResults: 3, NextToken: 't2' }],
    );
    const first = pages[0] as unknown as { IndexConfigurationSummaryItems: Array<{ CreatedAt: unknown }>; $metadata: { requestId: string } };
    assert.ok(first.IndexConfigurationSummaryItems[0].CreatedAt instanceof Date);
    assert.equal(first.$metadata.requestId, 'req-1');
  });

  it('iterates the items across pages, by either spelling of the name', async () => {
    await start(threePages);
    const items = (await collect(client.getIterator('listIndices'))) as Array<{ Id: string }>;
    assert.deepEqual(
      items.map((item) => item.Id),
      ['a', 'b', 'c', 'd', 'e', 'f', 'g'],
    );
  });

  it('stops with a PaginationError when the service repeats a token', async () => {
    await start({ ListIndices: [{ body: { IndexConfigurationSummaryItems: [], NextToken: 'same' } }] });
    const seen: unknown[] = [];
    await assert.rejects(
      async () => {
        for await (const page of client.getPaginator('ListIndices')) seen.push(page);
      },
      (error: unknown) => error instanceof PaginationError && /same NextToken twice \("same"\)/.test(error.message) && error.operation === 'ListIndices',
    );
    assert.equal(seen.length, 2);
    assert.equal(server.requests.length, 2);
  });

  it('cuts a page at MaxItems and resumes from the resume token in the middle of that page', async () => {
    await start(threePages);
    const paginator = client.getPaginator('ListIndices', { PaginationConfig: { MaxItems: 4 } });
    assert.deepEqual(ids(await collect(paginator)), [['a', 'b', 'c'], ['d']]);
    assert.ok(paginator.resumeToken);
    assert.deepEqual(JSON.parse(Buffer.from(paginator.resumeToken, 'base64').toString()), { NextToken: 't1', boto_truncate_amount: 1 });

    const rest = client.getPaginator('ListIndices', { PaginationConfig: { StartingToken: paginator.resumeToken } });
    assert.deepEqual(ids(await collect(rest)), [['e', 'f'], ['g']]);
    assert.equal(rest.resumeToken, undefined);
    assert.equal(server.requests[2].input.NextToken, 't1');
  });

  it('gives a page-boundary resume token (the next service token) when MaxItems ends on a page', async () => {
    await start(threePages);
    const paginator = client.getPaginator('ListIndices', { PaginationConfig: { MaxItems: 3 } });
    assert.deepEqual(ids(await collect(paginator)), [['a', 'b', 'c']]);
    assert.equal(paginator.resumeToken, encodeToken({ NextToken: 't1' }));
    assert.equal(server.requests.length, 1);
  });

  it('merges pages into a full result with NextToken, and accepts a raw service token as StartingToken', async () => {
    await start(threePages);
    const full = await client.getPaginator('ListIndices', { PaginationConfig: { MaxItems: 5 } }).buildFullResult();
    assert.deepEqual(
      (full.IndexConfigurationSummaryItems as Array<{ Id: string }>).map((i) => i.Id),
      ['a', 'b', 'c', 'd', 'e'],
    );
    assert.deepEqual(decodeToken(full.NextToken as string, ['NextToken']), { tokens: { NextToken: 't1' }, skip: 2 });
    const fromRaw = await collect(client.getPaginator('ListIndices', { PaginationConfig: { StartingToken: 't2' } }));
    assert.deepEqual(ids(fromRaw), [['g']]);
  });

  it('sends PageSize as the limit key and rejects bad pagination options', async () => {
    await start(threePages);
    await collect(client.getPaginator('ListIndices', { PaginationConfig: { PageSize: 3 } }));
    assert.equal(server.requests[0].input.MaxResults, 3);
    assert.throws(
      () => client.getPaginator('ListIndices', { PaginationConfig: { MaxItem: 3 } }),
      (e: unknown) => e instanceof InvalidArgumentException && /unknown key "MaxItem"/.test(e.message),
    );
    assert.throws(() => client.getPaginator('ListIndices', { PaginationConfig: { MaxItems: 0 } }), /MaxItems must be a positive integer/);
    assert.throws(() => client.getPaginator('ListExperienceEntities', { PaginationConfig: { PageSize: 3 } }), /PageSize is not supported/);
  });

  it('names the paginated operations for an unknown paginator and exposes each definition', async () => {
    await start(threePages);
    assert.throws(
      () => client.getPaginator('CreateIndex'),
      (e: unknown) => e instanceof InvalidArgumentException && /no paginator for "CreateIndex"; paginated operations: .*ListIndices/.test(e.message),
    );
    assert.equal(client.getPaginatorConfig('CreateIndex'), undefined);
    assert.deepEqual(client.getPaginatorConfig('listIndices'), {
      operation: 'ListIndices',
      inputTokens: ['NextToken'],
      outputTokens: ['NextToken'],
      moreResults: undefined,
      limitKey: 'MaxResults',
      resultKeys: ['IndexConfigurationSummaryItems'],
      nonAggregateKeys: [],
      pageNumberParam: undefined,
      totalKey: undefined,
    });
  });
});

describe('paginators (Query page numbers)', () => {
  let server: ScriptedServer;
  let client: SearchClient;
  const items = (n: number, from = 0): unknown[] => Array.from({ length: n }, (_, i) => ({ Id: `r${from + i}` }));
  const page = (n: number, from: number, total?: number) => ({
    when: { PageNumber: from === 0 ? undefined : from / n + 1 },
    body: { QueryId: 'q', ResultItems: items(n, from), ...(total === undefined ? {} : { TotalNumberOfResults: total }) },
  });
  const start = async (script: Script): Promise<void> => {
    server = await startScriptedServer(script);
    client = new SearchClient(clientOptions(server.endpoint));
  };
  afterEach(async () => server?.close());
  const pageNumbers = (): unknown[] => server.requests.map((r) => r.input.PageNumber);

  it('asks page after page until a short page', async () => {
    await start({ Query: [page(2, 0, 5), page(2, 2, 5), page(1, 4, 5)] });
    const results = (await collect(client.getIterator('Query', { IndexId: 'i'.repeat(36), QueryText: 'x', PageSize: 2 }))) as Array<{ Id: string }>;
    assert.deepEqual(
      results.map((r) => r.Id),
      ['r0', 'r1', 'r2', 'r3', 'r4'],
    );
    assert.deepEqual(pageNumbers(), [undefined, 2, 3]);
  });

  it('stops when PageNumber × PageSize reaches the total', async () => {
    await start({ Query: [page(2, 0, 4), page(2, 2, 4), page(2, 4, 4)] });
    const pages = await collect(client.getPaginator('query', { IndexId: 'i'.repeat(36), QueryText: 'x', PaginationConfig: { PageSize: 2 } }));
    assert.equal(pages.length, 2);
    assert.deepEqual(pageNumbers(), [undefined, 2]);
    assert.equal(server.requests[0].input.PageSize, 2);
  });

  it('stops at an empty page when there is no total, inferring the page size from the first page', async () => {
    await start({ Query: [page(3, 0), page(3, 3), { when: { PageNumber: 3 }, body: { ResultItems: [] } }] });
    const pages = await collect(client.getPaginator('Query', { IndexId: 'i'.repeat(36), QueryText: 'x' }));
    assert.equal(pages.length, 3);
    assert.deepEqual(pageNumbers(), [undefined, 2, 3]);
  });

  it('resumes from a MaxItems token at the right page and item', async () => {
    await start({ Query: [page(2, 0, 6), page(2, 2, 6), page(2, 4, 6)] });
    const args = { IndexId: 'i'.repeat(36), QueryText: 'x', PageSize: 2 };
    const first = client.getPaginator('Query', { ...args, PaginationConfig: { MaxItems: 3 } });
    assert.equal((await collect(first.search('ResultItems[].Id'))).join(), 'r0,r1,r2');
    assert.deepEqual(decodeToken(first.resumeToken!, ['PageNumber']), { tokens: { PageNumber: 2 }, skip: 1 });
    const rest = client.getPaginator('Query', { ...args, PaginationConfig: { StartingToken: first.resumeToken } });
    assert.equal((await collect(rest.search('ResultItems[].Id'))).join(), 'r3,r4,r5');
    assert.deepEqual(pageNumbers(), [undefined, 2, 2, 3]);
  });
});
