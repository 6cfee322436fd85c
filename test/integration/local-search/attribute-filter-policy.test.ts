import { strict as assert } from 'node:assert';
import type { SearchClient } from '../../../src/lib/services/search/search-client.js';
import type { AttributeFilter, UserContext } from '../../../src/lib/services/search/types.js';
import { activeIndex, clientDoc, searchClient, serviceError, startTestService, type TestService } from './support.js';

// Kendra, CreateIndex UserContextPolicy: https://docs.aws.amazon.com/kendra/latest/APIReference/API_CreateIndex.html
// ("ATTRIBUTE_FILTER: All indexed content is searchable and displayable for all users. If you want to filter search
// results on user context, you can use the attribute filters of _user_id and _group_ids or you can provide user and
// group information in UserContext."), and "Filtering on user context", Filtering by user attribute:
// https://docs.aws.amazon.com/kendra/latest/dg/user-context-filter.html ("If no user and group information is included
// in the query, Amazon Kendra returns all documents. If you provide user and group information, only documents with
// matching attributes are returned. Documents without attributes are not returned." and "If a user or group is added
// to the deny list, the document is filtered out of any query that contains the user or group.")

const allow = (Name: string, Type: 'USER' | 'GROUP' = 'GROUP') => ({ Name, Type, Access: 'ALLOW' as const });
const deny = (Name: string, Type: 'USER' | 'GROUP' = 'GROUP') => ({ Name, Type, Access: 'DENY' as const });
const user = (StringValue: string): AttributeFilter => ({ EqualsTo: { Key: '_user_id', Value: { StringValue } } });
const groups = (StringListValue: string[], operator: 'ContainsAny' | 'ContainsAll' | 'EqualsTo' = 'ContainsAny'): AttributeFilter => ({
  [operator]: { Key: '_group_ids', Value: { StringListValue } },
});

