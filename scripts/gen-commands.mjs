#!/usr/bin/env node
// Writes src/commands/<service>/<noun>/<verb>.ts: one thin oclif command per operation, its
// flags declared literally from the operation's input members in the service model (names in
// kebab-case as the AWS CLI spells them, types, enum choices, structure syntax), plus the help
// text below. Run `node scripts/gen-commands.mjs` after a model change and commit the output;
// `--check` exits 1 when a command file differs from what the script would write.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const MODELS = {
  search: 'src/lib/services/search/models/2019-02-03',
  mobile: 'src/lib/services/mobile/models/2017-07-01',
};

/** Flag names of every command (global flags, help): a member that would collide is prefixed. */
const GLOBAL_NAMES = [
  'region', 'profile', 'endpoint-url', 'api-version', 'output', 'query', 'debug', 'stats', 'no-verify-ssl',
  'ca-bundle', 'retry-mode', 'max-attempts', 'cli-input-json', 'generate-cli-skeleton', 'no-input', 'color',
  'local', 'help',
];
/** Flag names of paginated commands only (search query's own --page-size stays its own). */
const PAGINATION_NAMES = ['no-paginate', 'max-items', 'starting-token', 'page-size'];

const IDX = '6f0a1d2e-3b4c-4d5e-8f90-a1b2c3d4e5f6';
const DS = '0b1c2d3e-4f50-4a6b-9c7d-8e9fa0b1c2d3';
const ROLE = 'arn:aws:iam::000000000000:role/search-role';
/** Where the local service reads S3 objects from, for the commands that read them. */
const S3_LOCAL = 'With --local (or against "nimbus local start"), S3 is a directory: s3://BUCKET/KEY is the file ~/.nimbus/local/s3/BUCKET/KEY (local start --s3-dir changes the directory).';

/** The flags of the bulk forms of `search document put` and `delete`. */
const BULK_FLAGS = {
  concurrency: {
    type: 'integer', min: 1, max: 64, helpValue: '<n>', helpGroup: 'BULK',
    summary: 'Calls in flight at once in a bulk run (default 8).',
  },
  failures: {
    type: 'string', helpValue: '<file>', helpGroup: 'BULK',
    summary: 'Write every document of a bulk run that failed to this file, as JSON Lines: id, code, message, and its line or path.',
  },
  'max-retries': {
    type: 'integer', min: 0, max: 1000, helpValue: '<n>', helpGroup: 'BULK',
    summary: 'Times a document of a bulk run is sent again after throttling, a server error or a transient failure (default 10). Calls in flight are cut while the service throttles.',
  },
  'retry-deadline': {
    type: 'integer', min: 0, helpValue: '<seconds>', helpGroup: 'BULK',
    summary: 'Seconds from the start of a bulk run after which no document is sent again; documents still failing then are listed as failed (default: no deadline).',
  },
};

/** `--download [FILE|DIR]` of the export commands. */
const DOWNLOAD = {
  extraFlags: {
    download: {
      type: 'string', helpValue: '[FILE|DIR]',
      summary: 'Also save the exported file: as FILE, or in DIR under the name the server gives (a bare --download: the current directory). Progress on stderr; the file appears only once complete, with its length checked.',
    },
  },
  optionalValues: { download: '.' },
  runner: { module: 'download/run-export.js', name: 'runExport' },
};

/**
 * Every command: its id (topic path), operation, the resource its `--id` names, help text, and
 * the waiter behind `--wait`. Summaries and descriptions are ours, not the model's. A command
 * that does more than one call also has `extraFlags` (literal flags beside the members',
 * `{ type, ...oclif props }`), `alternatives` (a required member's flag → the flags that can
 * stand in for it, mutually exclusive with it), `optionalValues` (flags whose value may be left
 * out, see NimbusCommand) and `runner` (the src/lib/cli module and function that run it).
 */
