import { strict as assert } from 'node:assert';
import type { SearchClient } from '../../../src/lib/services/search/search-client.js';
import { activeIndex, clientDoc, errorCode, searchClient, startTestService, type TestService } from './support.js';

const allow = (Name: string, Type: 'USER' | 'GROUP' = 'GROUP') => ({ Name, Type, Access: 'ALLOW' as const });
const deny = (Name: string, Type: 'USER' | 'GROUP' = 'GROUP') => ({ Name, Type, Access: 'DENY' as const });

describe('local search service: access control configurations', function () {
  let service: TestService;
  let client: SearchClient;
  let index: string;

  const visible = async (UserContext?: { UserId?: string; Groups?: string[] }) =>
    ((await client.queryAsync({ IndexId: index, QueryText: 'quarterly', ...(UserContext ? { UserContext } : {}) })).ResultItems ?? [])
      .map((item) => item.DocumentId)
      .sort();

  before(async () => {
    service = await startTestService();
    client = searchClient(service.service.endpoint);
    index = await activeIndex(service.service.endpoint);
  });
  after(() => service.stop());

  it('creates, describes, lists, updates and deletes configurations', async () => {
    const { Id } = await client.createAccessControlConfigurationAsync({
      IndexId: index,
      Name: 'finance-only',
      Description: 'Finance staff',
      AccessControlList: [allow('finance'), deny('interns')],
      HierarchicalAccessControlList: [{ PrincipalList: [allow('staff')] }],
    });
    assert.match(Id!, /^[0-9a-f-]{36}$/);
    const { $metadata: _metadata, ...described } = await client.describeAccessControlConfigurationAsync({ IndexId: index, Id: Id! });
    assert.deepEqual(described, {
      Name: 'finance-only',
      Description: 'Finance staff',
      AccessControlList: [allow('finance'), deny('interns')],
      HierarchicalAccessControlList: [{ PrincipalList: [allow('staff')] }],
    });
    const second = await client.createAccessControlConfigurationAsync({ IndexId: index, Name: 'hr', AccessControlList: [allow('hr')] });
    const page = await client.listAccessControlConfigurationsAsync({ IndexId: index, MaxResults: 1 });
    assert.deepEqual(page.AccessControlConfigurations, [{ Id }]);
    const rest = await client.listAccessControlConfigurationsAsync({ IndexId: index, NextToken: page.NextToken! });
    assert.deepEqual(rest.AccessControlConfigurations, [{ Id: second.Id }]);
    assert.equal(rest.NextToken, undefined);

    await client.updateAccessControlConfigurationAsync({ IndexId: index, Id: second.Id!, Name: 'people', AccessControlList: [allow('people')] });
    const updated = await client.describeAccessControlConfigurationAsync({ IndexId: index, Id: second.Id! });
    assert.equal(updated.Name, 'people');
    assert.deepEqual(updated.AccessControlList, [allow('people')]);
    await client.deleteAccessControlConfigurationAsync({ IndexId: index, Id: second.Id! });
    assert.equal(await errorCode(client.describeAccessControlConfigurationAsync({ IndexId: index, Id: second.Id! })), 'ResourceNotFoundException');
    assert.equal(await errorCode(client.deleteAccessControlConfigurationAsync({ IndexId: index, Id: second.Id! })), 'ResourceNotFoundException');
  });

  it('answers the errors the model defines', async () => {
    assert.equal(await errorCode(client.createAccessControlConfigurationAsync({ IndexId: index, Name: 'empty' })), 'ValidationException');
    const missingIndex = 'f'.repeat(8) + '-0000-0000-0000-' + '0'.repeat(12);
    assert.equal(
      await errorCode(client.createAccessControlConfigurationAsync({ IndexId: missingIndex, Name: 'x', AccessControlList: [allow('a')] })),
      'ResourceNotFoundException',
    );
    assert.equal(await errorCode(client.listAccessControlConfigurationsAsync({ IndexId: missingIndex })), 'ResourceNotFoundException');
    assert.equal(await errorCode(client.updateAccessControlConfigurationAsync({ IndexId: index, Id: 'nope' })), 'ResourceNotFoundException');
    const { Id } = await client.createAccessControlConfigurationAsync({
      IndexId: index,
      Name: 'tokened',
      AccessControlList: [allow('a')],
      ClientToken: 'token-1',
    });
    const again = await client.createAccessControlConfigurationAsync({
      IndexId: index,
      Name: 'tokened',
      AccessControlList: [allow('a')],
      ClientToken: 'token-1',
    });
    assert.equal(again.Id, Id, 'a repeated ClientToken returns the first configuration');
    assert.equal(
      await errorCode(client.createAccessControlConfigurationAsync({ IndexId: index, Name: 'other', AccessControlList: [allow('a')], ClientToken: 'token-1' })),
      'ConflictException',
    );
  });

  it('applies a configuration to the documents that name it, and its updates at once', async () => {
    const { Id } = await client.createAccessControlConfigurationAsync({
      IndexId: index,
      Name: 'board',
      AccessControlList: [allow('board'), deny('mallory', 'USER')],
    });
    const put = await client.batchPutDocumentAsync({
      IndexId: index,
      Documents: [
        { ...clientDoc('board-report', 'Board report', 'quarterly board figures'), AccessControlConfigurationId: Id },
        clientDoc('press', 'Press release', 'quarterly press release'),
        { ...clientDoc('nested', 'Unknown', 'quarterly nested'), AccessControlConfigurationId: 'no-such-configuration' },
        { ...clientDoc('both', 'Both', 'quarterly both'), AccessControlConfigurationId: Id, AccessControlList: [allow('x')] },
      ],
    });
    assert.deepEqual(put.FailedDocuments!.map((failure) => [failure.Id, failure.ErrorCode]).sort(), [
      ['both', 'InvalidRequest'],
      ['nested', 'InvalidRequest'],
    ]);
    assert.match(put.FailedDocuments!.find((failure) => failure.Id === 'nested')!.ErrorMessage!, /no-such-configuration does not exist/);

    assert.deepEqual(await visible({ UserId: 'outsider' }), ['press']);
    assert.deepEqual(await visible({ UserId: 'ann', Groups: ['board'] }), ['board-report', 'press']);
    assert.deepEqual(await visible({ UserId: 'mallory', Groups: ['board'] }), ['press']);

    await client.updateAccessControlConfigurationAsync({ IndexId: index, Id: Id!, AccessControlList: [allow('auditors')] });
    assert.deepEqual(await visible({ UserId: 'ann', Groups: ['board'] }), ['press'], 'the updated list applies without putting the document again');
    assert.deepEqual(await visible({ UserId: 'zoe', Groups: ['auditors'] }), ['board-report', 'press']);
    assert.equal(
      await errorCode(client.deleteAccessControlConfigurationAsync({ IndexId: index, Id: Id! })),
      'ConflictException',
      'a configuration in use stays',
    );
    await client.batchDeleteDocumentAsync({ IndexId: index, DocumentIdList: ['board-report'] });
    await client.deleteAccessControlConfigurationAsync({ IndexId: index, Id: Id! });
  });

  it('applies hierarchical access control lists level by level', async () => {
    await client.batchPutDocumentAsync({
      IndexId: index,
      Documents: [
        {
          ...clientDoc('ledger', 'Ledger', 'quarterly ledger'),
          HierarchicalAccessControlList: [{ PrincipalList: [allow('staff')] }, { PrincipalList: [allow('finance'), deny('contractors')] }],
        },
      ],
    });
    assert.deepEqual(await visible({ UserId: 'a', Groups: ['staff', 'finance'] }), ['ledger', 'press']);
    assert.deepEqual(await visible({ UserId: 'b', Groups: ['finance'] }), ['press'], 'the top level does not allow b');
    assert.deepEqual(await visible({ UserId: 'c', Groups: ['staff', 'finance', 'contractors'] }), ['press']);
  });

  it('keeps configurations across a restart of the service', async () => {
    const dataDir = service.dataDir;
    const { Id } = await client.createAccessControlConfigurationAsync({ IndexId: index, Name: 'kept', AccessControlList: [allow('keepers')] });
    await service.service.close();
    service = await startTestService({ dataDir });
    client = searchClient(service.service.endpoint);
    assert.equal((await client.describeAccessControlConfigurationAsync({ IndexId: index, Id: Id! })).Name, 'kept');
  });
});
