import { strict as assert } from 'node:assert';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SearchClient } from '../../../src/lib/services/search/search-client.js';
import { activeIndex, errorCode, searchClient, startTestService, until, type TestService } from './support.js';

const ROLE = 'arn:aws:iam::000000000000:role/search';

describe('local search service: principal mapping', function () {
  let service: TestService;
  let client: SearchClient;
  let index: string;

  const visible = async (UserContext: Record<string, unknown>) =>
    ((await client.queryAsync({ IndexId: index, QueryText: 'memo', UserContext })).ResultItems ?? []).map((item) => item.DocumentId).sort();
  const summaries = async (GroupId: string, DataSourceId?: string) =>
    (await client.describePrincipalMappingAsync({ IndexId: index, GroupId, ...(DataSourceId ? { DataSourceId } : {}) })).GroupOrderingIdSummaries ?? [];

  before(async () => {
    service = await startTestService();
    client = searchClient(service.service.endpoint);
    index = await activeIndex(service.service.endpoint);
    const doc = (Id: string, group: string, DataSourceId?: string) => ({
      Id,
      Title: Id,
      Blob: Buffer.from(`memo for ${group}`),
      ContentType: 'PLAIN_TEXT' as const,
      AccessControlList: [{ Name: group, Type: 'GROUP' as const, Access: 'ALLOW' as const, ...(DataSourceId ? { DataSourceId } : {}) }],
    });
    await client.batchPutDocumentAsync({
      IndexId: index,
      Documents: [doc('eng-memo', 'engineering'), doc('all-memo', 'everyone'), doc('ops-memo', 'operators')],
    });
  });
  let firstDataDir: string | undefined;
  after(async () => {
    await service.stop();
    if (firstDataDir) rmSync(firstDataDir, { recursive: true, force: true });
  });

  it('expands a user to the groups it belongs to, directly and through nested groups', async () => {
    assert.deepEqual(await visible({ UserId: 'ada' }), []);
    await client.putPrincipalMappingAsync({ IndexId: index, GroupId: 'backend', GroupMembers: { MemberUsers: [{ UserId: 'ada' }] } });
    await client.putPrincipalMappingAsync({ IndexId: index, GroupId: 'engineering', GroupMembers: { MemberGroups: [{ GroupId: 'backend' }] } });
    await client.putPrincipalMappingAsync({
      IndexId: index,
      GroupId: 'everyone',
      GroupMembers: { MemberGroups: [{ GroupId: 'engineering' }, { GroupId: 'sales' }] },
    });
    assert.deepEqual(await visible({ UserId: 'ada' }), ['all-memo', 'eng-memo']);
    assert.deepEqual(await visible({ UserId: 'bob', Groups: ['sales'] }), ['all-memo'], 'given groups expand too');
    const [summary] = await summaries('backend');
    assert.equal(summary!.Status, 'PROCESSING');
    assert.ok(summary!.OrderingId! > 0, 'the default ordering id is the time received');
    await until(async () => (await summaries('backend'))[0]!.Status === 'SUCCEEDED');
  });

  it('refuses an action older than the one applied, and reports it FAILED', async () => {
    await client.putPrincipalMappingAsync({ IndexId: index, GroupId: 'ordered', OrderingId: 200, GroupMembers: { MemberUsers: [{ UserId: 'new' }] } });
    await client.putPrincipalMappingAsync({ IndexId: index, GroupId: 'ordered', OrderingId: 100, GroupMembers: { MemberUsers: [{ UserId: 'old' }] } });
    await client.deletePrincipalMappingAsync({ IndexId: index, GroupId: 'ordered', OrderingId: 150 });
    const settled = await until(async () => {
      const list = await summaries('ordered');
      return list.every((item) => item.Status !== 'PROCESSING' && item.Status !== 'DELETING') && list;
    });
    assert.deepEqual(
      settled.map((item) => [item.OrderingId, item.Status]),
      [
        [200, 'SUCCEEDED'],
        [100, 'FAILED'],
        [150, 'FAILED'],
      ],
    );
    assert.match(settled[1]!.FailureReason!, /OrderingId 100 is older than 200/);
    const older = await client.listGroupsOlderThanOrderingIdAsync({ IndexId: index, OrderingId: 201 });
    assert.deepEqual(older.GroupsSummaries, [{ GroupId: 'ordered', OrderingId: 200 }]);
    await client.deletePrincipalMappingAsync({ IndexId: index, GroupId: 'ordered', OrderingId: 300 });
    assert.deepEqual((await client.listGroupsOlderThanOrderingIdAsync({ IndexId: index, OrderingId: 301 })).GroupsSummaries, []);
    assert.equal(await errorCode(client.deletePrincipalMappingAsync({ IndexId: index, GroupId: 'ordered' })), 'ResourceNotFoundException');
  });

  it('removes a deleted group from the users it expanded to', async () => {
    await client.putPrincipalMappingAsync({ IndexId: index, GroupId: 'operators', GroupMembers: { MemberUsers: [{ UserId: 'otto' }] } });
    assert.deepEqual(await visible({ UserId: 'otto' }), ['ops-memo']);
    await client.deletePrincipalMappingAsync({ IndexId: index, GroupId: 'operators' });
    assert.deepEqual(await visible({ UserId: 'otto' }), []);
    const last = (await summaries('operators')).at(-1)!;
    assert.ok(last.Status === 'DELETING' || last.Status === 'DELETED');
  });

  it('reads large groups from a members file in the local S3 directory', async () => {
    const bucket = join(service.s3Dir, 'groups');
    mkdirSync(bucket, { recursive: true });
    writeFileSync(join(bucket, 'ops.json'), JSON.stringify({ MemberUsers: [{ UserId: 'fileuser' }], MemberGroups: [{ GroupId: 'night-shift' }] }));
    writeFileSync(join(bucket, 'broken.json'), '{ not json');
    await client.putPrincipalMappingAsync({
      IndexId: index,
      GroupId: 'operators',
      RoleArn: ROLE,
      GroupMembers: { S3PathforGroupMembers: { Bucket: 'groups', Key: 'ops.json' } },
    });
    assert.deepEqual(await visible({ UserId: 'fileuser' }), ['ops-memo']);
    assert.deepEqual(await visible({ UserId: 'x', Groups: ['night-shift'] }), ['ops-memo']);
    await client.putPrincipalMappingAsync({
      IndexId: index,
      GroupId: 'broken',
      GroupMembers: { S3PathforGroupMembers: { Bucket: 'groups', Key: 'broken.json' } },
    });
    const failed = await until(async () => (await summaries('broken')).find((item) => item.Status === 'FAILED'));
    assert.match(failed.FailureReason!, /s3:\/\/groups\/broken\.json/);
  });

  it('keeps groups of a data source for that data source', async () => {
    const { Id: source } = await client.createDataSourceAsync({ IndexId: index, Name: 'wiki', Type: 'CUSTOM' });
    await until(async () => (await client.describeDataSourceAsync({ IndexId: index, Id: source! })).Status === 'ACTIVE');
    await client.batchPutDocumentAsync({
      IndexId: index,
      Documents: [
        {
          Id: 'wiki-memo',
          Blob: Buffer.from('memo of the wiki'),
          ContentType: 'PLAIN_TEXT',
          Attributes: [{ Key: '_data_source_id', Value: { StringValue: source! } }],
          AccessControlList: [{ Name: 'editors', Type: 'GROUP', Access: 'ALLOW', DataSourceId: source! }],
        },
      ],
    });
    await client.putPrincipalMappingAsync({ IndexId: index, DataSourceId: source!, GroupId: 'editors', GroupMembers: { MemberUsers: [{ UserId: 'wendy' }] } });
    assert.deepEqual(await visible({ UserId: 'wendy' }), ['wiki-memo']);
    assert.equal((await summaries('editors', source!)).length, 1);
    assert.equal(
      await errorCode(client.describePrincipalMappingAsync({ IndexId: index, GroupId: 'editors' })),
      'ResourceNotFoundException',
      'the index-wide group is another',
    );
    const older = await client.listGroupsOlderThanOrderingIdAsync({ IndexId: index, DataSourceId: source!, OrderingId: Date.now() + 60_000 });
    assert.deepEqual(
      older.GroupsSummaries!.map((group) => group.GroupId),
      ['editors'],
    );
  });

  it('keeps group memberships and their history across a restart of the service', async () => {
    const OrderingId = Date.now() + 1_000;
    await client.putPrincipalMappingAsync({ IndexId: index, GroupId: 'everyone', OrderingId, GroupMembers: { MemberUsers: [{ UserId: 'kept' }] } });
    const dataDir = service.dataDir;
    await service.service.close();
    service = await startTestService({ dataDir });
    client = searchClient(service.service.endpoint);
    assert.deepEqual(await visible({ UserId: 'kept' }), ['all-memo']);
    assert.equal((await summaries('everyone')).at(-1)!.OrderingId, OrderingId);
    firstDataDir = dataDir;
  });

  it('answers the errors the model defines', async () => {
    assert.equal(await errorCode(client.putPrincipalMappingAsync({ IndexId: index, GroupId: 'g', GroupMembers: {} })), 'ValidationException');
    assert.equal(
      await errorCode(
        client.putPrincipalMappingAsync({ IndexId: index, DataSourceId: 'missing', GroupId: 'g', GroupMembers: { MemberUsers: [{ UserId: 'u' }] } }),
      ),
      'ResourceNotFoundException',
    );
    assert.equal(await errorCode(client.describePrincipalMappingAsync({ IndexId: index, GroupId: 'never' })), 'ResourceNotFoundException');
    const missingIndex = 'f'.repeat(8) + '-0000-0000-0000-' + '0'.repeat(12);
    assert.equal(await errorCode(client.listGroupsOlderThanOrderingIdAsync({ IndexId: missingIndex, OrderingId: 1 })), 'ResourceNotFoundException');
    assert.equal(
      await errorCode(client.listGroupsOlderThanOrderingIdAsync({ IndexId: index, OrderingId: 1, NextToken: 'not-a-token' })),
      'ValidationException',
    );
  });
});
