import assert from 'node:assert/strict';
import { checkInput, validationMessage } from '../../../src/lib/local/protocol/validate-input.js';
import { searchModel } from '../../../src/lib/local/search/core/model.js';
import { ServiceModel } from '../../../src/lib/model/service-model.js';

describe('local protocol: the service wording of the shared shape validator', () => {
  const check = (operation: string, input: Record<string, unknown>) => checkInput(searchModel().operation(operation)!, input);
  const indexId = 'i'.repeat(36);

  it('drops unknown members at every level, keeping nulls and known members', () => {
    const { problems, input } = check('Query', { IndexId: indexId, Bogus: 1, Facets: [{ DocumentAttributeKey: 'k', Extra: true }], PageSize: null });
    assert.deepEqual(problems, []);
    assert.deepEqual(input, { IndexId: indexId, Facets: [{ DocumentAttributeKey: 'k' }], PageSize: null });
  });

  it('bounds integers by what they hold and anchors patterns on the whole value', () => {
    const { problems } = check('Query', { IndexId: indexId, PageNumber: 2 ** 31, Facets: [{ DocumentAttributeKey: 'ok key' }] });
    assert.deepEqual(problems, [
      `Value '${2 ** 31}' at 'PageNumber' failed to satisfy constraint: Member must have value less than or equal to ${2 ** 31 - 1}`,
      "Value 'ok key' at 'Facets.1.member.DocumentAttributeKey' failed to satisfy constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_][a-zA-Z0-9_-]*",
    ]);
  });

  it('numbers list items from 1, as member', () => {
    const { problems } = check('TagResource', { ResourceARN: 'arn:aws:kendra:us-east-1:1:index/x', Tags: [{ Key: '', Value: 'v' }] });
    assert.deepEqual(problems, ["Value '' at 'Tags.1.member.Key' failed to satisfy constraint: Member must have length greater than or equal to 1"]);
  });

  it('reports nesting beyond the bound once and drops the too-deep value', () => {
    let filter: Record<string, unknown> = { EqualsTo: { Key: 'k', Value: { StringValue: 'v' } } };
    for (let i = 0; i < 150; i++) filter = { NotFilter: filter };
    const { problems } = check('Query', { IndexId: indexId, AttributeFilter: filter });
    assert.equal(problems.length, 1);
    assert.match(problems[0]!, /^The value at 'AttributeFilter(\.NotFilter)+' nests deeper than 100 levels, the most the service accepts$/);
  });

  it('keeps a __proto__ key of a map as an entry of the checked copy', () => {
    const model = new ServiceModel({
      metadata: { apiVersion: '1', endpointPrefix: 'v', protocol: 'json', targetPrefix: 'V' },
      operations: { Op: { name: 'Op', http: { method: 'POST', requestUri: '/' }, input: { shape: 'Input' } } },
      shapes: {
        Input: { type: 'structure', members: { Map: { shape: 'Map' } } },
        Map: { type: 'map', key: { shape: 'K' }, value: { shape: 'S' } },
        K: { type: 'string' },
        S: { type: 'string', max: 3 },
      },
    });
    const input = JSON.parse('{"Map":{"__proto__":{"x":1},"ok":"long value"}}') as Record<string, unknown>;
    const { problems, input: checked } = checkInput(model.operation('Op')!, input);
    assert.deepEqual(problems, [
      `Value '{"x":1}' at 'Map.__proto__.value' failed to satisfy constraint: Member must be a string`,
      "Value 'long value' at 'Map.ok.value' failed to satisfy constraint: Member must have length less than or equal to 3",
    ]);
    const map = checked.Map as Record<string, unknown>;
    assert.deepEqual(Object.keys(map), ['__proto__', 'ok']);
    assert.equal(Object.getPrototypeOf(map), Object.prototype);
  });

  it('lists at most ten problems in a ValidationException message', () => {
    const problems = Array.from({ length: 12 }, (_, i) => `p${i}`);
    assert.equal(validationMessage(problems), `12 validation errors detected: ${problems.slice(0, 10).join('; ')}; and 2 more`);
    assert.equal(validationMessage(['one']), '1 validation error detected: one');
  });
});