const COMMANDS = [
  // ── search index ──
  {
    id: 'search index create', service: 'search', operation: 'CreateIndex', resource: 'index',
    summary: 'Create a search index.',
    description: 'Creates an index that documents, data sources, FAQs and thesauri are added to, and prints its id. The index starts in the CREATING status; --wait returns once it is ACTIVE.',
    examples: [
      { description: 'Create a developer index and wait until it can be used', command: `search index create --name docs --role-arn ${ROLE} --edition DEVELOPER_EDITION --wait` },
      { description: 'Create an index with tags', command: `search index create --name docs --role-arn ${ROLE} --tags Key=team,Value=web Key=env,Value=dev` },
    ],
    wait: { waiter: 'IndexActive', args: { Id: 'result.Id' }, goal: 'index to become ACTIVE' },
  },
  {
    id: 'search index describe', service: 'search', operation: 'DescribeIndex', resource: 'index',
    summary: 'Show an index.',
    description: 'Prints the configuration and status of an index: edition, capacity, document metadata fields and statistics.',
    examples: [{ description: 'Show an index\'s status only', command: `search index describe --id ${IDX} --query Status --output text` }],
  },
  {
    id: 'search index update', service: 'search', operation: 'UpdateIndex', resource: 'index',
    summary: 'Change an index.',
    description: 'Changes the name, description, role, capacity, metadata fields or user context settings of an index. Only the flags given are changed. The index is UPDATING for a while; --wait returns once it is ACTIVE again.',
    examples: [{ description: 'Rename an index and wait until the change is done', command: `search index update --id ${IDX} --name handbook --wait` }],
    wait: { waiter: 'IndexActive', args: { Id: 'input.Id' }, goal: 'index to become ACTIVE' },
  },
  {
    id: 'search index delete', service: 'search', operation: 'DeleteIndex', resource: 'index',
    summary: 'Delete an index.',
    description: 'Deletes an index with its documents, data sources, FAQs and thesauri. The index is DELETING until it is gone; --wait returns once it no longer exists.',
    examples: [{ description: 'Delete an index and wait until it is gone', command: `search index delete --id ${IDX} --wait` }],
    wait: { waiter: 'IndexDeleted', args: { Id: 'input.Id' }, goal: 'index to be deleted' },
  },
  {
    id: 'search index list', service: 'search', operation: 'ListIndices', resource: 'index',
    summary: 'List indices.',
    description: 'Lists the indices of the account in the region, following every page unless --no-paginate or --max-items is given.',
    examples: [
      { description: 'List index names and statuses as a table', command: 'search index list --output table' },
      { description: 'Print the id of every active index', command: 'search index list --query "IndexConfigurationSummaryItems[?Status==\'ACTIVE\'].Id" --output text' },
    ],
  },
  // ── search data-source ──
  {
    id: 'search data-source create', service: 'search', operation: 'CreateDataSource', resource: 'data source',
    summary: 'Connect a data source to an index.',
    description: `Creates a data source: a repository (such as an S3 bucket) whose documents a sync job copies into the index. Prints the new data source\'s id; --wait returns once it is ACTIVE. ${S3_LOCAL}`,
    examples: [
      { description: 'Connect an S3 bucket', command: `search data-source create --index-id ${IDX} --name manuals --type S3 --role-arn ${ROLE} --configuration '{"S3Configuration":{"BucketName":"manuals"}}'` },
      { description: 'Read the configuration from a file', command: `search data-source create --index-id ${IDX} --name manuals --type S3 --configuration file://s3-config.json --wait` },
    ],
    wait: { waiter: 'DataSourceActive', args: { Id: 'result.Id', IndexId: 'input.IndexId' }, goal: 'data source to become ACTIVE' },
  },
  {
    id: 'search data-source describe', service: 'search', operation: 'DescribeDataSource', resource: 'data source',
    summary: 'Show a data source.',
    description: 'Prints the configuration, schedule and status of a data source.',
    examples: [{ description: 'Show a data source', command: `search data-source describe --index-id ${IDX} --id ${DS}` }],
  },
  {
    id: 'search data-source update', service: 'search', operation: 'UpdateDataSource', resource: 'data source',
    summary: 'Change a data source.',
    description: 'Changes the name, description, configuration, schedule or role of a data source. Only the flags given are changed; --wait returns once the data source is ACTIVE again.',
    examples: [{ description: 'Sync every night at two', command: `search data-source update --index-id ${IDX} --id ${DS} --schedule "cron(0 2 * * ? *)" --wait` }],
    wait: { waiter: 'DataSourceActive', args: { Id: 'input.Id', IndexId: 'input.IndexId' }, goal: 'data source to become ACTIVE' },
  },
  {
    id: 'search data-source delete', service: 'search', operation: 'DeleteDataSource', resource: 'data source',
    summary: 'Delete a data source.',
    description: 'Deletes a data source and removes the documents it synced from the index. --wait returns once it no longer exists.',
    examples: [{ description: 'Delete a data source and wait until it is gone', command: `search data-source delete --index-id ${IDX} --id ${DS} --wait` }],
    wait: { waiter: 'DataSourceDeleted', args: { Id: 'input.Id', IndexId: 'input.IndexId' }, goal: 'data source to be deleted' },
  },
  {
    id: 'search data-source list', service: 'search', operation: 'ListDataSources', resource: 'data source',
    summary: 'List the data sources of an index.',
    description: 'Lists the data sources connected to an index, following every page unless --no-paginate or --max-items is given.',
    examples: [{ description: 'List data sources as a table', command: `search data-source list --index-id ${IDX} --output table` }],
  },
  // ── search data-source sync ──
  {
    id: 'search data-source sync start', service: 'search', operation: 'StartDataSourceSyncJob', resource: 'data source',
    summary: 'Start syncing a data source.',
    description: 'Starts a sync job that copies new and changed documents from the data source into its index and removes deleted ones. Prints the job\'s execution id; --wait returns when the job has finished.',
    examples: [{ description: 'Sync now and wait for the job to finish', command: `search data-source sync start --index-id ${IDX} --id ${DS} --wait` }],
    wait: { waiter: 'DataSourceSyncJobFinished', args: { Id: 'input.Id', IndexId: 'input.IndexId' }, goal: 'sync job to finish' },
  },
  {
    id: 'search data-source sync stop', service: 'search', operation: 'StopDataSourceSyncJob', resource: 'data source',
    summary: 'Stop the running sync of a data source.',
    description: 'Stops the sync job that is running for a data source. Documents already synced stay in the index.',
    examples: [{ description: 'Stop a sync', command: `search data-source sync stop --index-id ${IDX} --id ${DS}` }],
  },
  {
    id: 'search data-source sync list', service: 'search', operation: 'ListDataSourceSyncJobs', resource: 'data source',
    summary: 'List the sync jobs of a data source.',
    description: 'Lists the sync jobs of a data source, newest first, with their status and document counts, optionally filtered by status or start time.',
    examples: [
      { description: 'Show failed syncs', command: `search data-source sync list --index-id ${IDX} --id ${DS} --status-filter FAILED` },
      { description: 'Syncs started in a time range', command: `search data-source sync list --index-id ${IDX} --id ${DS} --start-time-filter StartTime=2024-01-01T00:00:00Z,EndTime=2024-02-01T00:00:00Z` },
    ],
  },
  // ── search faq ──
  {
    id: 'search faq create', service: 'search', operation: 'CreateFaq', resource: 'FAQ',
    summary: 'Add a file of questions and answers to an index.',
    description: `Creates an FAQ from a file in S3 (CSV, CSV with header, or JSON) whose questions and answers queries can match directly. Prints the FAQ\'s id; --wait returns once it is ACTIVE. ${S3_LOCAL}`,
    examples: [{ description: 'Add an FAQ from a CSV file', command: `search faq create --index-id ${IDX} --name support --s3-path Bucket=faqs,Key=support.csv --role-arn ${ROLE} --wait` }],
    wait: { waiter: 'FaqActive', args: { Id: 'result.Id', IndexId: 'input.IndexId' }, goal: 'FAQ to become ACTIVE' },
  },
  {
    id: 'search faq describe', service: 'search', operation: 'DescribeFaq', resource: 'FAQ',
    summary: 'Show an FAQ.',
    description: 'Prints the source file, format and status of an FAQ.',
    examples: [{ description: 'Show an FAQ', command: `search faq describe --index-id ${IDX} --id 2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f` }],
  },
  {
    id: 'search faq delete', service: 'search', operation: 'DeleteFaq', resource: 'FAQ',
    summary: 'Delete an FAQ.',
    description: 'Deletes an FAQ and its questions and answers from the index. --wait returns once it no longer exists.',
    examples: [{ description: 'Delete an FAQ', command: `search faq delete --index-id ${IDX} --id 2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f --wait` }],
    wait: { waiter: 'FaqDeleted', args: { Id: 'input.Id', IndexId: 'input.IndexId' }, goal: 'FAQ to be deleted' },
  },
  {
    id: 'search faq list', service: 'search', operation: 'ListFaqs', resource: 'FAQ',
    summary: 'List the FAQs of an index.',
    description: 'Lists the FAQs of an index, following every page unless --no-paginate or --max-items is given.',
    examples: [{ description: 'List FAQ names', command: `search faq list --index-id ${IDX} --query "FaqSummaryItems[].Name" --output text` }],
  },
  // ── search thesaurus ──
  {
    id: 'search thesaurus create', service: 'search', operation: 'CreateThesaurus', resource: 'thesaurus',
    summary: 'Add a thesaurus of synonyms to an index.',
    description: `Creates a thesaurus from a Solr synonym file in S3, so that queries also match the synonyms of their terms. Prints its id; --wait returns once it is ACTIVE. ${S3_LOCAL}`,
    examples: [{ description: 'Add a thesaurus', command: `search thesaurus create --index-id ${IDX} --name terms --source-s3-path Bucket=lexicon,Key=synonyms.txt --role-arn ${ROLE} --wait` }],
    wait: { waiter: 'ThesaurusActive', args: { Id: 'result.Id', IndexId: 'input.IndexId' }, goal: 'thesaurus to become ACTIVE' },
  },
  {
    id: 'search thesaurus describe', service: 'search', operation: 'DescribeThesaurus', resource: 'thesaurus',
    summary: 'Show a thesaurus.',
    description: 'Prints the source file, status and synonym counts of a thesaurus.',
    examples: [{ description: 'Show a thesaurus', command: `search thesaurus describe --index-id ${IDX} --id 3d4e5f6a-7b8c-4d9e-8f0a-1b2c3d4e5f6a` }],
  },
  {
    id: 'search thesaurus update', service: 'search', operation: 'UpdateThesaurus', resource: 'thesaurus',
    summary: 'Change a thesaurus.',
    description: `Changes the name, description, role or source file of a thesaurus; a new source file is loaded again, and --wait returns once it is loaded (ACTIVE). ${S3_LOCAL}`,
    examples: [{ description: 'Load a new synonym file', command: `search thesaurus update --index-id ${IDX} --id 3d4e5f6a-7b8c-4d9e-8f0a-1b2c3d4e5f6a --source-s3-path Bucket=lexicon,Key=synonyms-v2.txt --wait` }],
    wait: { waiter: 'ThesaurusActive', args: { Id: 'input.Id', IndexId: 'input.IndexId' }, goal: 'thesaurus to become ACTIVE' },
  },
  {
    id: 'search thesaurus delete', service: 'search', operation: 'DeleteThesaurus', resource: 'thesaurus',
    summary: 'Delete a thesaurus.',
    description: 'Deletes a thesaurus; queries stop matching its synonyms. --wait returns once it no longer exists.',
    examples: [{ description: 'Delete a thesaurus', command: `search thesaurus delete --index-id ${IDX} --id 3d4e5f6a-7b8c-4d9e-8f0a-1b2c3d4e5f6a --wait` }],
    wait: { waiter: 'ThesaurusDeleted', args: { Id: 'input.Id', IndexId: 'input.IndexId' }, goal: 'thesaurus to be deleted' },
  },
  {
    id: 'search thesaurus list', service: 'search', operation: 'ListThesauri', resource: 'thesaurus',
    summary: 'List the thesauri of an index.',
    description: 'Lists the thesauri of an index, following every page unless --no-paginate or --max-items is given.',
    examples: [{ description: 'List thesauri', command: `search thesaurus list --index-id ${IDX} --output table` }],
  },
  // ── search document ──
  {
    id: 'search document put', service: 'search', operation: 'BatchPutDocument', resource: 'document',
    summary: 'Add or replace documents in an index.',
    description: 'Adds documents to an index, replacing documents with the same ids. With --documents, one request of up to ten documents, whose content is inline (Blob, base64 in JSON) or an S3 object (S3Path); documents that could not be added are listed in FailedDocuments. With --from (files and directories) or --jsonl (JSON Lines, or - for standard input), any number of documents, streamed in batches within the service\'s limits with --concurrency calls at once; throttling and transient failures are retried, progress and a summary go to stderr, and the summary as data to stdout. Every document read is either acknowledged or listed with --failures; the exit status is 254 when any failed, 130 when interrupted (after the calls in flight have been answered).',
    examples: [
      { description: 'Add two documents from a JSON file', command: `search document put --index-id ${IDX} --documents file://documents.json` },
      { description: 'Add one inline text document', command: `search document put --index-id ${IDX} --documents '[{"Id":"readme","Title":"Read me","Blob":"SGVsbG8gd29ybGQ=","ContentType":"PLAIN_TEXT"}]'` },
      { description: 'Load a directory of files (with .metadata.json sidecars), listing failed documents in a file', command: `search document put --index-id ${IDX} --from ./handbook --failures failed.jsonl` },
      { description: 'Load JSON Lines from a pipe, sixteen calls at a time', command: `search document put --index-id ${IDX} --jsonl - --concurrency 16 < corpus.jsonl` },
    ],
    alternatives: { documents: ['from', 'jsonl'] },
    extraFlags: {
      from: {
        type: 'string', multiple: true, helpValue: '<path>', exclusive: ['jsonl'], helpGroup: 'BULK',
        summary: 'Files and directories (recursively) to load: text, Markdown, HTML, JSON, PDF and Office files, with <file>.metadata.json sidecars for title and attributes.',
      },
      jsonl: {
        type: 'string', helpValue: '<file|->', helpGroup: 'BULK',
        summary: 'JSON Lines file to load (- for standard input): one Document a line in the API\'s JSON form, Blob in base64 or a plain-text Text field instead.',
      },
      ...BULK_FLAGS,
    },
    runner: { module: 'bulk/document-bulk.js', name: 'runDocumentPut' },
  },
  {
    id: 'search document delete', service: 'search', operation: 'BatchDeleteDocument', resource: 'document',
    summary: 'Remove documents from an index.',
    description: 'Removes documents from an index by id. With --document-id-list, one request; documents that could not be removed are listed in FailedDocuments. With --ids-from (a file of ids, one a line, or - for standard input), any number of ids in batches of ten with --concurrency calls at once, retried and accounted as in put: progress and a summary on stderr, the summary as data on stdout, failures listed with --failures.',
    examples: [
      { description: 'Remove two documents', command: `search document delete --index-id ${IDX} --document-id-list readme changelog` },
      { description: 'Remove every document listed in a file', command: `search document delete --index-id ${IDX} --ids-from stale-ids.txt --failures not-deleted.jsonl` },
    ],
    alternatives: { 'document-id-list': ['ids-from'] },
    extraFlags: {
      'ids-from': {
        type: 'string', helpValue: '<file|->', helpGroup: 'BULK',
        summary: 'File of document ids to remove, one a line (- for standard input).',
      },
      ...BULK_FLAGS,
    },
    runner: { module: 'bulk/document-bulk.js', name: 'runDocumentDelete' },
  },
  // ── search query / feedback ──
  {
    id: 'search query', service: 'search', operation: 'Query', resource: 'index',
    summary: 'Search an index.',
    description: 'Runs a query against an index and prints the matching documents, answers and FAQ entries, with facets when asked for. --page-number and --page-size select a page of results (the query\'s own paging).',
    examples: [
      { description: 'Search for a phrase', command: `search query --index-id ${IDX} --query-text "reset a password"` },
      { description: 'Print titles only', command: `search query --index-id ${IDX} --query-text vacation --query "ResultItems[].DocumentTitle.Text" --output text` },
      { description: 'Only documents with a given attribute value', command: `search query --index-id ${IDX} --query-text policy --attribute-filter '{"EqualsTo":{"Key":"_language_code","Value":{"StringValue":"en"}}}'` },
    ],
  },
  {
    id: 'search feedback submit', service: 'search', operation: 'SubmitFeedback', resource: 'index',
    summary: 'Report clicks and relevance of query results.',
    description: 'Tells the service which results of a query were clicked and which were relevant, to improve later results.',
    examples: [{ description: 'Mark a result as relevant', command: `search feedback submit --index-id ${IDX} --query-id 5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f7a8b9 --relevance-feedback-items ResultId=5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f7a8b9-1,RelevanceValue=RELEVANT` }],
  },
  // ── search tag ──
  {
    id: 'search tag add', service: 'search', operation: 'TagResource', resource: 'resource',
    summary: 'Tag an index, data source, FAQ or thesaurus.',
    description: 'Adds tags (key and value pairs) to a resource, replacing the values of keys it already has.',
    examples: [{ description: 'Tag an index', command: `search tag add --resource-arn arn:aws:kendra:us-east-1:000000000000:index/${IDX} --tags Key=team,Value=web` }],
  },
  {
    id: 'search tag remove', service: 'search', operation: 'UntagResource', resource: 'resource',
    summary: 'Remove tags from a resource.',
    description: 'Removes the tags with the given keys from a resource.',
    examples: [{ description: 'Remove two tags', command: `search tag remove --resource-arn arn:aws:kendra:us-east-1:000000000000:index/${IDX} --tag-keys team env` }],
  },
  {
    id: 'search tag list', service: 'search', operation: 'ListTagsForResource', resource: 'resource',
    summary: 'List the tags of a resource.',
    description: 'Prints the tags of an index, data source, FAQ or thesaurus.',
    examples: [{ description: 'List tags as a table', command: `search tag list --resource-arn arn:aws:kendra:us-east-1:000000000000:index/${IDX} --output table` }],
  },
  // ── mobile project ──
  {
    id: 'mobile project create', service: 'mobile', operation: 'CreateProject', resource: 'project',
    summary: 'Create a mobile project.',
    description: 'Creates a mobile project, empty or from the contents of an exported project (a zip file), and prints its details. --wait returns once the project is NORMAL. --project-region is the region the project\'s resources live in; --region is where the request goes.',
    examples: [
      { description: 'Create an empty project', command: 'mobile project create --name my-app' },
      { description: 'Import an exported project', command: 'mobile project create --name my-app --contents fileb://my-app.zip --wait' },
    ],
    wait: { waiter: 'ProjectNormal', args: { projectId: 'result.details.projectId' }, goal: 'project to become NORMAL' },
  },
  {
    id: 'mobile project describe', service: 'mobile', operation: 'DescribeProject', resource: 'project',
    summary: 'Show a mobile project.',
    description: 'Prints the details of a project: name, region, state, console URL and resources.',
    examples: [{ description: 'Show a project', command: 'mobile project describe --project-id 7b8c9d0e-1f2a-4b3c-8d4e-5f6a7b8c9d0e' }],
  },
  {
    id: 'mobile project update', service: 'mobile', operation: 'UpdateProject', resource: 'project',
    summary: 'Replace the contents of a mobile project.',
    description: 'Updates a project from the contents of an exported project (a zip file).',
    examples: [{ description: 'Update from a zip file', command: 'mobile project update --project-id 7b8c9d0e-1f2a-4b3c-8d4e-5f6a7b8c9d0e --contents fileb://my-app.zip' }],
  },
  {
    id: 'mobile project delete', service: 'mobile', operation: 'DeleteProject', resource: 'project',
    summary: 'Delete a mobile project.',
    description: 'Deletes a project and lists the resources that were deleted and those that were kept.',
    examples: [{ description: 'Delete a project', command: 'mobile project delete --project-id 7b8c9d0e-1f2a-4b3c-8d4e-5f6a7b8c9d0e' }],
  },
  {
    id: 'mobile project list', service: 'mobile', operation: 'ListProjects', resource: 'project',
    summary: 'List mobile projects.',
    description: 'Lists the projects of the account, following every page unless --no-paginate or --max-items is given.',
    examples: [{ description: 'List project names', command: 'mobile project list --query "projects[].name" --output text' }],
  },
  {
    id: 'mobile project export', service: 'mobile', operation: 'ExportProject', resource: 'project',
    summary: 'Export a mobile project.',
    description: 'Exports a project as a downloadable zip file, and prints the download URL, a share URL and the snapshot id that create can import. --download also saves the zip file (see the flag). With --local the URLs work only while the command runs, so save the file with --download (or run "nimbus local start" and use --endpoint-url).',
    examples: [
      { description: 'Print the download URL', command: 'mobile project export --project-id 7b8c9d0e-1f2a-4b3c-8d4e-5f6a7b8c9d0e --query downloadUrl --output text' },
      { description: 'Save the zip file in the current directory', command: 'mobile project export --project-id 7b8c9d0e-1f2a-4b3c-8d4e-5f6a7b8c9d0e --download' },
      { description: 'Export a project of the local service and save the zip file as my-app.zip', command: 'mobile project export --local --project-id 7b8c9d0e-1f2a-4b3c-8d4e-5f6a7b8c9d0e --download my-app.zip' },
    ],
    ...DOWNLOAD,
  },
  // ── mobile bundle ──
  {
    id: 'mobile bundle describe', service: 'mobile', operation: 'DescribeBundle', resource: 'bundle',
    summary: 'Show a bundle.',
    description: 'Prints the details of a bundle: title, description, version, icon and the platforms it is available for.',
    examples: [{ description: 'Show a bundle', command: 'mobile bundle describe --bundle-id android-starter' }],
  },
  {
    id: 'mobile bundle list', service: 'mobile', operation: 'ListBundles', resource: 'bundle',
    summary: 'List bundles.',
    description: 'Lists the available bundles (project templates), following every page unless --no-paginate or --max-items is given.',
    examples: [{ description: 'List bundles as a table', command: 'mobile bundle list --output table' }],
  },
  {
    id: 'mobile bundle export', service: 'mobile', operation: 'ExportBundle', resource: 'bundle',
    summary: 'Export a bundle for a platform.',
    description: 'Exports a bundle, optionally configured for a project, as a downloadable file for a platform, and prints its download URL. --download also saves the file (see the flag).',
    examples: [
      { description: 'Export for Android', command: 'mobile bundle export --bundle-id android-starter --platform ANDROID --query downloadUrl --output text' },
      { description: 'Export for Android and save the file as app.zip', command: 'mobile bundle export --bundle-id android-starter --platform ANDROID --download app.zip' },
    ],
    ...DOWNLOAD,
  },
];

