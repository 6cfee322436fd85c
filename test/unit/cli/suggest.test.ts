import assert from 'node:assert/strict';
import { editDistance, suggestCommands } from '../../../src/lib/cli/suggest.js';

const COMMANDS = ['search index list', 'search index create', 'search index delete', 'search faq list', 'search data-source list', 'mobile project list', 'configure'];

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
});
