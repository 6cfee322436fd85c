import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Model, type Shape, SERVICES, readModelFile, repoRoot } from './load-models.js';

/** Every shape name a shape refers to (members, list member, map key and value). */
function references(shape: Shape): string[] {
  return [...Object.values(shape.members ?? {}).map((m) => m.shape), ...[shape.member, shape.key, shape.value].flatMap((r) => (r ? [r.shape] : []))];
}

/** Every key used anywhere in a JSON value (object keys of nested objects, not member names). */
function traitKeys(value: unknown, into = new Set<string>(), isMemberMap = false): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => traitKeys(v, into));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (!isMemberMap) into.add(k);
      traitKeys(v, into, !isMemberMap && (k === 'members' || k === 'operations' || k === 'shapes'));
    }
  }
  return into;
}

describe('project service models', () => {
  for (const svc of SERVICES) {
    describe(svc.service, () => {
      const model = readModelFile<Model>(svc, 'api.json');

      it(`has exactly ${svc.operations} operations, each named after its key`, () => {
        assert.equal(Object.keys(model.operations).length, svc.operations);
        for (const [name, op] of Object.entries(model.operations)) assert.equal(op.name, name);
      });

      it('resolves every operation input, output and error shape', () => {
        for (const [name, op] of Object.entries(model.operations)) {
          for (const ref of [op.input, op.output, ...(op.errors ?? [])]) {
            if (!ref) continue;
            const shape = model.shapes[ref.shape];
            assert.ok(shape, `${name}: shape ${ref.shape} is missing`);
            assert.equal(shape.type, 'structure', `${name}: ${ref.shape} is not a structure`);
          }
          for (const err of op.errors ?? []) assert.equal(model.shapes[err.shape]?.exception, true, `${name}: ${err.shape}`);
        }
      });

      it('resolves every shape reference and every required member', () => {
        for (const [name, shape] of Object.entries(model.shapes)) {
          for (const ref of references(shape)) assert.ok(model.shapes[ref], `${name} refers to missing shape ${ref}`);
          for (const req of shape.required ?? []) assert.ok(shape.members?.[req], `${name}: required ${req} is not a member`);
        }
      });

      it('keeps the semantic traits and drops the human text', () => {
        const keys = traitKeys(model);
        for (const text of ['documentation', 'documentationUrl', 'examples', 'deprecatedMessage']) {
          assert.ok(!keys.has(text), `model still has ${text}`);
        }
        const source = JSON.parse(
          readFileSync(join(repoRoot, 'models', `${svc.service === 'search' ? 'kendra-2019-02-03' : 'mobile-2017-07-01'}.api.json`), 'utf8'),
        ) as Model;
        const sourceKeys = traitKeys(source);
        for (const key of sourceKeys) {
          if (key !== 'deprecatedMessage') assert.ok(keys.has(key), `trait ${key} was dropped`);
        }
        assert.deepEqual(model.metadata, source.metadata);
        assert.deepEqual(Object.keys(model.shapes), Object.keys(source.shapes));
      });
    });
  }

  it('carries the wire details the clients depend on', () => {
    const search = readModelFile<Model>(SERVICES[0]!, 'api.json');
    assert.equal(search.metadata.targetPrefix, 'AWSKendraFrontendService');
    assert.equal(search.metadata.signingName, 'kendra');
    const createIndex = search.shapes.CreateIndexRequest!;
    assert.equal(createIndex.members?.ClientToken?.idempotencyToken, true);
    assert.deepEqual(search.shapes.IndexEdition?.enum?.slice(0, 2), ['DEVELOPER_EDITION', 'ENTERPRISE_EDITION']);
    assert.equal(search.shapes.DataSourceConfiguration?.members?.AlfrescoConfiguration?.deprecated, true);

    const mobile = readModelFile<Model>(SERVICES[1]!, 'api.json');
    assert.equal(mobile.metadata.protocol, 'rest-json');
    assert.equal(mobile.metadata.signingName, 'AWSMobileHubService');
    assert.deepEqual(mobile.operations.DeleteProject?.http, { method: 'DELETE', requestUri: '/projects/{projectId}' });
    assert.equal(mobile.shapes.CreateProjectRequest?.payload, 'contents');
    assert.deepEqual(mobile.shapes.NotFoundException?.error, { httpStatusCode: 404 });
    assert.deepEqual(mobile.shapes.DescribeProjectRequest?.members?.projectId, {
      shape: 'ProjectId',
      location: 'querystring',
      locationName: 'projectId',
    });
  });
});