/** Help for input members, by member name; `{resource}` is the command's resource. */
const MEMBER_HELP = {
  Id: 'Id of the {resource}.',
  IndexId: 'Id of the index.',
  Name: 'Name of the {resource}.',
  Description: 'Description of the {resource}.',
  RoleArn: 'ARN of the IAM role the service assumes for the {resource}.',
  Tags: 'Tags to attach, as Key=k,Value=v pairs.',
  ClientToken: 'Idempotency token: a retried request with the same token creates nothing new (generated when omitted).',
  Edition: 'Edition of the index; it cannot be changed later.',
  ServerSideEncryptionConfiguration: 'KMS key that encrypts the index\'s data at rest.',
  UserTokenConfigurations: 'How user tokens (JWT or JSON) carried by queries are read.',
  UserContextPolicy: 'Whether results are filtered by the attributes of the querying user or by user tokens.',
  UserGroupResolutionConfiguration: 'Where the groups of a user are resolved from, for access control.',
  DocumentMetadataConfigurationUpdates: 'Document fields (attributes) to add or change: their type, and how they affect search and relevance.',
  CapacityUnits: 'Extra storage and query capacity units of the index.',
  Type: 'Type of repository the data source reads from.',
  Configuration: 'Repository settings of the data source (for S3: BucketName, prefixes, patterns…).',
  VpcConfiguration: 'Subnets and security groups used to reach the repository.',
  Schedule: 'When the data source syncs automatically, as a cron expression; empty syncs only on demand.',
  LanguageCode: 'Language of the documents, as an ISO 639-1 code such as en.',
  CustomDocumentEnrichmentConfiguration: 'How document metadata and content are altered while they are ingested.',
  StartTimeFilter: 'Only sync jobs started in this time range (StartTime, EndTime).',
  StatusFilter: 'Only sync jobs in this status.',
  S3Path: 'S3 location of the FAQ file (Bucket, Key).',
  FileFormat: 'Format of the FAQ file.',
  SourceS3Path: 'S3 location of the synonym file (Bucket, Key).',
  Documents: 'Documents to add: each with an Id and its content as Blob (base64) or S3Path, plus optional Title, Attributes, ContentType and access control.',
  DocumentIdList: 'Ids of the documents to remove.',
  DataSourceSyncJobMetricTarget: 'Sync job whose metrics count these deletions (DataSourceId, DataSourceSyncJobId).',
  QueryText: 'Text to search for.',
  AttributeFilter: 'Only documents whose attributes match this filter (EqualsTo, ContainsAny, AndAllFilters…).',
  Facets: 'Document attributes to count results by.',
  RequestedDocumentAttributes: 'Document attributes to return with each result.',
  QueryResultTypeFilter: 'Only results of this type.',
  DocumentRelevanceOverrideConfigurations: 'Relevance settings of document fields for this query only.',
  PageNumber: 'Page of results to return, from 1.',
  PageSize: 'Results per page.',
  SortingConfiguration: 'Sort results by a document attribute instead of relevance.',
  SortingConfigurations: 'Sort results by several document attributes in turn.',
  UserContext: 'The user the query runs as (token, user id, groups), for access control.',
  VisitorId: 'Anonymous id of the visitor, to group their queries.',
  SpellCorrectionConfiguration: 'Whether to suggest spelling corrections of the query.',
  CollapseConfiguration: 'Group results by a document attribute and show one per group.',
  QueryId: 'Id of the query the feedback is about (from the query\'s output).',
  ClickFeedbackItems: 'Results that were clicked, with the time of the click.',
  RelevanceFeedbackItems: 'Results marked RELEVANT or NOT_RELEVANT.',
  ResourceARN: 'ARN of the index, data source, FAQ or thesaurus.',
  TagKeys: 'Keys of the tags to remove.',
  name: 'Name of the project.',
  region: 'Region the project\'s resources are created in.',
  contents: 'Contents of an exported project (a zip file): fileb://PATH.',
  snapshotId: 'Id of a snapshot (from project export) to create the project from.',
  projectId: 'Id of the project.',
  syncFromResources: 'Refresh the project\'s details from its resources before describing it.',
  bundleId: 'Id of the bundle.',
  platform: 'Platform to export the bundle for.',
};

