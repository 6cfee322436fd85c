import { strict as assert } from 'node:assert';
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { SearchClient } from '../../../src/lib/services/search/search-client.js';
import { clientOptions, indexPage, startScriptedServer, type ScriptedServer } from './scripted-server.js';

const run = promisify(execFile);

/** botocore ships no Kendra paginators: give it nimbus's file through AWS_DATA_PATH. */
function botocoreDataPath(): string {
  const root = mkdtempSync(join(tmpdir(), 'nimbus-botocore-'));
  mkdirSync(join(root, 'kendra', '2019-02-03'), { recursive: true });
  copyFileSync(
    new URL('../../../src/lib/services/search/models/2019-02-03/paginators.json', import.meta.url),
    join(root, 'kendra', '2019-02-03', 'paginators-1.json'),
  );
  return root;
}

/** botocore's `build_full_result()` of ListIndices against `endpoint`, as JSON ids + NextToken. */
async function botocoreFullResult(endpoint: string, config: Record<string, unknown>, dataPath: string): Promise<{ ids: string[]; next?: string }> {
  const script = `
import json, sys, botocore.session
client = botocore.session.get_session().create_client('kendra', endpoint_url=sys.argv[1], region_name='us-east-1',
    aws_access_key_id='AKID', aws_secret_access_key='SECRET')
full = client.get_paginator('list_indices').paginate(PaginationConfig=json.loads(sys.argv[2])).build_full_result()
print(json.dumps({'ids': [i['Id'] for i in full.get('IndexConfigurationSummaryItems', [])], 'next': full.get('NextToken')}))`;
  const { stdout } = await run('python3', ['-c', script, endpoint, JSON.stringify(config)], {
    env: { ...process.env, AWS_DATA_PATH: dataPath, AWS_CONFIG_FILE: '/dev/null', AWS_SHARED_CREDENTIALS_FILE: '/dev/null' },
  });
  const parsed = JSON.parse(stdout) as { ids: string[]; next: string | null };
  return { ids: parsed.ids, ...(parsed.next === null ? {} : { next: parsed.next }) };
}

describe('paginators match botocore', () => {
  let server: ScriptedServer;
  let dataPath: string;
  before(async () => {
    dataPath = botocoreDataPath();
    server = await startScriptedServer({
      ListIndices: [indexPage(['a', 'b', 'c'], 't1'), indexPage(['d', 'e', 'f'], 't2', 't1'), indexPage(['g'], undefined, 't2')],
    });
  });
  after(async () => {
    rmSync(dataPath, { recursive: true, force: true });
    await server.close();
  });

  it('gives the same items and resume tokens for MaxItems and StartingToken walks', async function () {
    this.timeout(30_000);
    const client = new SearchClient(clientOptions(server.endpoint));
    const first = await botocoreFullResult(server.endpoint, { MaxItems: 4 }, dataPath);
    const ours = await client.getPaginator('ListIndices', { PaginationConfig: { MaxItems: 4 } }).buildFullResult();
    assert.deepEqual({ ids: (ours.IndexConfigurationSummaryItems as Array<{ Id: string }>).map((i) => i.Id), next: ours.NextToken }, first);
    assert.deepEqual(first.ids, ['a', 'b', 'c', 'd']);

    const config = { StartingToken: first.next, MaxItems: 2 };
    const second = await botocoreFullResult(server.endpoint, config, dataPath);
    const oursSecond = await client.getPaginator('ListIndices', { PaginationConfig: config }).buildFullResult();
    assert.deepEqual({ ids: (oursSecond.IndexConfigurationSummaryItems as Array<{ Id: string }>).map((i) => i.Id), next: oursSecond.NextToken }, second);
    assert.deepEqual(second.ids, ['e', 'f']);
  });
});
