import { strict as assert } from 'node:assert';
import { type Model, SERVICES, membersOf, readModelFile, tokenPaginated } from './load-models.js';

/** A paginator entry: botocore token form or the nimbus page-number form. */
interface Paginator {
  input_token?: string;
  output_token?: string;
  limit_key?: string;
  result_key?: string;
  page_number_param?: string;
  total_key?: string;
}

describe('paginators', () => {
  for (const svc of SERVICES) {
    describe(svc.service, () => {
      const model = readModelFile<Model>(svc, 'api.json');
      const { pagination } = readModelFile<{ pagination: Record<string, Paginator> }>(svc, 'paginators.json');

      it('has an entry for every token-paginated operation', () => {
        const paginated = tokenPaginated(model);
        assert.ok(paginated.size > 0);
        for (const [name, token] of paginated) {
          assert.ok(pagination[name], `${name} is token-paginated but has no paginator`);
          assert.equal(pagination[name].input_token, token, name);
          assert.equal(pagination[name].output_token, token, name);
        }
      });

      it('names only members that exist in the operation shapes', () => {
        for (const [name, p] of Object.entries(pagination)) {
          const op = model.operations[name];
          assert.ok(op, `paginator ${name} has no operation`);
          const input = membersOf(model, op.input);
          const output = membersOf(model, op.output);
          const isList = (member: string): boolean => model.shapes[output[member]?.shape ?? '']?.type === 'list';
          const isNumber = (ref: { shape: string } | undefined): boolean => ['integer', 'long'].includes(model.shapes[ref?.shape ?? '']?.type ?? '');

          if (p.page_number_param) {
            assert.ok(isNumber(input[p.page_number_param]), `${name}: page number ${p.page_number_param}`);
            assert.ok(p.total_key && isNumber(output[p.total_key]), `${name}: total key ${p.total_key}`);
            assert.equal(p.input_token, undefined);
          } else {
            assert.ok(p.input_token && input[p.input_token], `${name}: input token ${p.input_token}`);
            assert.ok(p.output_token && output[p.output_token], `${name}: output token ${p.output_token}`);
          }
          if (p.limit_key !== undefined) assert.ok(isNumber(input[p.limit_key]), `${name}: limit key ${p.limit_key}`);
          assert.ok(p.result_key && isList(p.result_key), `${name}: result key ${p.result_key} is not a list member`);
        }
      });

      it('gives a limit key whenever the operation has one', () => {
        for (const [name, p] of Object.entries(pagination)) {
          const input = membersOf(model, model.operations[name]?.input);
          const limit = ['MaxResults', 'maxResults', 'PageSize'].find((k) => k in input);
          assert.equal(p.limit_key, limit, name);
        }
      });
    });
  }

  it('pages Query by page number', () => {
    const { pagination } = readModelFile<{ pagination: Record<string, Paginator> }>(SERVICES[0]!, 'paginators.json');
    assert.deepEqual(pagination.Query, {
      page_number_param: 'PageNumber',
      limit_key: 'PageSize',
      result_key: 'ResultItems',
      total_key: 'TotalNumberOfResults',
    });
    assert.equal(pagination.ListIndices?.result_key, 'IndexConfigurationSummaryItems');
  });
});