/** botocore's `xform_name(name, '-')`: `IndexId` → `index-id`, `ResourceARN` → `resource-arn`. */
function kebab(name) {
  let base = name;
  const special = /[A-Z]{2,}s$/.exec(base);
  if (special) base = `${base.slice(0, -special[0].length)}-${special[0].toLowerCase()}`;
  return base.replace(/(.)([A-Z][a-z]+)/g, '$1-$2').replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
}

const loadJson = (path) => JSON.parse(readFileSync(join(root, path), 'utf8'));
const models = Object.fromEntries(
  Object.entries(MODELS).map(([service, dir]) => [
    service,
    { api: loadJson(`${dir}/api.json`), paginators: loadJson(`${dir}/paginators.json`).pagination, waiters: loadJson(`${dir}/waiters.json`).waiters },
  ]),
);

const SCALARS = new Set(['string', 'integer', 'long', 'float', 'double', 'boolean', 'timestamp', 'blob']);

/** The shorthand form of a structure of scalars (`Key=string,Value=string`), or undefined. */
function shorthandSyntax(shapes, shape) {
  if (shape.type !== 'structure') return undefined;
  const parts = [];
  for (const [name, ref] of Object.entries(shape.members ?? {})) {
    const member = shapes[ref.shape];
    if (!SCALARS.has(member.type)) return undefined;
    parts.push(`${name}=${member.enum ? member.enum.join('|') : member.type}`);
  }
  return parts.join(',');
}

