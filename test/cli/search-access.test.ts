import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { json, requireBuild, type CliResult } from './helpers/cli.js';
import { startTestService, type TestService } from './helpers/service.js';

const ROLE = 'arn:aws:iam::000000000000:role/search';
const USER = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const GROUP = '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e';

/** The ids of the documents a query as `user` (in no group) finds. */
function seen(result: CliResult): string[] {
  return (json(result).ResultItems as Array<{ DocumentId: string }>).map((item) => item.DocumentId).sort();
}

/**
 * Who sees what and who uses what: access control configurations, principal mappings and
 * search experiences with their users, groups and personas, through the built binary.
 */
describe('nimbus search access-control, principal-mapping and experience', function () {
  this.timeout(120_000);
  let t: TestService;
  let indexId: string;
  const search = (...args: string[]) => t.run(['search', ...args, '--index-id', indexId]);
  const queryAs = (user: string) => search('query', '--query-text', 'roadmap', '--user-context', `UserId=${user}`);

  before(async () => {
    requireBuild();
    t = await startTestService();
    indexId = json(await t.run(['search', 'index', 'create', '--name', 'access', '--role-arn', ROLE, '--wait'])).Id;
  });
  after(() => t?.close());

  it('access-control create, describe, list, update and delete; documents follow the configuration', async () => {
    const created = json(
      await search(
        'access-control',
        'create',
        '--name',
        'engineering',
        '--description',
        'engineers only',
        '--access-control-list',
        'Name=engineering,Type=GROUP,Access=ALLOW',
      ),
    );
    const configId: string = created.Id;
    const described = json(await search('access-control', 'describe', '--id', configId));
    assert.equal(described.Name, 'engineering');
    assert.equal(described.Description, 'engineers only');
    assert.deepEqual(described.AccessControlList, [{ Name: 'engineering', Type: 'GROUP', Access: 'ALLOW' }]);
    assert.deepEqual(json(await search('access-control', 'list')).AccessControlConfigurations, [{ Id: configId }]);

    const documents = join(t.dir, 'restricted.json');
    writeFileSync(
      documents,
      JSON.stringify([
        {
          Id: 'roadmap',
          Title: 'Roadmap',
          Blob: Buffer.from('The roadmap for next year.').toString('base64'),
          ContentType: 'PLAIN_TEXT',
          AccessControlConfigurationId: configId,
        },
      ]),
    );
    assert.deepEqual(json(await search('document', 'put', '--documents', `file://${documents}`)).FailedDocuments, []);
    assert.deepEqual(seen(await queryAs('ana')), []);

    json(
      await search(
        'access-control',
        'update',
        '--id',
        configId,
        '--access-control-list',
        'Name=engineering,Type=GROUP,Access=ALLOW',
        'Name=ana,Type=USER,Access=ALLOW',
      ),
    );
    assert.equal(json(await search('access-control', 'describe', '--id', configId)).AccessControlList.length, 2);
    assert.deepEqual(seen(await queryAs('ana')), ['roadmap'], 'the update applies without putting the document again');

    const inUse = await search('access-control', 'delete', '--id', configId);
    assert.equal(inUse.code, 254);
    assert.match(inUse.stderr, /ConflictException/);
    json(await search('document', 'delete', '--document-id-list', 'roadmap'));
    const deleted = await search('access-control', 'delete', '--id', configId);
    assert.equal(deleted.code, 0, deleted.stderr);
    assert.deepEqual(json(await search('access-control', 'list')).AccessControlConfigurations, []);
  });

  it('principal-mapping put, describe, list-groups and delete', async () => {
    const documents = join(t.dir, 'team.json');
    writeFileSync(
      documents,
      JSON.stringify([
        {
          Id: 'plan',
          Title: 'Plan',
          Blob: Buffer.from('The roadmap of the platform team.').toString('base64'),
          ContentType: 'PLAIN_TEXT',
          AccessControlList: [{ Name: 'platform', Type: 'GROUP', Access: 'ALLOW' }],
        },
      ]),
    );
    assert.deepEqual(json(await search('document', 'put', '--documents', `file://${documents}`)).FailedDocuments, []);
    assert.deepEqual(seen(await queryAs('ben')), []);

    const put = await search(
      'principal-mapping',
      'put',
      '--group-id',
      'platform',
      '--group-members',
      '{"MemberUsers":[{"UserId":"ben"}]}',
      '--ordering-id',
      '100',
    );
    assert.equal(put.code, 0, put.stderr);
    assert.deepEqual(seen(await queryAs('ben')), ['plan'], "ben sees the group's document through the mapping");
    const described = json(await search('principal-mapping', 'describe', '--group-id', 'platform'));
    assert.equal(described.GroupId, 'platform');
    assert.deepEqual(
      described.GroupOrderingIdSummaries.map((entry: { Status: string; OrderingId: number }) => [entry.Status, entry.OrderingId]),
      [['SUCCEEDED', 100]],
    );

    const older = json(await search('principal-mapping', 'list-groups', '--ordering-id', '200'));
    assert.deepEqual(
      older.GroupsSummaries.map((group: { GroupId: string }) => group.GroupId),
      ['platform'],
    );
    assert.deepEqual(json(await search('principal-mapping', 'list-groups', '--ordering-id', '50')).GroupsSummaries, []);

    const deleted = await search('principal-mapping', 'delete', '--group-id', 'platform', '--ordering-id', '300');
    assert.equal(deleted.code, 0, deleted.stderr);
    assert.deepEqual(seen(await queryAs('ben')), []);
  });

  it('experience create, describe, list, update, entity add/list/remove, persona add/list/remove, delete', async () => {
    const created = json(
      await search(
        'experience',
        'create',
        '--name',
        'portal',
        '--role-arn',
        ROLE,
        '--configuration',
        '{"ContentSourceConfiguration":{"DirectPutContent":true}}',
        '--wait',
      ),
    );
    const experience = (...args: string[]) => search('experience', ...args, '--id', created.Id);
    const described = json(await experience('describe'));
    assert.equal(described.Name, 'portal');
    assert.equal(described.Status, 'ACTIVE');
    assert.equal(described.Configuration.ContentSourceConfiguration.DirectPutContent, true);
    assert.deepEqual(
      json(await search('experience', 'list')).SummaryItems.map((item: { Id: string }) => item.Id),
      [created.Id],
    );
    const updated = await experience('update', '--name', 'intranet', '--wait');
    assert.equal(updated.code, 0, updated.stderr);
    assert.equal(json(await experience('describe')).Name, 'intranet');

    assert.deepEqual(
      json(await experience('entity', 'add', '--entity-list', `EntityId=${USER},EntityType=USER`, `EntityId=${GROUP},EntityType=GROUP`)).FailedEntityList,
      [],
    );
    const entities = json(await experience('entity', 'list')).SummaryItems.map((item: { EntityId: string; EntityType: string }) => [
      item.EntityId,
      item.EntityType,
    ]);
    assert.deepEqual(
      entities.sort(),
      [
        [USER, 'USER'],
        [GROUP, 'GROUP'],
      ].sort(),
    );
    const pageSize = await experience('entity', 'list', '--page-size', '1');
    assert.equal(pageSize.code, 252, 'the operation has no page size: refused, not ignored');
    assert.match(pageSize.stderr, /PageSize is not supported/);

    assert.deepEqual(json(await experience('persona', 'add', '--personas', `EntityId=${USER},Persona=OWNER`)).FailedEntityList, []);
    const personas = json(await experience('persona', 'list')).SummaryItems.map((item: { EntityId: string; Persona: string }) => [item.EntityId, item.Persona]);
    assert.deepEqual(personas, [[USER, 'OWNER']]);
    assert.deepEqual(json(await experience('persona', 'remove', '--entity-ids', USER)).FailedEntityList, []);
    assert.deepEqual(json(await experience('persona', 'list')).SummaryItems, []);

    assert.deepEqual(json(await experience('entity', 'remove', '--entity-list', `EntityId=${GROUP},EntityType=GROUP`)).FailedEntityList, []);
    assert.deepEqual(
      json(await experience('entity', 'list')).SummaryItems.map((item: { EntityId: string }) => item.EntityId),
      [USER],
    );
    const missing = json(await experience('entity', 'remove', '--entity-list', `EntityId=${GROUP},EntityType=GROUP`));
    assert.equal(missing.FailedEntityList[0].EntityId, GROUP);

    const deleted = await experience('delete', '--wait');
    assert.equal(deleted.code, 0, deleted.stderr);
    const gone = await experience('describe');
    assert.equal(gone.code, 254);
    assert.match(gone.stderr, /ResourceNotFoundException/);
  });
});
