import { strict as assert } from 'node:assert';
import { isServiceException } from '../../../src/lib/errors/service-exception.js';
import type { SearchClient } from '../../../src/lib/services/search/search-client.js';
import { activeIndex, errorCode, searchClient, startTestService, until, type TestService } from './support.js';

const ROLE = 'arn:aws:iam::000000000000:role/experience';
const USER = 'a1b2c3d4-1111-2222-3333-444455556666';
const GROUP = '0123456789-a1b2c3d4-aaaa-bbbb-cccc-ddddeeeeffff';
const STRANGER = 'ffffffff-1111-2222-3333-444455556666';

describe('local search service: search experiences', function () {
  let service: TestService;
  let client: SearchClient;
  let index: string;

  before(async () => {
    service = await startTestService();
    client = searchClient(service.service.endpoint);
    index = await activeIndex(service.service.endpoint);
  });
  after(() => service.stop());

  it('creates an experience that becomes ACTIVE with a local endpoint, and updates, lists and deletes it', async () => {
    const Configuration = { ContentSourceConfiguration: { DirectPutContent: true }, UserIdentityConfiguration: { IdentityAttributeName: 'email' } };
    const { Id } = await client.createExperienceAsync({ IndexId: index, Name: 'portal', RoleArn: ROLE, Description: 'Staff portal', Configuration });
    const creating = await client.describeExperienceAsync({ IndexId: index, Id: Id! });
    assert.equal(creating.Status, 'CREATING');
    const active = await until(async () => {
      const described = await client.describeExperienceAsync({ IndexId: index, Id: Id! });
      return described.Status === 'ACTIVE' && described;
    });
    assert.deepEqual(active.Endpoints, [{ EndpointType: 'HOME', Endpoint: `${service.service.endpoint}/experiences/${Id}` }]);
    assert.deepEqual(active.Configuration, Configuration);
    assert.equal(active.Name, 'portal');
    assert.equal(active.RoleArn, ROLE);
    assert.equal(active.Description, 'Staff portal');

    await client.updateExperienceAsync({ IndexId: index, Id: Id!, Name: 'intranet', Description: 'Renamed' });
    const updated = await client.describeExperienceAsync({ IndexId: index, Id: Id! });
    assert.equal(updated.Name, 'intranet');
    assert.equal(updated.Description, 'Renamed');
    assert.deepEqual(updated.Configuration, Configuration, 'what the update leaves out stays');

    const second = await client.createExperienceAsync({ IndexId: index, Name: 'second' });
    const first = await client.listExperiencesAsync({ IndexId: index, MaxResults: 1 });
    assert.deepEqual(
      first.SummaryItems!.map((item) => item.Name),
      ['intranet'],
    );
    const next = await client.listExperiencesAsync({ IndexId: index, NextToken: first.NextToken! });
    assert.deepEqual(
      next.SummaryItems!.map((item) => item.Id),
      [second.Id],
    );

    await client.deleteExperienceAsync({ IndexId: index, Id: second.Id! });
    const gone = () =>
      client.describeExperienceAsync({ IndexId: index, Id: second.Id! }).then(
        () => false,
        (error) => isServiceException(error, 'ResourceNotFoundException'),
      );
    await until(gone);
    assert.deepEqual(
      (await client.listExperiencesAsync({ IndexId: index })).SummaryItems!.map((item) => item.Id),
      [Id],
    );
  });

  it('associates users and groups, gives them personas, and reports the entities that failed', async () => {
    const { Id } = await client.createExperienceAsync({ IndexId: index, Name: 'people' });
    const associated = await client.associateEntitiesToExperienceAsync({
      IndexId: index,
      Id: Id!,
      EntityList: [
        { EntityId: USER, EntityType: 'USER' },
        { EntityId: GROUP, EntityType: 'GROUP' },
      ],
    });
    assert.deepEqual(associated.FailedEntityList, []);
    const again = await client.associateEntitiesToExperienceAsync({ IndexId: index, Id: Id!, EntityList: [{ EntityId: USER, EntityType: 'USER' }] });
    assert.equal(again.FailedEntityList![0]!.EntityId, USER);
    assert.match(again.FailedEntityList![0]!.ErrorMessage!, /already has access/);

    const entities = await client.listExperienceEntitiesAsync({ IndexId: index, Id: Id! });
    assert.deepEqual(entities.SummaryItems, [
      { EntityId: USER, EntityType: 'USER', DisplayData: { UserName: USER } },
      { EntityId: GROUP, EntityType: 'GROUP', DisplayData: { GroupName: GROUP } },
    ]);

    const personas = await client.associatePersonasToEntitiesAsync({
      IndexId: index,
      Id: Id!,
      Personas: [
        { EntityId: USER, Persona: 'OWNER' },
        { EntityId: STRANGER, Persona: 'VIEWER' },
      ],
    });
    assert.deepEqual(
      personas.FailedEntityList!.map((entity) => entity.EntityId),
      [STRANGER],
    );
    await client.associatePersonasToEntitiesAsync({ IndexId: index, Id: Id!, Personas: [{ EntityId: GROUP, Persona: 'VIEWER' }] });
    const listed = await client.listEntityPersonasAsync({ IndexId: index, Id: Id! });
    assert.deepEqual(
      listed.SummaryItems!.map((item) => [item.EntityId, item.Persona]),
      [
        [USER, 'OWNER'],
        [GROUP, 'VIEWER'],
      ],
    );
    assert.ok(listed.SummaryItems![0]!.CreatedAt instanceof Date);

    const removedPersona = await client.disassociatePersonasFromEntitiesAsync({ IndexId: index, Id: Id!, EntityIds: [GROUP, STRANGER] });
    assert.deepEqual(
      removedPersona.FailedEntityList!.map((entity) => entity.EntityId),
      [STRANGER],
    );
    const removed = await client.disassociateEntitiesFromExperienceAsync({
      IndexId: index,
      Id: Id!,
      EntityList: [
        { EntityId: USER, EntityType: 'USER' },
        { EntityId: STRANGER, EntityType: 'USER' },
      ],
    });
    assert.deepEqual(
      removed.FailedEntityList!.map((entity) => entity.EntityId),
      [STRANGER],
    );
    assert.deepEqual(
      (await client.listExperienceEntitiesAsync({ IndexId: index, Id: Id! })).SummaryItems!.map((item) => item.EntityId),
      [GROUP],
    );
    assert.deepEqual((await client.listEntityPersonasAsync({ IndexId: index, Id: Id! })).SummaryItems, [], 'a removed user loses its persona');
  });

  it('answers the errors the model defines', async () => {
    assert.equal(await errorCode(client.describeExperienceAsync({ IndexId: index, Id: 'missing' })), 'ResourceNotFoundException');
    assert.equal(
      await errorCode(
        client.createExperienceAsync({ IndexId: index, Name: 'bad', Configuration: { ContentSourceConfiguration: { DataSourceIds: ['nope'] } } }),
      ),
      'ResourceNotFoundException',
    );
    assert.equal(
      await errorCode(client.associateEntitiesToExperienceAsync({ IndexId: index, Id: 'missing', EntityList: [{ EntityId: USER, EntityType: 'USER' }] })),
      'ResourceNotFoundException',
    );
    assert.equal(await errorCode(client.listEntityPersonasAsync({ IndexId: index, Id: 'missing' })), 'ResourceNotFoundException');
    assert.equal(await errorCode(client.listExperiencesAsync({ IndexId: index, NextToken: 'forged' })), 'ValidationException');
  });
});