/** A JSON example of a shape (nested three levels), or undefined when it would be too long to help. */
function jsonSyntax(shapes, shape, depth = 0) {
  if (depth > 3) return undefined;
  if (shape.type === 'structure') {
    const parts = [];
    for (const [name, ref] of Object.entries(shape.members ?? {})) {
      const inner = jsonSyntax(shapes, shapes[ref.shape], depth + 1);
      if (inner === undefined) return undefined;
      parts.push(`"${name}": ${inner}`);
    }
    return `{${parts.join(', ')}}`;
  }
  if (shape.type === 'list') {
    const inner = jsonSyntax(shapes, shapes[shape.member.shape], depth + 1);
    return inner === undefined ? undefined : `[${inner}, ...]`;
  }
  if (shape.type === 'map') {
    const value = jsonSyntax(shapes, shapes[shape.value.shape], depth + 1);
    return value === undefined ? undefined : `{"string": ${value}, ...}`;
  }
  if (shape.enum) return `"${shape.enum.join('|')}"`;
  if (shape.type === 'blob') return '"base64"';
  if (shape.type === 'timestamp') return '"2024-01-31T12:00:00Z"';
  return shape.type === 'string' ? '"string"' : shape.type;
}

/** The long help of a structured flag: its shorthand and JSON forms. */
function syntaxHelp(shapes, shape) {
  const isList = shape.type === 'list';
  const item = isList ? shapes[shape.member.shape] : shape;
  const lines = [];
  const shorthand = shorthandSyntax(shapes, item);
  if (shorthand) lines.push(`Shorthand: ${shorthand}${isList ? ' (repeat the value for more items)' : ''}`);
  const json = jsonSyntax(shapes, shape);
  if (json && json.length <= 400) lines.push(`JSON: ${json}`);
  else lines.push('JSON: see --generate-cli-skeleton for the full structure.');
  lines.push('A value may also be read from a file: file://PATH.');
  return lines.join('\n');
}

