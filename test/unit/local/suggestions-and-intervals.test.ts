import { strict as assert } from 'node:assert';
import { blockMatcher, parseBlockList } from '../../../src/lib/local/search/core/block-list-file.js';
import { daysOf, intervalWindow } from '../../../src/lib/local/search/core/snapshot-interval.js';
import { hasLongWord, suggestionKey } from '../../../src/lib/local/search/query/suggestion-text.js';

const utc = (text: string) => Date.parse(`${text}T00:00:00Z`);

describe('local search: block lists, suggestion text and analytics windows', function () {
  it('reads a block list one phrase per line, lower case, once each', function () {
    assert.deepEqual(parseBlockList('\uFEFFSecret  Project\r\n\n  secret project \nBad\n'), ['secret project', 'bad']);
  });

  it('blocks a suggestion that contains a phrase as whole words only', function () {
    const blocked = blockMatcher(['secret project', 'bad', 'c++']);
    assert.equal(blocked('our Secret  Project plan'), true);
    assert.equal(blocked('badge photos'), false);
    assert.equal(blocked('a bad (idea)'), true);
    assert.equal(blocked('c++ tips'), true, 'phrases are matched literally');
    assert.equal(blockMatcher([])('anything'), false);
  });

  it('compares suggestions as the real service does: lower case, no quotes, one space', function () {
    assert.equal(suggestionKey(`  "Annual"   Leave's  `), 'annual leaves');
    assert.equal(hasLongWord('tax pay'), false);
    assert.equal(hasLongWord('tax payroll'), true);
  });

  it('starts weeks on Sunday and ends the current week and month before today', function () {
    const wednesday = Date.parse('2026-03-18T15:30:00Z');
    assert.deepEqual(intervalWindow('THIS_WEEK', wednesday), { startMs: utc('2026-03-15'), endMs: utc('2026-03-18') });
    assert.deepEqual(intervalWindow('ONE_WEEK_AGO', wednesday), { startMs: utc('2026-03-08'), endMs: utc('2026-03-15') });
    assert.deepEqual(intervalWindow('TWO_WEEKS_AGO', wednesday), { startMs: utc('2026-03-01'), endMs: utc('2026-03-08') });
    assert.deepEqual(intervalWindow('THIS_MONTH', wednesday), { startMs: utc('2026-03-01'), endMs: utc('2026-03-18') });
    const sunday = Date.parse('2026-03-15T08:00:00Z');
    assert.deepEqual(intervalWindow('THIS_WEEK', sunday), { startMs: utc('2026-03-15'), endMs: utc('2026-03-15') }, 'empty on its first day');
  });

  it('goes back across the turn of the year for past months', function () {
    const january = Date.parse('2026-01-05T00:00:00Z');
    assert.deepEqual(intervalWindow('ONE_MONTH_AGO', january), { startMs: utc('2025-12-01'), endMs: utc('2026-01-01') });
    assert.deepEqual(intervalWindow('TWO_MONTHS_AGO', january), { startMs: utc('2025-11-01'), endMs: utc('2025-12-01') });
    assert.deepEqual(daysOf(utc('2025-12-30'), utc('2026-01-02')), [utc('2025-12-30'), utc('2025-12-31'), utc('2026-01-01')]);
  });
});
