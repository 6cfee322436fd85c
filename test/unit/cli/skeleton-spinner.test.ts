import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { inputSkeleton } from '../../../src/lib/cli/input/skeleton.js';
import { Spinner } from '../../../src/lib/cli/spinner.js';
import { builtInApiProvider } from '../../../src/lib/client/api-provider.js';
import type { ApiJson } from '../../../src/lib/model/types.js';
import { SEARCH_SERVICE } from '../../../src/lib/services/search/search-client.js';

const search = builtInApiProvider(SEARCH_SERVICE)('api', 'search', 'latest') as unknown as ApiJson;

describe('cli input skeleton and spinner', () => {
  it('the skeleton has every input member with a placeholder of its type', () => {
    const skeleton = inputSkeleton(search, 'CreateFaq');
    assert.deepEqual(Object.keys(skeleton), ['IndexId', 'Name', 'Description', 'S3Path', 'RoleArn', 'Tags', 'FileFormat', 'ClientToken', 'LanguageCode']);
    assert.deepEqual(skeleton.S3Path, { Bucket: '', Key: '' });
    assert.deepEqual(skeleton.Tags, [{ Key: '', Value: '' }]);
    assert.equal(skeleton.FileFormat, 'CSV');
  });

  it('the skeleton of a recursive shape stops at the repetition', () => {
    const filter = inputSkeleton(search, 'Query').AttributeFilter as Record<string, unknown>;
    assert.deepEqual(filter.AndAllFilters, [{}]);
    assert.deepEqual(filter.NotFilter, {});
    assert.equal(JSON.stringify(inputSkeleton(search, 'Query')).length < 20_000, true);
  });

  it('without a terminal the spinner prints one line per status', () => {
    const stream = Object.assign(new PassThrough(), { isTTY: false }) as unknown as NodeJS.WriteStream;
    let text = '';
    (stream as unknown as PassThrough).on('data', (chunk) => (text += chunk));
    const spinner = new Spinner('Waiting for the index to become ACTIVE', stream);
    spinner.start('checking');
    spinner.update('CREATING');
    spinner.update('CREATING');
    spinner.update('ACTIVE');
    spinner.stop();
    assert.equal(text, ['checking', 'CREATING', 'ACTIVE'].map((status) => `Waiting for the index to become ACTIVE: ${status}\n`).join(''));
  });

  it('in a terminal it redraws one line and ends it with the outcome', () => {
    const stream = Object.assign(new PassThrough(), { isTTY: true }) as unknown as NodeJS.WriteStream;
    let text = '';
    (stream as unknown as PassThrough).on('data', (chunk) => (text += chunk));
    const spinner = new Spinner('Waiting', stream);
    spinner.start('checking');
    spinner.update('CREATING');
    spinner.stop('failed');
    assert.match(text, /^\r\x1b\[2K. Waiting: checking\r\x1b\[2K. Waiting: CREATING\r\x1b\[2KWaiting: failed\n$/);
  });
});
