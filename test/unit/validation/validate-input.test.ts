import assert from 'node:assert/strict';
import { ServiceModel } from '../../../src/lib/model/service-model.js';
import type { RawShape } from '../../../src/lib/model/types.js';
import { compilePattern, compileWholePattern } from '../../../src/lib/validation/patterns.js';
import { CLIENT_POLICY } from '../../../src/lib/validation/client-policy.js';
import { shapeCheck } from '../../../src/lib/validation/shape-validator.js';
import { validateInput } from '../../../src/lib/validation/validate-input.js';
import { loadModel } from '../model/models.js';

/** A model whose one operation takes `shapes.Input`. */
function opWith(shapes: Record<string, RawShape>) {
  const model = new ServiceModel({
    metadata: { apiVersion: '1', endpointPrefix: 'v', protocol: 'json', targetPrefix: 'V' },
    operations: {
      Op: { name: 'Op', http: { method: 'POST', requestUri: '/' }, input: { shape: 'Input' } },
      NoInput: { name: 'NoInput', http: { method: 'POST', requestUri: '/' } },
    },
    shapes: { S: { type: 'string' }, ...shapes },
  });
  return model.operation('Op')!;
}

describe('validateInput', () => {
  const search = loadModel('search');
  const query = search.operation('Query')!;

  it('accepts valid input', () => {
    assert.deepEqual(validateInput(query, { IndexId: 'a'.repeat(36), QueryText: 'hello', Facets: [{ DocumentAttributeKey: '_category' }] }), []);
    assert.deepEqual(validateInput(search.operation('ListIndices')!, {}), []);
  });

  it('reports missing required members, nested, with their paths', () => {
    assert.deepEqual(validateInput(search.operation('CreateIndex')!, {}), ['Missing required parameter Name', 'Missing required parameter RoleArn']);
    const problems = validateInput(search.operation('BatchPutDocument')!, { IndexId: 'a'.repeat(36), Documents: [{ Id: 'd', Attributes: [{ Key: 'k' }] }] });
    assert.deepEqual(problems, ['Missing required parameter Documents[0].Attributes[0].Value']);
  });

  it('treats null like absent', () => {
    assert.deepEqual(validateInput(search.operation('CreateIndex')!, { Name: null, RoleArn: 'arn:aws:iam::123456789012:role/r', Description: null }), [
      'Missing required parameter Name',
    ]);
  });

  it('rejects unknown members, naming the valid ones', () => {
    assert.deepEqual(validateInput(query, { IndexId: 'a'.repeat(36), Facets: [{ DocumentAttributeKey: 'k', Bogus: 1 }] }), [
      'Unknown parameter Facets[0].Bogus, must be one of: DocumentAttributeKey, Facets, MaxResults',
    ]);
    assert.deepEqual(validateInput(search.operation('ListIndices')!, { nextToken: 'x' }), [
      'Unknown parameter nextToken, must be one of: NextToken, MaxResults',
    ]);
  });

  it('reports every problem at once', () => {
    const problems = validateInput(query, {
      IndexId: 'short',
      PageSize: 1.5,
      QueryResultTypeFilter: 'NOPE',
      Facets: [{ DocumentAttributeKey: '', MaxResults: -1 }, 'not an object'],
      AttributeFilter: { EqualsTo: { Key: 'k', Value: { DateValue: 'yesterday', LongValue: '3' } } },
      Extra: true,
    });
    assert.deepEqual(problems, [
      'Invalid length for parameter IndexId: 5 characters, the minimum is 36',
      'Invalid type for parameter PageSize: expected an integer, got number',
      'Invalid value for parameter QueryResultTypeFilter: "NOPE" is not one of: DOCUMENT, QUESTION_ANSWER, ANSWER',
      'Invalid length for parameter Facets[0].DocumentAttributeKey: 0 characters, the minimum is 1',
      'Invalid value for parameter Facets[0].DocumentAttributeKey: it does not match the pattern [a-zA-Z0-9_][a-zA-Z0-9_-]*',
      'Invalid value for parameter Facets[0].MaxResults: -1 is below the minimum 0',
      'Invalid type for parameter Facets[1]: expected an object, got string',
      'Invalid type for parameter AttributeFilter.EqualsTo.Value.DateValue: expected a timestamp (Date, ISO 8601 string or epoch seconds), got string',
      'Invalid type for parameter AttributeFilter.EqualsTo.Value.LongValue: expected an integer, got string',
      'Unknown parameter Extra, must be one of: IndexId, QueryText, AttributeFilter, Facets, RequestedDocumentAttributes, QueryResultTypeFilter, DocumentRelevanceOverrideConfigurations, PageNumber, PageSize, SortingConfiguration, SortingConfigurations, UserContext, VisitorId, SpellCorrectionConfiguration, CollapseConfiguration',
    ]);
  });

  it('validates recursive filters at any depth', () => {
    const deep = { NotFilter: { NotFilter: { AndAllFilters: [{ OrAllFilters: [{ EqualsTo: { Key: '-', Value: {} } }] }] } } };
    assert.deepEqual(validateInput(query, { IndexId: 'a'.repeat(36), AttributeFilter: deep }), [
      'Invalid value for parameter AttributeFilter.NotFilter.NotFilter.AndAllFilters[0].OrAllFilters[0].EqualsTo.Key: it does not match the pattern [a-zA-Z0-9_][a-zA-Z0-9_-]*',
    ]);
  });

  it('rejects a non-object input', () => {
    assert.deepEqual(validateInput(query, 'text'), ['Invalid type for parameter input: expected an object, got string']);
    assert.deepEqual(validateInput(query, [1]), ['Invalid type for parameter input: expected an object, got array']);
    const none = search.operation('ListIndices')!.service.operation('ListIndices')!;
    assert.deepEqual(validateInput(none, null), ['Invalid type for parameter input: expected an object, got null']);
  });

  it('rejects any member of an operation without input', () => {
    const op = opWith({ Input: { type: 'structure', members: {} } }).service.operation('NoInput')!;
    assert.deepEqual(validateInput(op, {}), []);
    assert.deepEqual(validateInput(op, { A: 1 }), ['Unknown parameter A: this operation takes no input']);
  });

  describe('types', () => {
    const op = opWith({
      Input: {
        type: 'structure',
        members: {
          Str: { shape: 'S' },
          Int: { shape: 'I' },
          Lng: { shape: 'L' },
          Flt: { shape: 'F' },
          Dbl: { shape: 'D' },
          Bool: { shape: 'B' },
          Time: { shape: 'T' },
          Bytes: { shape: 'Blob' },
          List: { shape: 'List' },
          Map: { shape: 'Map' },
          Struct: { shape: 'Input' },
          Doc: { shape: 'Doc' },
          Json: { shape: 'S', jsonvalue: true },
        },
      },
      I: { type: 'integer' },
      L: { type: 'long' },
      F: { type: 'float' },
      D: { type: 'double' },
      B: { type: 'boolean' },
      T: { type: 'timestamp' },
      Blob: { type: 'blob' },
      List: { type: 'list', member: { shape: 'S' } },
      Map: { type: 'map', key: { shape: 'S' }, value: { shape: 'I' } },
      Doc: { type: 'structure', members: {}, document: true },
    });

    it('accepts each type in its accepted forms', () => {
      const valid = {
        Str: 's',
        Int: -3,
        Lng: 2 ** 53 - 1,
        Flt: 1.5,
        Dbl: 3,
        Bool: false,
        Time: new Date(),
        Bytes: Buffer.from('x'),
        List: ['a'],
        Map: { k: 1 },
        Struct: { Str: 'nested' },
        Doc: { a: [1, 'b', null, { c: true }] },
        Json: { any: 'json' },
      };
      assert.deepEqual(validateInput(op, valid), []);
      for (const Time of ['2024-01-02', '2024-01-02T03:04:05Z', '2024-01-02T03:04:05.123+02:00', '2024-01-02T03:04:05', 0, 1704164645.5]) {
        assert.deepEqual(validateInput(op, { Time }), [], String(Time));
      }
      for (const Bytes of [new Uint8Array(2), 'text']) assert.deepEqual(validateInput(op, { Bytes }), []);
      for (const Doc of ['s', 1, true, null, [1]]) assert.deepEqual(validateInput(op, { Doc }), [], JSON.stringify(Doc));
    });

    it('names the expected and the actual type of each wrong value', () => {
      const problems = validateInput(op, {
        Str: 1,
        Int: 1.5,
        Lng: '1',
        Flt: '1.5',
        Dbl: true,
        Bool: 'true',
        Time: 'next week',
        Bytes: 12,
        List: 'a',
        Map: ['k'],
        Struct: 'x',
        Doc: { f: () => 1 },
        Json: { n: Number.NaN },
      });
      assert.deepEqual(problems, [
        'Invalid type for parameter Str: expected string, got number',
        'Invalid type for parameter Int: expected an integer, got number',
        'Invalid type for parameter Lng: expected an integer, got string',
        'Invalid type for parameter Flt: expected a number, got string',
        'Invalid type for parameter Dbl: expected a number, got boolean',
        'Invalid type for parameter Bool: expected boolean, got string',
        'Invalid type for parameter Time: expected a timestamp (Date, ISO 8601 string or epoch seconds), got string',
        'Invalid type for parameter Bytes: expected bytes (Uint8Array, Buffer or string), got number',
        'Invalid type for parameter List: expected an array, got string',
        'Invalid type for parameter Map: expected an object (map), got array',
        'Invalid type for parameter Struct: expected an object, got string',
        'Invalid type for parameter Doc: a document holds only JSON values, found function',
        'Invalid type for parameter Json: a document holds only JSON values, found NaN',
      ]);
    });

    it('rejects invalid dates, null list items and null map values', () => {
      assert.deepEqual(validateInput(op, { Time: new Date(Number.NaN), List: ['a', null], Map: { k: null } }), [
        'Invalid type for parameter Time: expected a timestamp (Date, ISO 8601 string or epoch seconds), got Date',
        'Invalid type for parameter List[1]: expected string, got null',
        'Invalid type for parameter Map.k: expected integer, got null',
      ]);
    });
  });

  describe('constraints', () => {
    const op = opWith({
      Input: {
        type: 'structure',
        members: {
          Name: { shape: 'Name' },
          Count: { shape: 'Count' },
          Ratio: { shape: 'Ratio' },
          Items: { shape: 'Items' },
          Tags: { shape: 'Tags' },
          Color: { shape: 'Color' },
          Code: { shape: 'Code' },
          Lambda: { shape: 'Lambda' },
          Broken: { shape: 'Broken' },
          Data: { shape: 'Data' },
          Choice: { shape: 'Choice' },
        },
      },
      Name: { type: 'string', min: 2, max: 4 },
      Count: { type: 'integer', min: 1, max: 10 },
      Ratio: { type: 'double', min: 1e-6, max: 50 },
      Items: { type: 'list', member: { shape: 'S' }, min: 1, max: 2 },
      Tags: { type: 'map', key: { shape: 'TagKey' }, value: { shape: 'S' }, min: 1, max: 2 },
      TagKey: { type: 'string', min: 1, max: 3 },
      Color: { type: 'string', enum: ['RED', 'GREEN'] },
      Code: { type: 'string', pattern: '^[A-Z]{2}\\d+$' },
      Lambda: { type: 'string', pattern: '/arn:aws:lambda:[a-z0-9-]+:[0-9]{12}:function:[a-zA-Z0-9-_]+/' },
      Broken: { type: 'string', pattern: '(?<=unclosed' },
      Data: { type: 'blob', min: 1, max: 3 },
      Choice: { type: 'structure', union: true, members: { A: { shape: 'S' }, B: { shape: 'S' } } },
    });

    it('checks string lengths in code points', () => {
      assert.deepEqual(validateInput(op, { Name: 'ab' }), []);
      assert.deepEqual(validateInput(op, { Name: '😀😀😀😀' }), [], 'four astral characters are four characters');
      assert.deepEqual(validateInput(op, { Name: 'a' }), ['Invalid length for parameter Name: 1 characters, the minimum is 2']);
      assert.deepEqual(validateInput(op, { Name: '😀' }), ['Invalid length for parameter Name: 1 characters, the minimum is 2']);
      assert.deepEqual(validateInput(op, { Name: 'abcde' }), ['Invalid length for parameter Name: 5 characters, the maximum is 4']);
    });

    it('checks number ranges', () => {
      assert.deepEqual(validateInput(op, { Count: 1, Ratio: 50 }), []);
      assert.deepEqual(validateInput(op, { Count: 0, Ratio: 0 }), [
        'Invalid value for parameter Count: 0 is below the minimum 1',
        'Invalid value for parameter Ratio: 0 is below the minimum 0.000001',
      ]);
      assert.deepEqual(validateInput(op, { Count: 11, Ratio: 50.5 }), [
        'Invalid value for parameter Count: 11 is above the maximum 10',
        'Invalid value for parameter Ratio: 50.5 is above the maximum 50',
      ]);
    });

    it('checks list and map sizes and map keys', () => {
      assert.deepEqual(validateInput(op, { Items: [], Tags: {} }), [
        'Invalid size for parameter Items: 0 items, the minimum is 1',
        'Invalid size for parameter Tags: 0 entries, the minimum is 1',
      ]);
      assert.deepEqual(validateInput(op, { Items: ['a', 'b', 'c'], Tags: { a: 'x', b: 'y', long: 'z' } }), [
        'Invalid size for parameter Items: 3 items, the maximum is 2',
        'Invalid size for parameter Tags: 3 entries, the maximum is 2',
        'Invalid length for parameter Tags.long: 4 characters, the maximum is 3',
      ]);
    });

    it('checks blob sizes in bytes', () => {
      assert.deepEqual(validateInput(op, { Data: new Uint8Array(3) }), []);
      assert.deepEqual(validateInput(op, { Data: 'éé' }), ['Invalid length for parameter Data: 4 bytes, the maximum is 3']);
      assert.deepEqual(validateInput(op, { Data: new Uint8Array(0) }), ['Invalid length for parameter Data: 0 bytes, the minimum is 1']);
    });

    it('checks enum values', () => {
      assert.deepEqual(validateInput(op, { Color: 'RED' }), []);
      assert.deepEqual(validateInput(op, { Color: 'red' }), ['Invalid value for parameter Color: "red" is not one of: RED, GREEN']);
    });

    it('checks patterns (searched, not anchored, unless the pattern anchors itself)', () => {
      assert.deepEqual(validateInput(op, { Code: 'AB12' }), []);
      assert.deepEqual(validateInput(op, { Code: 'ab12' }), ['Invalid value for parameter Code: it does not match the pattern ^[A-Z]{2}\\d+$']);
    });

    it('reads a /…/ pattern as a regex literal', () => {
      assert.deepEqual(validateInput(op, { Lambda: 'arn:aws:lambda:us-east-1:123456789012:function:my-fn' }), []);
      assert.equal(validateInput(op, { Lambda: 'arn:aws:s3:::bucket' }).length, 1);
    });

    it('skips a pattern JavaScript cannot compile', () => {
      assert.equal(compilePattern('(?<=unclosed'), undefined);
      assert.deepEqual(validateInput(op, { Broken: 'anything' }), []);
    });

    it('compiles every Kendra pattern, including \\p{…} classes and lookbehinds', () => {
      const patterns = Object.values(search.json.shapes).flatMap((shape) => (shape.pattern ? [shape.pattern] : []));
      assert.ok(patterns.length > 30);
      for (const pattern of patterns) assert.ok(compilePattern(pattern), pattern);
      assert.ok(compilePattern('^\\P{C}*$')!.test('plain text ü'));
      assert.equal(compilePattern('^\\P{C}*$')!.test('bell\u0007'), false);
    });

    it('anchors a pattern at both ends for a whole-value check, keeping its flags', () => {
      assert.equal(compilePattern('[a-z]+')!.test('ab cd'), true);
      assert.equal(compileWholePattern('[a-z]+')!.test('ab cd'), false);
      assert.equal(compileWholePattern('a|b')!.test('ab'), false);
      assert.equal(compileWholePattern('\\P{L}+')!.test('12'), true);
      assert.equal(compileWholePattern('(?<=unclosed'), undefined);
    });

    it('requires exactly one member of a union', () => {
      assert.deepEqual(validateInput(op, { Choice: { A: 'a' } }), []);
      assert.deepEqual(validateInput(op, { Choice: { A: 'a', B: 'b' } }), ['Invalid parameter Choice: exactly one member must be set, found 2']);
      assert.deepEqual(validateInput(op, { Choice: {} }), ['Invalid parameter Choice: exactly one member must be set, found 0']);
    });

    it('never echoes the value of a string that fails a length or pattern check', () => {
      const problems = validateInput(op, { Name: 'secret-value', Code: 'secret-code' });
      assert.equal(problems.length, 2);
      for (const problem of problems) assert.doesNotMatch(problem, /secret/);
    });
  });

  it('compiles one checker per shape and reuses it', () => {
    const model = loadModel('search');
    const op = model.operation('Query')!;
    assert.equal(shapeCheck(op.input!, CLIENT_POLICY), shapeCheck(op.input!, CLIENT_POLICY));
    assert.equal(shapeCheck(model.shape('AttributeFilter')!, CLIENT_POLICY), shapeCheck(model.shape('AttributeFilter')!, CLIENT_POLICY));
    const first = validateInput(op, { IndexId: 'x' });
    const second = validateInput(op, { IndexId: 'x' });
    assert.deepEqual(first, second);
    assert.notEqual(first, second, 'each call gets its own problem list');
  });
});