/** The oclif declaration of one member's flag. */
function flagDeclaration(shapes, memberName, ref, command, required, alternatives) {
  const shape = shapes[ref.shape];
  const help = MEMBER_HELP[memberName];
  if (!help) throw new Error(`No help text for member ${memberName} (${command.operation}); add it to MEMBER_HELP`);
  const need = !required ? '' : alternatives ? `Required unless ${alternatives.map((flag) => `--${flag}`).join(' or ')} is given. ` : 'Required. ';
  const summary = `${need}${help.replace('{resource}', command.resource)}`;
  const props = [`summary: ${literal(summary)}`];
  if (alternatives) props.push(`exclusive: ${literal(alternatives)}`);
  let kind = 'string';
  switch (shape.type) {
    case 'string':
      if (shape.enum) props.push(`options: ${literal(shape.enum)}`);
      break;
    case 'integer':
    case 'long':
      kind = 'integer';
      if (shape.min !== undefined) props.push(`min: ${shape.min}`);
      if (shape.max !== undefined) props.push(`max: ${shape.max}`);
      break;
    case 'boolean':
      kind = 'boolean';
      props.push('allowNo: true');
      break;
    case 'float':
    case 'double':
      props.push("helpValue: '<number>'");
      break;
    case 'timestamp':
      props.push("helpValue: '<timestamp>'");
      break;
    case 'blob':
      props.push("helpValue: '<fileb://path|text>'");
      break;
    case 'list': {
      const item = shapes[shape.member.shape];
      props.push('multiple: true');
      if (SCALARS.has(item.type)) {
        if (item.enum) props.push(`options: ${literal(item.enum)}`);
        props.push("helpValue: '<value>'");
      } else {
        props.push("helpValue: '<shorthand|json>'", `description: ${literal(syntaxHelp(shapes, shape))}`);
      }
      break;
    }
    default:
      props.push("helpValue: '<shorthand|json>'", `description: ${literal(syntaxHelp(shapes, shape))}`);
  }
  return `Flags.${kind}({ ${props.join(', ')} })`;
}

