import { strict as assert } from 'node:assert';
import type { MobileOperations, ProjectDetails } from '../../../src/lib/services/mobile/types.js';
import type { CreateIndexRequest, ListDataSourceSyncJobsRequest, SearchOperations, TimeRange } from '../../../src/lib/services/search/types.js';

// These checks are made by the type checker (`npm run typecheck`); the test body only confirms
// the values were built. A rule broken in the generated types fails the typecheck here.
describe('generated types in use', () => {
  it('types requests, responses and the operation maps', () => {
    const create: SearchOperations['CreateIndex']['input'] = { Name: 'docs', RoleArn: 'arn:aws:iam::000000000000:role/x', Edition: 'DEVELOPER_EDITION' };
    // @ts-expect-error Name is required
    const missingName: CreateIndexRequest = { RoleArn: 'arn' };
    // @ts-expect-error not a value of IndexEdition
    const badEdition: CreateIndexRequest = { Name: 'n', RoleArn: 'r', Edition: 'FREE' };

    const window: TimeRange = { StartTime: new Date(0) };
    // @ts-expect-error response timestamps are Date
    const stringTime: TimeRange = { StartTime: '2020-01-01' };
    const list: ListDataSourceSyncJobsRequest = { Id: 'd', IndexId: 'i', StartTimeFilter: { StartTime: '2020-01-01', EndTime: 0 } };
    const fromResponse: ListDataSourceSyncJobsRequest = { Id: 'd', IndexId: 'i', StartTimeFilter: window };

    const noOutput: SearchOperations['DeleteIndex']['output'] & { $metadata: { statusCode: number } } = { $metadata: { statusCode: 200 } };
    const details: ProjectDetails | undefined = ({} as MobileOperations['DescribeProject']['output']).details;

    assert.deepEqual(
      [create.Name, missingName.RoleArn, badEdition.Name, stringTime.StartTime, list.Id, fromResponse.IndexId],
      ['docs', 'arn', 'n', '2020-01-01', 'd', 'i'],
    );
    assert.equal(noOutput.$metadata.statusCode, 200);
    assert.equal(details, undefined);
  });
});
