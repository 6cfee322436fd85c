import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { COMMANDS } from '../../../src/commands/index.js';
import { OperationCommand } from '../../../src/lib/cli/operation-command.js';

/** The command of every operation nimbus ships: their names are fixed, since scripts use them. */
const PINNED: Record<string, string> = {
  'search index create': 'CreateIndex',
  'search index describe': 'DescribeIndex',
  'search index update': 'UpdateIndex',
  'search index delete': 'DeleteIndex',
  'search index list': 'ListIndices',
  'search data-source create': 'CreateDataSource',
  'search data-source describe': 'DescribeDataSource',
  'search data-source update': 'UpdateDataSource',
  'search data-source delete': 'DeleteDataSource',
  'search data-source list': 'ListDataSources',
  'search data-source sync start': 'StartDataSourceSyncJob',
  'search data-source sync stop': 'StopDataSourceSyncJob',
  'search data-source sync list': 'ListDataSourceSyncJobs',
  'search faq create': 'CreateFaq',
  'search faq describe': 'DescribeFaq',
  'search faq delete': 'DeleteFaq',
  'search faq list': 'ListFaqs',
  'search thesaurus create': 'CreateThesaurus',
  'search thesaurus describe': 'DescribeThesaurus',
  'search thesaurus update': 'UpdateThesaurus',
  'search thesaurus delete': 'DeleteThesaurus',
  'search thesaurus list': 'ListThesauri',
  'search document put': 'BatchPutDocument',
  'search document delete': 'BatchDeleteDocument',
  'search query': 'Query',
  'search feedback submit': 'SubmitFeedback',
  'search tag add': 'TagResource',
  'search tag remove': 'UntagResource',
  'search tag list': 'ListTagsForResource',
  'search retrieve': 'Retrieve',
  'search document status': 'BatchGetDocumentStatus',
  'search suggestion get': 'GetQuerySuggestions',
  'search suggestion clear': 'ClearQuerySuggestions',
  'search suggestion config describe': 'DescribeQuerySuggestionsConfig',
  'search suggestion config update': 'UpdateQuerySuggestionsConfig',
  'search suggestion block-list create': 'CreateQuerySuggestionsBlockList',
  'search suggestion block-list describe': 'DescribeQuerySuggestionsBlockList',
  'search suggestion block-list update': 'UpdateQuerySuggestionsBlockList',
  'search suggestion block-list delete': 'DeleteQuerySuggestionsBlockList',
  'search suggestion block-list list': 'ListQuerySuggestionsBlockLists',
  'search featured-results create': 'CreateFeaturedResultsSet',
  'search featured-results describe': 'DescribeFeaturedResultsSet',
  'search featured-results update': 'UpdateFeaturedResultsSet',
  'search featured-results delete': 'BatchDeleteFeaturedResultsSet',
  'search featured-results list': 'ListFeaturedResultsSets',
  'search analytics snapshots': 'GetSnapshots',
  'search access-control create': 'CreateAccessControlConfiguration',
  'search access-control describe': 'DescribeAccessControlConfiguration',
  'search access-control update': 'UpdateAccessControlConfiguration',
  'search access-control delete': 'DeleteAccessControlConfiguration',
  'search access-control list': 'ListAccessControlConfigurations',
  'search principal-mapping put': 'PutPrincipalMapping',
  'search principal-mapping describe': 'DescribePrincipalMapping',
  'search principal-mapping delete': 'DeletePrincipalMapping',
  'search principal-mapping list-groups': 'ListGroupsOlderThanOrderingId',
  'search experience create': 'CreateExperience',
  'search experience describe': 'DescribeExperience',
  'search experience update': 'UpdateExperience',
  'search experience delete': 'DeleteExperience',
  'search experience list': 'ListExperiences',
  'search experience entity add': 'AssociateEntitiesToExperience',
  'search experience entity remove': 'DisassociateEntitiesFromExperience',
  'search experience entity list': 'ListExperienceEntities',
  'search experience persona add': 'AssociatePersonasToEntities',
  'search experience persona remove': 'DisassociatePersonasFromEntities',
  'search experience persona list': 'ListEntityPersonas',
  'mobile project create': 'CreateProject',
  'mobile project describe': 'DescribeProject',
  'mobile project update': 'UpdateProject',
  'mobile project delete': 'DeleteProject',
  'mobile project list': 'ListProjects',
  'mobile project export': 'ExportProject',
  'mobile bundle describe': 'DescribeBundle',
  'mobile bundle list': 'ListBundles',
  'mobile bundle export': 'ExportBundle',
};