/** The oclif declaration of a flag that is not an input member (bulk sources, --download): `{ type, ...props }`. */
function extraFlagDeclaration(declaration) {
  const { type, ...props } = declaration;
  const order = ['summary', ...Object.keys(props).filter((key) => key !== 'summary')];
  return `Flags.${type}({ ${order.map((key) => `${key}: ${literal(props[key])}`).join(', ')} })`;
}

/** A value as a TypeScript literal: single quotes, bare keys where they are identifiers. */
function literal(value, indent = '') {
  if (typeof value === 'string') return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;
  if (Array.isArray(value)) {
    if (value.every((item) => typeof item !== 'object')) return `[${value.map((item) => literal(item)).join(', ')}]`;
    return `[\n${value.map((item) => `${indent}  ${literal(item, `${indent}  `)},`).join('\n')}\n${indent}]`;
  }
  if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    if (!entries.length) return '{}';
    return `{\n${entries.map(([name, item]) => `${indent}  ${flagKey(name)}: ${literal(item, `${indent}  `)},`).join('\n')}\n${indent}}`;
  }
  return String(value);
}

/** The `execute` override of a command with its own runner (a module of src/lib/cli, imported on demand). */
function runnerSource(runner, depth) {
  return [
    '',
    `  /** Runs the command with \`${runner.name}\` (${runner.module.replace(/\.js$/, '.ts')}), loaded on demand. */`,
    '  protected override async execute(spec: OperationSpec, flags: Record<string, unknown>): Promise<void> {',
    `    const { ${runner.name} } = await import('${depth}lib/cli/${runner.module}');`,
    `    await ${runner.name}(spec, flags);`,
    '  }',
  ];
}

