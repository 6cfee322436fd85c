import assert from 'node:assert/strict';
import { awsCommandEquivalent, editDistance, operationCliName, suggestCommands, suggestFlag } from '../../../src/lib/cli/suggest.js';

const COMMANDS = [
  'search index list',
  'search index create',
  'search index delete',
  'search faq list',
  'search data-source list',
  'mobile project list',
  'configure',
];

describe('cli command suggestions', () => {
  it('measures edit distance', () => {
    assert.equal(editDistance('kitten', 'sitting'), 3);
    assert.equal(editDistance('', 'abc'), 3);
    assert.equal(editDistance('same', 'same'), 0);
  });

  it('suggests the closest commands only', () => {
    assert.deepEqual(suggestCommands('search index lst', COMMANDS), ['search index list']);
    assert.deepEqual(suggestCommands('search idex create', COMMANDS), ['search index create']);
    assert.deepEqual(suggestCommands('configur', COMMANDS), ['configure']);
    assert.deepEqual(suggestCommands('something else entirely', COMMANDS), []);
  });

  it('suggests the closest flag, or none', () => {
    assert.equal(suggestFlag('--regoin', ['region', 'profile', 'output']), '--region');
    assert.equal(suggestFlag('--outptu=json', ['region', 'profile', 'output']), '--output');
    assert.equal(suggestFlag('--zzzzzz', ['region', 'profile', 'output']), undefined);
  });

  it('maps AWS CLI command names to nimbus commands', () => {
    assert.equal(operationCliName('ListTagsForResource'), 'list-tags-for-resource');
    const operations = new Map([
      ['ListIndices', 'search index list'],
      ['BatchPutDocument', 'search document put'],
      ['ListProjects', 'mobile project list'],
    ]);
    assert.equal(awsCommandEquivalent(['kendra', 'list-indices'], operations), 'search index list');
    assert.equal(awsCommandEquivalent(['search', 'batch-put-document'], operations), 'search document put');
    assert.equal(awsCommandEquivalent(['mobile', 'list-projects'], operations), 'mobile project list');
    assert.equal(awsCommandEquivalent(['mobile', 'list-indices'], operations), undefined);
    assert.equal(awsCommandEquivalent(['kendra'], operations), undefined);
  });
});