describe('local search service: ATTRIBUTE_FILTER indexes and the _user_id and _group_ids filters', function () {
  let service: TestService;
  let client: SearchClient;
  let index: string;

  const found = async (input: { AttributeFilter?: AttributeFilter; UserContext?: UserContext } = {}) =>
    ((await client.queryAsync({ IndexId: index, QueryText: 'atlas', ...input })).ResultItems ?? []).map((item) => item.DocumentId).sort();

  before(async () => {
    service = await startTestService();
    client = searchClient(service.service.endpoint);
    index = await activeIndex(service.service.endpoint, { UserContextPolicy: 'ATTRIBUTE_FILTER' });
    const { Id: auditors } = await client.createAccessControlConfigurationAsync({ IndexId: index, Name: 'audit', AccessControlList: [allow('auditors')] });
    const put = await client.batchPutDocumentAsync({
      IndexId: index,
      Documents: [
        clientDoc('public', 'Public', 'the public atlas'),
        { ...clientDoc('crew', 'Crew', 'the crew atlas'), AccessControlList: [allow('crew'), deny('mallory', 'USER')] },
        { ...clientDoc('ada', 'Ada', 'the atlas of ada'), AccessControlList: [allow('ada', 'USER')] },
        { ...clientDoc('audit', 'Audit', 'the audit atlas'), AccessControlConfigurationId: auditors },
        {
          ...clientDoc('ledger', 'Ledger', 'the ledger atlas'),
          HierarchicalAccessControlList: [{ PrincipalList: [allow('staff')] }, { PrincipalList: [allow('finance'), deny('contractors')] }],
        },
      ],
    });
    assert.deepEqual(put.FailedDocuments, []);
    // bob is in engineers, which is in crew; mallory is in crew but denied by name
    await client.putPrincipalMappingAsync({ IndexId: index, GroupId: 'engineers', GroupMembers: { MemberUsers: [{ UserId: 'bob' }] } });
    await client.putPrincipalMappingAsync({
      IndexId: index,
      GroupId: 'crew',
      GroupMembers: { MemberGroups: [{ GroupId: 'engineers' }], MemberUsers: [{ UserId: 'mallory' }] },
    });
  });
  after(() => service.stop());

  it('shows every document to a query without user context', async () => {
    assert.deepEqual(await found(), ['ada', 'audit', 'crew', 'ledger', 'public']);
    const retrieved = await client.retrieveAsync({ IndexId: index, QueryText: 'atlas' });
    assert.deepEqual([...new Set(retrieved.ResultItems!.map((item) => item.DocumentId))].sort(), ['ada', 'audit', 'crew', 'ledger', 'public']);
  });

  it('keeps filtering a query that gives user context', async () => {
    assert.deepEqual(await found({ UserContext: { UserId: 'ada' } }), ['ada', 'public']);
    assert.deepEqual(await found({ UserContext: { UserId: 'bob' } }), ['crew', 'public'], 'bob is in crew through nested groups');
    assert.deepEqual(await found({ UserContext: { UserId: 'mallory' } }), ['public']);
  });

  it('filters on _user_id with the documents that allow the user, principal mappings applied and DENY winning', async () => {
    assert.deepEqual(await found({ AttributeFilter: user('ada') }), ['ada'], 'a public document has no principals to match');
    assert.deepEqual(await found({ AttributeFilter: user('bob') }), ['crew']);
    assert.deepEqual(await found({ AttributeFilter: user('mallory') }), [], 'mallory is in crew, but the crew document denies her');
    assert.deepEqual(await found({ AttributeFilter: user('nobody') }), []);
    assert.deepEqual(await found({ AttributeFilter: { ContainsAny: { Key: '_user_id', Value: { StringListValue: ['ada', 'bob'] } } } }), ['ada', 'crew']);
  });

  it('filters on _group_ids with the documents that allow the groups, nested groups and configurations included', async () => {
    assert.deepEqual(await found({ AttributeFilter: groups(['crew']) }), ['crew']);
    assert.deepEqual(await found({ AttributeFilter: groups(['engineers']) }), ['crew'], 'engineers is nested in crew');
    assert.deepEqual(await found({ AttributeFilter: groups(['auditors']) }), ['audit'], 'the access control configuration applies');
    assert.deepEqual(await found({ AttributeFilter: groups(['staff', 'finance']) }), ['ledger'], 'the groups together pass every level');
    assert.deepEqual(await found({ AttributeFilter: groups(['staff']) }), []);
    assert.deepEqual(await found({ AttributeFilter: groups(['staff', 'finance', 'contractors']) }), [], 'a denied group hides the document');
    assert.deepEqual(await found({ AttributeFilter: groups(['staff', 'finance'], 'EqualsTo') }), ['ledger']);
    assert.deepEqual(await found({ AttributeFilter: groups(['crew', 'auditors'], 'ContainsAll') }), []);
    assert.deepEqual(await found({ AttributeFilter: groups(['crew', 'engineers'], 'ContainsAll') }), ['crew']);
  });

  it('combines the filters as the documentation shows, and with the other operators', async () => {
    assert.deepEqual(await found({ AttributeFilter: { OrAllFilters: [user('ada'), groups(['auditors'])] } }), ['ada', 'audit']);
    assert.deepEqual(await found({ AttributeFilter: { NotFilter: user('ada') } }), ['audit', 'crew', 'ledger', 'public']);
    assert.deepEqual(await found({ AttributeFilter: { OrAllFilters: [user('bob'), groups(['auditors'])] }, UserContext: { UserId: 'bob' } }), ['crew']);
  });

  it('refuses the operators these attributes do not take', async () => {
    const error = await serviceError(
      client.queryAsync({ IndexId: index, QueryText: 'atlas', AttributeFilter: { GreaterThan: { Key: '_user_id', Value: { StringValue: 'a' } } } }),
    );
    assert.equal(error.code, 'ValidationException');
    assert.match(error.message, /_user_id takes the filters EqualsTo, ContainsAny and ContainsAll, not GreaterThan/);
    const mistyped = await serviceError(
      client.queryAsync({ IndexId: index, QueryText: 'atlas', AttributeFilter: { EqualsTo: { Key: '_group_ids', Value: { StringValue: 'crew' } } } }),
    );
    assert.match(mistyped.message, /EqualsTo compares _group_ids with a STRING_LIST_VALUE, not a STRING_VALUE/);
    const inherited = await serviceError(
      client.queryAsync({ IndexId: index, QueryText: 'atlas', AttributeFilter: { EqualsTo: { Key: 'constructor', Value: { StringValue: 'x' } } } }),
    );
    assert.match(inherited.message, /names constructor, which is not a field of the index/);
  });

  it('treats an index without a UserContextPolicy as ATTRIBUTE_FILTER, and USER_TOKEN indexes still need a token', async () => {
    const plain = await activeIndex(service.service.endpoint, { Name: 'plain' });
    await client.batchPutDocumentAsync({ IndexId: plain, Documents: [{ ...clientDoc('kept', 'Kept', 'the kept atlas'), AccessControlList: [allow('crew')] }] });
    assert.deepEqual(
      (await client.queryAsync({ IndexId: plain, QueryText: 'atlas' })).ResultItems!.map((item) => item.DocumentId),
      ['kept'],
    );
    const tokened = await activeIndex(service.service.endpoint, {
      Name: 'tokened',
      UserContextPolicy: 'USER_TOKEN',
      UserTokenConfigurations: [{ JsonTokenTypeConfiguration: { UserNameAttributeField: 'user', GroupAttributeField: 'groups' } }],
    });
    const error = await serviceError(client.queryAsync({ IndexId: tokened, QueryText: 'atlas', AttributeFilter: user('ada') }));
    assert.match(error.message, /needs UserContext\.Token/);
  });
});