/** A flag name (or any name) as an object key: bare when it is an identifier, quoted otherwise. */
function flagKey(name) {
  return /^[A-Za-z_$][\w$]*$/.test(name) ? name : literal(name);
}

/** The TypeScript source of one command file. */
function commandSource(command) {
  const { api, paginators, waiters } = models[command.service];
  const operation = api.operations[command.operation];
  if (!operation) throw new Error(`${command.service} has no operation ${command.operation}`);
  const input = operation.input ? api.shapes[operation.input.shape] : { members: {} };
  const required = new Set(input.required ?? []);
  const paginator = paginators[command.operation];
  const paginated = Boolean(paginator?.input_token);
  const hidden = paginated ? new Set([paginator.input_token, paginator.limit_key].flat().filter(Boolean)) : new Set();
  const prefix = command.resource.replace(/\s+/g, '-').toLowerCase();
  const reserved = new Set([...GLOBAL_NAMES, ...(paginated ? PAGINATION_NAMES : []), ...(command.wait ? ['wait'] : [])]);

  const members = {};
  const flags = [];
  const requiredFlags = [];
  for (const [memberName, ref] of Object.entries(input.members ?? {})) {
    if (hidden.has(memberName)) continue;
    let flag = kebab(memberName);
    if (reserved.has(flag)) flag = `${prefix}-${flag}`;
    if (reserved.has(flag) || flag in members) throw new Error(`Flag --${flag} of ${command.id} collides`);
    members[flag] = memberName;
    if (required.has(memberName)) requiredFlags.push(flag);
    const alternatives = command.alternatives?.[flag];
    flags.push(`    ${flagKey(flag)}: ${flagDeclaration(api.shapes, memberName, ref, command, required.has(memberName), alternatives)},`);
  }
  for (const [flag, declaration] of Object.entries(command.extraFlags ?? {})) {
    if (reserved.has(flag) || flag in members) throw new Error(`Flag --${flag} of ${command.id} collides`);
    flags.push(`    ${flagKey(flag)}: ${extraFlagDeclaration(declaration)},`);
  }
  if (command.wait) {
    if (!waiters[command.wait.waiter]) throw new Error(`${command.service} has no waiter ${command.wait.waiter}`);
    flags.push(`    wait: Flags.boolean({ summary: ${literal(`Wait for the ${command.wait.goal}, showing its status on stderr.`)} }),`);
  }
  if (paginated) flags.push('    ...PAGINATION_FLAGS,');

  const words = command.id.split(' ');
  const className = words.map((word) => word.split('-').map((part) => part[0].toUpperCase() + part.slice(1)).join('')).join('');
  const depth = '../'.repeat(words.length);
  const spec = {
    service: command.service,
    operation: command.operation,
    members,
    required: requiredFlags,
    paginated,
    ...(command.wait ? { wait: command.wait } : {}),
  };
  const examples = command.examples.map(
    (example) => `    { description: ${literal(example.description)}, command: ${literal(`<%= config.bin %> ${example.command}`)} },`,
  );
  return [
    '// Generated by scripts/gen-commands.mjs from the service model: edit the script, not this file.',
    flags.some((line) => line.includes('Flags.')) ? "import { Flags } from '@oclif/core';" : undefined,
    paginated ? `import { PAGINATION_FLAGS } from '${depth}lib/cli/global-flags.js';` : undefined,
    `import { OperationCommand } from '${depth}lib/cli/operation-command.js';`,
    `import type { OperationSpec } from '${depth}lib/cli/operation-spec.js';`,
    '',
    `/** \`nimbus ${command.id}\`: the ${command.operation} operation. */`,
    `export default class ${className} extends OperationCommand {`,
    `  static override summary = ${literal(command.summary)};`,
    `  static override description = ${literal(command.description)};`,
    '  static override examples = [',
    ...examples,
    '  ];',
    `  static override operation: OperationSpec = ${literal(spec, '  ')};`,
    ...(command.optionalValues ? [`  static override optionalValues = ${literal(command.optionalValues, '  ')};`] : []),
    '  static override flags = {',
    ...flags,
    '  };',
    ...(command.runner ? runnerSource(command.runner, depth) : []),
    '}',
    '',
  ]
    .filter((line) => line !== undefined)
    .join('\n');
}

const check = process.argv.includes('--check');
let stale = 0;
const outputs = COMMANDS.map((command) => [join(root, 'src', 'commands', ...command.id.split(' ')) + '.ts', () => commandSource(command)]);
for (const [file, generate] of outputs) {
  const source = generate();
  let current;
  try {
    current = readFileSync(file, 'utf8');
  } catch {
    current = undefined;
  }
  if (current === source) continue;
  stale++;
  if (check) {
    console.error(`out of date: ${file}`);
  } else {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, source);
  }
}
if (check && stale) process.exit(1);
if (!check) console.error(`${outputs.length} files, ${stale} written`);
