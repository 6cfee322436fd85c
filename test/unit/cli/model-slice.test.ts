import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { sliceEntries, sliceModel } from '../../../src/lib/cli/fast/model-slice.js';
import type { ApiJson, RawShapeRef } from '../../../src/lib/model/types.js';

const SEARCH = new URL('../../../src/lib/services/search/models/2019-02-03/', import.meta.url);
const api = JSON.parse(readFileSync(new URL('api.json', SEARCH), 'utf8')) as ApiJson;

/** Every shape reference of the model's shapes and operations, as [where, shape name]. */
function references(model: ApiJson): [string, string][] {
  const refs: [string, string][] = [];
  const add = (where: string, ref: RawShapeRef | undefined) => ref && refs.push([where, ref.shape]);
  for (const [name, operation] of Object.entries(model.operations)) {
    add(name, operation.input);
    add(name, operation.output);
    for (const error of operation.errors ?? []) add(name, error);
  }
  for (const [name, shape] of Object.entries(model.shapes)) {
    for (const ref of [shape.member, shape.key, shape.value, ...Object.values(shape.members ?? {})]) add(name, ref);
  }
  return refs;
}

describe('the model slice of one operation (the fast path of the CLI)', () => {
  it('keeps the operation, the metadata, and exactly the shapes its calls and the service errors reach', () => {
    const slice = sliceModel(api, ['ListIndices']);
    assert.deepEqual(Object.keys(slice.operations), ['ListIndices']);
    assert.deepEqual(slice.operations.ListIndices, api.operations.ListIndices);
    assert.deepEqual(slice.metadata, api.metadata);
    for (const [where, shape] of references(slice)) assert.ok(slice.shapes[shape], `${where} refers to ${shape}, which the slice lacks`);
    for (const name of ['ListIndicesRequest', 'ListIndicesResponse', 'IndexConfigurationSummary']) assert.deepEqual(slice.shapes[name], api.shapes[name]);
    const errors = Object.keys(api.shapes).filter((name) => api.shapes[name]!.exception);
    assert.ok(errors.length > 3);
    for (const name of errors) assert.ok(slice.shapes[name], `${name} kept`);
    assert.ok(!slice.shapes.CreateIndexRequest, 'shapes of other operations are left out');
    assert.ok(Object.keys(slice.shapes).length < Object.keys(api.shapes).length / 5);
  });

  it('fails for an operation the model does not have', () => {
    assert.throws(() => sliceModel(api, ['NoSuchOperation']), /no operation NoSuchOperation/);
  });

  it('keeps the paginator and waiter entries asked for, and the rest of their documents', () => {
    const paginators = JSON.parse(readFileSync(new URL('paginators.json', SEARCH), 'utf8')) as Record<string, unknown>;
    const kept = sliceEntries(paginators, 'pagination', (name) => name === 'ListIndices');
    assert.deepEqual(Object.keys(kept.pagination as object), ['ListIndices']);
    const waiters = { version: 2, waiters: { IndexActive: { operation: 'DescribeIndex' }, Other: { operation: 'ListIndices' } } };
    assert.deepEqual(
      sliceEntries(waiters, 'waiters', (_, entry) => (entry as { operation: string }).operation === 'DescribeIndex'),
      { version: 2, waiters: { IndexActive: { operation: 'DescribeIndex' } } },
    );
  });
});
