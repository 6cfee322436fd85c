import assert from 'node:assert/strict';
import { ModelError } from '../../../src/lib/errors/model-error.js';
import { ServiceModel } from '../../../src/lib/model/service-model.js';
import type { ApiJson } from '../../../src/lib/model/types.js';
import { loadModel, loadModelJson } from './models.js';

describe('ServiceModel', () => {
  const search = loadModel('search');
  const mobile = loadModel('mobile');

  it('exposes the metadata and every operation name', () => {
    assert.equal(search.metadata.targetPrefix, 'AWSKendraFrontendService');
    assert.equal(search.protocol, 'json');
    assert.equal(mobile.protocol, 'rest-json');
    assert.equal(mobile.apiVersion, '2017-07-01');
    assert.deepEqual(search.operationNames, Object.keys(loadModelJson('search').operations));
    assert.ok(search.operationNames.includes('CreateIndex'));
    assert.equal(mobile.operationNames.length, 9);
  });

  it('finds operations by CreateIndex or createIndex, and nothing else', () => {
    const byCanonical = search.operation('CreateIndex');
    assert.ok(byCanonical);
    assert.equal(byCanonical.name, 'CreateIndex');
    assert.equal(search.operation('createIndex'), byCanonical, 'the same cached instance');
    assert.equal(search.canonicalOperationName('listIndices'), 'ListIndices');
    assert.equal(search.operation('CREATEINDEX'), undefined);
    assert.equal(search.operation('createindex'), undefined);
    assert.equal(search.operation('NoSuchThing'), undefined);
    assert.equal(search.operation('constructor'), undefined);
    assert.equal(search.operation('toString'), undefined);
  });

  it('resolves shapes, including recursive ones', () => {
    const filter = search.shape('AttributeFilter');
    assert.ok(filter);
    assert.equal(filter.type, 'structure');
    const and = filter.members.get('AndAllFilters');
    assert.equal(and?.shape.type, 'list');
    assert.equal(and?.shape.member?.shape, filter, 'the list element is the same AttributeFilter shape');
    assert.equal(filter.members.get('NotFilter')?.shape, filter);
    assert.equal(search.shape('NoSuchShape'), undefined);
    assert.equal(search.shape('hasOwnProperty'), undefined);
  });

  it('exposes shape constraints and traits', () => {
    const name = search.shape('IndexName')!;
    assert.equal(name.min, 1);
    assert.equal(name.max, 1000);
    assert.equal(typeof name.pattern, 'string');
    assert.ok(search.shape('IndexEdition')!.enum?.includes('DEVELOPER_EDITION'));
    assert.equal(search.shape('Template')!.isDocument, true);
    const internal = search.shape('InternalServerException')!;
    assert.equal(internal.isException, true);
    assert.equal(internal.isFault, true);
    assert.equal(mobile.shape('NotFoundException')!.httpStatusCode, 404);
    assert.deepEqual([...search.shape('CreateIndexRequest')!.required].sort(), ['Name', 'RoleArn']);
    assert.equal(mobile.shape('CreateProjectRequest')!.payload, 'contents');
    const regionMember = mobile.shape('CreateProjectRequest')!.members.get('region')!;
    assert.equal(regionMember.location, 'querystring');
    assert.equal(regionMember.wireName, 'region');
    assert.equal(search.shape('ValueImportanceMap')!.key?.shape.type, 'string');
    assert.equal(search.shape('ValueImportanceMap')!.value?.shape.type, 'integer');
  });

  it('describes an operation: http, input, output, errors, idempotency tokens', () => {
    const op = search.operation('createIndex')!;
    assert.deepEqual(op.http, { method: 'POST', requestUri: '/' });
    assert.equal(op.input?.name, 'CreateIndexRequest');
    assert.equal(op.output?.name, 'CreateIndexResponse');
    assert.ok(op.errors.some((shape) => shape.name === 'ValidationException'));
    assert.deepEqual(op.idempotencyTokenMembers, ['ClientToken']);
    assert.deepEqual(search.operation('Query')!.idempotencyTokenMembers, []);
    assert.equal(op.service, search);
    assert.equal(op.hostPrefix, undefined);
    assert.equal(op.endpointDiscovery, undefined);
    const describe = mobile.operation('describeBundle')!;
    assert.deepEqual(describe.http, { method: 'GET', requestUri: '/bundles/{bundleId}' });
    assert.equal(search.operation('DeleteIndex')!.output, undefined);
  });

  it('finds error shapes by name, by error code, and among all exception shapes', () => {
    const op = search.operation('DescribeIndex')!;
    assert.equal(op.errorShape('ResourceNotFoundException')?.name, 'ResourceNotFoundException');
    // Not in DescribeIndex's error list, but an exception shape of the model.
    assert.equal(op.errorShape('ConflictException')?.name, 'ConflictException');
    assert.equal(op.errorShape('IndexName'), undefined, 'a shape that is not an exception');
    assert.equal(op.errorShape('Nope'), undefined);
  });

  it('reads operation traits: host prefix, endpoint discovery, auth, signature version', () => {
    const model = new ServiceModel({
      metadata: { apiVersion: '2020-01-01', endpointPrefix: 'x', protocol: 'json', targetPrefix: 'X' },
      operations: {
        Discover: { name: 'Discover', http: { method: 'post', requestUri: '/' }, endpointoperation: true },
        Put: {
          name: 'Put',
          http: { method: 'POST', requestUri: '/', responseCode: 201 },
          input: { shape: 'PutInput' },
          endpoint: { hostPrefix: '{Account}.data.' },
          endpointdiscovery: { required: true },
          authtype: 'v4-unsigned-body',
          auth: ['aws.auth#sigv4'],
          signatureVersion: 'v4a',
          deprecated: true,
        },
        Get: { name: 'Get', http: { method: 'GET', requestUri: '/' }, endpointdiscovery: {} },
      },
      shapes: {
        PutInput: {
          type: 'structure',
          members: { Account: { shape: 'S', hostLabel: true }, Id: { shape: 'S', endpointdiscoveryid: true }, Token: { shape: 'S', idempotencyToken: true } },
        },
        S: { type: 'string' },
      },
    });
    const put = model.operation('put')!;
    assert.equal(put.hostPrefix, '{Account}.data.');
    assert.deepEqual(put.hostLabelMembers, ['Account']);
    assert.deepEqual(put.endpointDiscoveryIdMembers, ['Id']);
    assert.deepEqual(put.idempotencyTokenMembers, ['Token']);
    assert.deepEqual(put.endpointDiscovery, { required: true });
    assert.equal(put.authtype, 'v4-unsigned-body');
    assert.deepEqual(put.auth, ['aws.auth#sigv4']);
    assert.equal(put.signatureVersion, 'v4a');
    assert.equal(put.deprecated, true);
    assert.equal(put.http.responseCode, 201);
    assert.deepEqual(model.operation('Get')!.endpointDiscovery, { required: false });
    const discover = model.operation('Discover')!;
    assert.equal(discover.isEndpointDiscoveryOperation, true);
    assert.equal(discover.http.method, 'POST');
    assert.equal(discover.input, undefined);
    assert.equal(discover.authtype, undefined);
  });

  it('throws a ModelError naming the referrer of a missing shape', () => {
    const model = new ServiceModel({
      metadata: { apiVersion: '1', endpointPrefix: 'x', protocol: 'json' },
      operations: { Op: { name: 'Op', http: { method: 'POST', requestUri: '/' }, input: { shape: 'In' } } },
      shapes: { In: { type: 'structure', members: { Field: { shape: 'Missing' } } } },
    });
    assert.throws(
      () => model.operation('Op'),
      (error: unknown) => error instanceof ModelError && /"Missing".*In\.Field/.test(error.message),
    );
  });

  it('rejects a document that is not a model', () => {
    assert.throws(() => new ServiceModel({} as ApiJson), ModelError);
    assert.throws(() => new ServiceModel(null as unknown as ApiJson), ModelError);
  });

  it('memoizes derived data once per operation', () => {
    const op = loadModel('search').operation('Query')!;
    const key = Symbol('test');
    let builds = 0;
    const first = op.memo(key, () => ({ build: ++builds }));
    const second = op.memo(key, () => ({ build: ++builds }));
    assert.equal(first, second);
    assert.equal(builds, 1);
  });
});
