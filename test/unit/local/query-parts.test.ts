import { strict as assert } from 'node:assert';
import { applyFieldUpdates, fieldMap, RESERVED_FIELDS } from '../../../src/lib/local/search/core/fields.js';
import type { CachedDoc } from '../../../src/lib/local/search/query/doc-cache.js';
import { accessPredicate, sourceGroupKey, type UserPrincipals } from '../../../src/lib/local/search/query/access.js';
import { compileFilter } from '../../../src/lib/local/search/query/filter.js';
import { buildMatchPlan } from '../../../src/lib/local/search/query/fts-expression.js';
import { parseQuery } from '../../../src/lib/local/search/query/parse-query.js';
import { expandSynonyms } from '../../../src/lib/local/search/query/synonyms.js';
import { parseSolrSynonyms } from '../../../src/lib/local/search/core/synonym-rules.js';

const doc = (attrs: CachedDoc['attrs'], acl: CachedDoc['acl'] = null): CachedDoc => ({
  rowid: 1,
  docId: 'd',
  title: 't',
  sourceUri: null,
  dataSourceId: null,
  attrs,
  acl,
  viewCount: 0,
  updatedAt: 0,
});

describe('local search: query parts', function () {
  it('parses words, phrases, required, excluded and prefix clauses', () => {
    assert.deepEqual(parseQuery('solar "total eclipse" +moon -sun NOT comet data* a AND b'), {
      should: [
        { kind: 'term', text: 'solar' },
        { kind: 'term', text: 'data', prefix: true },
      ],
      must: [
        { kind: 'phrase', text: 'total eclipse' },
        { kind: 'term', text: 'moon' },
        { kind: 'term', text: 'a' },
        { kind: 'term', text: 'b' },
      ],
      not: [
        { kind: 'term', text: 'sun' },
        { kind: 'term', text: 'comet' },
      ],
    });
    assert.deepEqual(parseQuery('e-mail "unclosed').should, [{ kind: 'phrase', text: 'e mail' }]);
    assert.deepEqual(parseQuery('"unclosed phrase').must, [{ kind: 'phrase', text: 'unclosed phrase' }]);
  });

  it('expands synonyms, multi-word ones included, and marks them', () => {
    const { rules } = parseSolrSynonyms('sofa, couch\nnew york => nyc\n');
    const groups = expandSynonyms(parseQuery('cheap sofa in new york').should, rules);
    assert.deepEqual(
      groups.map((group) => group.alternatives.map((item) => `${item.text}${item.synonym ? '*' : ''}`)),
      [['cheap'], ['sofa', 'couch*'], ['in'], ['nyc*']],
    );
  });

  it('builds FTS5 expressions with quoting that cannot inject syntax', () => {
    const parsed = parseQuery('moon +"full moon" -sun');
    const plan = buildMatchPlan(expandSynonyms(parsed.should, []), expandSynonyms(parsed.must, []), parsed.not);
    assert.equal(plan.match, '"full moon" AND ("moon" OR "full moon")');
    assert.equal(plan.excluded, '"sun"');
    const odd = buildMatchPlan([{ alternatives: [{ kind: 'term', text: 'a" OR b NEAR(', synonym: false }] }], [], []);
    assert.equal(odd.match, '"a"" OR b NEAR("');
  });

  it('compiles every filter operator and checks fields and types', () => {
    const fields = fieldMap(
      applyFieldUpdates(RESERVED_FIELDS, [
        { Name: 'tags', Type: 'STRING_LIST_VALUE' },
        { Name: 'size', Type: 'LONG_VALUE' },
      ]),
    );
    const d = doc({ tags: { t: 'STRING_LIST_VALUE', v: ['a', 'b'] }, size: { t: 'LONG_VALUE', v: 5 }, _category: { t: 'STRING_VALUE', v: 'x' } });
    // no filter here names _user_id or _group_ids (their tests run against the service: access-control.test.ts)
    const noPrincipals = { user: () => () => false, groups: () => () => false };
    const test = (filter: Record<string, unknown>) => compileFilter(filter, fields, noPrincipals)(d);
    const attr = (Key: string, Value: unknown) => ({ Key, Value });
    assert.equal(test({ EqualsTo: attr('_category', { StringValue: 'x' }) }), true);
    assert.equal(test({ EqualsTo: attr('tags', { StringListValue: ['b', 'a'] }) }), true);
    assert.equal(test({ ContainsAll: attr('tags', { StringListValue: ['a', 'c'] }) }), false);
    assert.equal(test({ ContainsAny: attr('tags', { StringListValue: ['a', 'c'] }) }), true);
    assert.equal(test({ GreaterThan: attr('size', { LongValue: 5 }) }), false);
    assert.equal(test({ GreaterThanOrEquals: attr('size', { LongValue: 5 }) }), true);
    assert.equal(test({ LessThan: attr('size', { LongValue: 6 }) }), true);
    assert.equal(test({ LessThanOrEquals: attr('size', { LongValue: 4 }) }), false);
    assert.equal(test({ NotFilter: { EqualsTo: attr('_category', { StringValue: 'y' }) } }), true);
    assert.equal(test({ AndAllFilters: [{ EqualsTo: attr('_category', { StringValue: 'x' }) }, { LessThan: attr('size', { LongValue: 1 }) }] }), false);
    assert.equal(test({ OrAllFilters: [{ EqualsTo: attr('_category', { StringValue: 'y' }) }, { LessThan: attr('size', { LongValue: 9 }) }] }), true);
    assert.equal(test({ LessThan: attr('_created_at', { DateValue: 1 }) }), false, 'a missing value matches no comparison');
    assert.throws(() => test({ EqualsTo: attr('nope', { StringValue: 'x' }) }), /not a field of the index/);
    assert.throws(() => test({ GreaterThan: attr('_category', { StringValue: 'x' }) }), /long and date fields/);
    assert.throws(() => test({}), /exactly one operator/);
  });

  it('lets a user context see public documents and those its user or groups may read', () => {
    const acl = [
      { Name: 'alice', Type: 'USER', Access: 'ALLOW' },
      { Name: 'staff', Type: 'GROUP', Access: 'ALLOW' },
      { Name: 'interns', Type: 'GROUP', Access: 'DENY' },
    ];
    const list = (principals: Array<{ Name: string; Type: string; Access: string; DataSourceId?: string }>) => ({
      list: principals,
      hierarchy: [],
      configurationId: null,
    });
    const who = (user?: string, groups: string[] = [], sourceGroups: string[] = []): UserPrincipals => ({
      user,
      groups: new Set(groups),
      sourceGroups: new Set(sourceGroups),
    });
    const sees = (principals: UserPrincipals, access: CachedDoc['acl'], configurations = new Map()) =>
      accessPredicate(principals, configurations)(doc({}, access));
    assert.equal(sees(who(), null), true);
    assert.equal(sees(who(), list(acl)), false);
    assert.equal(sees(who('alice'), list(acl)), true);
    assert.equal(sees(who('bob', ['staff']), list(acl)), true);
    assert.equal(sees(who('bob', ['staff', 'interns']), list(acl)), false);
    const scoped = list([{ Name: 'ops', Type: 'GROUP', Access: 'ALLOW', DataSourceId: 'wiki' }]);
    assert.equal(sees(who('bob', [], [sourceGroupKey('wiki', 'ops')]), scoped), true);
    assert.equal(sees(who('bob', [], [sourceGroupKey('jira', 'ops')]), scoped), false);
  });

  it('shows a hierarchically controlled document only when every level allows the user', () => {
    const level = (name: string, access = 'ALLOW') => [{ Name: name, Type: 'GROUP', Access: access }];
    const hierarchy = { list: [], hierarchy: [level('staff'), level('finance')], configurationId: null };
    assert.equal(accessPredicate({ user: 'u', groups: new Set(['staff', 'finance']), sourceGroups: new Set() }, new Map())(doc({}, hierarchy)), true);
    assert.equal(accessPredicate({ user: 'u', groups: new Set(['staff']), sourceGroups: new Set() }, new Map())(doc({}, hierarchy)), false);
    const configured = { list: [], hierarchy: [], configurationId: 'c1' };
    const configurations = new Map([['c1', { list: level('staff'), hierarchy: [] }]]);
    assert.equal(accessPredicate({ user: 'u', groups: new Set(['staff']), sourceGroups: new Set() }, configurations)(doc({}, configured)), true);
    assert.equal(
      accessPredicate({ user: 'u', groups: new Set(['staff']), sourceGroups: new Set() }, new Map())(doc({}, configured)),
      false,
      'a missing configuration hides the document',
    );
  });
});