const operationCommands = Object.entries(COMMANDS).filter(([, command]) => Object.prototype.isPrototypeOf.call(OperationCommand, command)) as Array<
  [string, typeof OperationCommand]
>;

describe('cli commands', () => {
  it('the generated command files are up to date with the models', () => {
    execFileSync(process.execPath, ['scripts/gen-commands.mjs', '--check'], { stdio: 'pipe' });
  });

  it('has exactly one command per operation, by its fixed name, plus the local, configure, sso and completion commands', () => {
    const found = Object.fromEntries(operationCommands.map(([id, command]) => [id.replaceAll(':', ' '), command.operation.operation]));
    assert.deepEqual(found, PINNED);
    for (const id of [
      'local:start',
      'configure',
      'configure:list',
      'configure:get',
      'configure:set',
      'configure:export-credentials',
      'sso:login',
      'sso:logout',
      'autocomplete',
      'autocomplete:create',
      'autocomplete:script',
    ])
      assert.ok(COMMANDS[id], id);
  });

  it('every command has help: summary, description, examples, and a summary per flag', () => {
    // The autocomplete commands are @oclif/plugin-autocomplete's, with its own help.
    for (const [id, command] of Object.entries(COMMANDS).filter(([id]) => !id.startsWith('autocomplete'))) {
      assert.ok(command.summary && command.description && command.examples?.length, id);
      for (const [name, flag] of Object.entries({ ...command.flags, ...command.baseFlags }))
        assert.ok((flag as { summary?: string }).summary, `${id} --${name}`);
    }
  });

  it('list commands with page tokens take the pagination flags; creates, updates and deletes with a waiter take --wait', () => {
    const waiters = {
      search: Object.keys(JSON.parse(readFileSync('src/lib/services/search/models/2019-02-03/waiters.json', 'utf8')).waiters),
      mobile: Object.keys(JSON.parse(readFileSync('src/lib/services/mobile/models/2017-07-01/waiters.json', 'utf8')).waiters),
    };
    const paginated = operationCommands.filter(([, command]) => command.operation.paginated).map(([id]) => id);
    assert.deepEqual(paginated.sort(), [
      'mobile:bundle:list',
      'mobile:project:list',
      'search:access-control:list',
      'search:analytics:snapshots',
      'search:data-source:list',
      'search:data-source:sync:list',
      'search:experience:entity:list',
      'search:experience:list',
      'search:experience:persona:list',
      'search:faq:list',
      'search:featured-results:list',
      'search:index:list',
      'search:principal-mapping:list-groups',
      'search:suggestion:block-list:list',
      'search:thesaurus:list',
    ]);
    for (const [id, command] of operationCommands) {
      assert.equal('max-items' in command.flags!, command.operation.paginated, id);
      assert.equal('next-token' in command.flags!, false, `${id}: tokens are --starting-token`);
      if (command.operation.wait) assert.ok(waiters[command.operation.service].includes(command.operation.wait.waiter), id);
      assert.equal('wait' in command.flags!, Boolean(command.operation.wait), id);
    }
    const withWait = operationCommands.filter(([, command]) => command.operation.wait).map(([id]) => id.split(':').at(-1));
    assert.ok(withWait.every((verb) => ['create', 'update', 'delete', 'start'].includes(verb!)));
    assert.equal(withWait.length, 20);
  });

  it('search query keeps its own --page-size and has no pagination flags', () => {
    const query = COMMANDS['search:query'] as typeof OperationCommand;
    assert.equal(query.operation.members['page-size'], 'PageSize');
    assert.equal('max-items' in query.flags!, false);
  });
});
