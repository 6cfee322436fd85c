import { randomUUID } from 'node:crypto';
import type { EntityType, ExperienceConfiguration, ExperienceEndpoint, ExperienceStatus, Persona } from '../../../services/search/types.js';
import { notFound } from '../core/errors.js';
import { withClientToken } from '../core/idempotency.js';
import { statusOf } from '../core/lifecycle.js';
import type { OperationHandler, OperationHandlers, OpContext } from '../core/op-context.js';
import { listPage } from '../core/pagination.js';
import { dateOf } from '../core/time.js';
import { findDataSource } from './data-source-store.js';
import {
  deleteEntity,
  deletePersona,
  faqExists,
  findEntity,
  findExperienceRow,
  findPersona,
  insertEntity,
  insertExperience,
  listEntities,
  listExperienceRows,
  listPersonas,
  markExperienceDeleted,
  updateExperienceRow,
  upsertPersona,
  type ExperienceRow,
} from './experiences-store.js';
import { activeIndex, findIndex, type IndexRow } from './index-store.js';

/** How many entities ListExperienceEntities returns per page (it takes no MaxResults). */
const ENTITY_PAGE = 20;

/** The status of an experience at the request's time; `undefined` once deleted. */
function experienceStatus(ctx: OpContext, row: ExperienceRow): ExperienceStatus | undefined {
  return statusOf(row, ctx.nowMs, ctx.delayMs, 'ACTIVE') as ExperienceStatus | undefined;
}

function findExperience(ctx: OpContext, index: IndexRow, id: string): ExperienceRow & { status: string } {
  const row = findExperienceRow(ctx.db, index.rowid, id);
  const status = row && experienceStatus(ctx, row);
  if (!row || !status) throw notFound(`Experience ${id} does not exist in index ${index.id}.`);
  return { ...row, status };
}

/** The experience `id`, which must not be being deleted, for an operation on its entities. */
function liveExperience(ctx: OpContext, index: IndexRow, id: string): ExperienceRow {
  const row = findExperience(ctx, index, id);
  if (row.status === 'DELETING') throw notFound(`Experience ${id} is being deleted.`);
  return row;
}

/** The local address of an experience's search page. */
function endpoints(ctx: OpContext, row: ExperienceRow): ExperienceEndpoint[] {
  return [{ EndpointType: 'HOME', Endpoint: `${ctx.local.endpoint}/experiences/${row.id}` }];
}

/** Checks that the data sources and FAQs a configuration names exist in the index. */
function checkConfiguration(ctx: OpContext, index: IndexRow, configuration: ExperienceConfiguration | undefined): void {
  const sources = configuration?.ContentSourceConfiguration;
  for (const id of sources?.DataSourceIds ?? []) findDataSource(ctx, index.rowid, id);
  for (const id of sources?.FaqIds ?? []) {
    if (!faqExists(ctx.db, index.rowid, id)) throw notFound(`FAQ ${id} does not exist in index ${index.id}.`);
  }
}

const createExperience: OperationHandler<'CreateExperience'> = (ctx, input) => {
  const index = activeIndex(ctx, input.IndexId, 'CreateExperience');
  checkConfiguration(ctx, index, input.Configuration);
  const create = () =>
    withClientToken(ctx, `CreateExperience:${index.id}`, input, () => {
      const id = randomUUID();
      const values = {
        name: input.Name,
        description: input.Description ?? null,
        roleArn: input.RoleArn ?? null,
        configuration: input.Configuration ? JSON.stringify(input.Configuration) : null,
      };
      insertExperience(ctx.db, index.rowid, id, values, ctx.nowMs, ctx.nowMs + ctx.delayMs);
      return id;
    });
  return { Id: ctx.db.transaction(create).immediate() };
};

const describeExperience: OperationHandler<'DescribeExperience'> = (ctx, input) => {
  const index = findIndex(ctx, input.IndexId);
  const row = findExperience(ctx, index, input.Id);
  return {
    Id: row.id,
    IndexId: index.id,
    Name: row.name,
    Endpoints: endpoints(ctx, row),
    ...(row.configuration !== null ? { Configuration: JSON.parse(row.configuration) } : {}),
    CreatedAt: dateOf(row.created_at),
    UpdatedAt: dateOf(row.updated_at),
    ...(row.description !== null ? { Description: row.description } : {}),
    Status: row.status as ExperienceStatus,
    ...(row.role_arn !== null ? { RoleArn: row.role_arn } : {}),
  };
};

const listExperiences: OperationHandler<'ListExperiences'> = (ctx, input) => {
  const index = findIndex(ctx, input.IndexId);
  const items = listExperienceRows(ctx.db, index.rowid).flatMap((row) => {
    const status = experienceStatus(ctx, row);
    return status ? [{ Name: row.name, Id: row.id, CreatedAt: dateOf(row.created_at), Status: status, Endpoints: endpoints(ctx, row) }] : [];
  });
  const { page, ...next } = listPage(items, input, 100, 'ListExperiences', index.id);
  return { SummaryItems: page, ...next };
};

const updateExperience: OperationHandler<'UpdateExperience'> = (ctx, input) => {
  const index = activeIndex(ctx, input.IndexId, 'UpdateExperience');
  checkConfiguration(ctx, index, input.Configuration);
  ctx.db
    .transaction(() => {
      const row = liveExperience(ctx, index, input.Id);
      updateExperienceRow(
        ctx.db,
        row.rowid,
        {
          name: input.Name ?? row.name,
          description: input.Description ?? row.description,
          roleArn: input.RoleArn ?? row.role_arn,
          configuration: input.Configuration ? JSON.stringify(input.Configuration) : row.configuration,
        },
        ctx.nowMs,
      );
    })
    .immediate();
  return {};
};

const deleteExperience: OperationHandler<'DeleteExperience'> = (ctx, input) => {
  const index = findIndex(ctx, input.IndexId);
  ctx.db
    .transaction(() => {
      const row = findExperience(ctx, index, input.Id);
      if (row.status !== 'DELETING') markExperienceDeleted(ctx.db, row.rowid, ctx.nowMs);
    })
    .immediate();
  return {};
};

/**
 * Applies `apply` to each item of a batch on the live experience `input.Id`, in one transaction.
 * `apply` returns the reason an item failed, or undefined once it is done; the failures are the
 * answer's FailedEntityList.
 */
function eachItem<Item>(
  ctx: OpContext,
  input: { IndexId: string; Id: string },
  items: readonly Item[],
  entityId: (item: Item) => string,
  apply: (experience: ExperienceRow, item: Item) => string | undefined,
): { FailedEntityList: { EntityId: string; ErrorMessage: string }[] } {
  const index = findIndex(ctx, input.IndexId);
  const failed = ctx.db
    .transaction(() => {
      const experience = liveExperience(ctx, index, input.Id);
      return items.flatMap((item) => {
        const ErrorMessage = apply(experience, item);
        return ErrorMessage === undefined ? [] : [{ EntityId: entityId(item), ErrorMessage }];
      });
    })
    .immediate();
  return { FailedEntityList: failed };
}

const associateEntitiesToExperience: OperationHandler<'AssociateEntitiesToExperience'> = (ctx, input) =>
  eachItem(
    ctx,
    input,
    input.EntityList,
    (entity) => entity.EntityId,
    (experience, entity) => {
      const existing = findEntity(ctx.db, experience.rowid, entity.EntityId);
      if (existing) return `The ${existing.entity_type.toLowerCase()} ${entity.EntityId} already has access to experience ${experience.id}.`;
      insertEntity(ctx.db, experience.rowid, entity.EntityId, entity.EntityType, ctx.nowMs);
      return undefined;
    },
  );

const disassociateEntitiesFromExperience: OperationHandler<'DisassociateEntitiesFromExperience'> = (ctx, input) =>
  eachItem(
    ctx,
    input,
    input.EntityList,
    (entity) => entity.EntityId,
    (experience, entity) => {
      const existing = findEntity(ctx.db, experience.rowid, entity.EntityId);
      if (!existing || existing.entity_type !== entity.EntityType) {
        return `No ${entity.EntityType.toLowerCase()} ${entity.EntityId} has access to experience ${experience.id}.`;
      }
      deleteEntity(ctx.db, experience.rowid, entity.EntityId);
      return undefined;
    },
  );

const associatePersonasToEntities: OperationHandler<'AssociatePersonasToEntities'> = (ctx, input) =>
  eachItem(
    ctx,
    input,
    input.Personas,
    (persona) => persona.EntityId,
    (experience, persona) => {
      if (!findEntity(ctx.db, experience.rowid, persona.EntityId)) {
        return `${persona.EntityId} has no access to experience ${experience.id}; give it access with AssociateEntitiesToExperience first.`;
      }
      upsertPersona(ctx.db, experience.rowid, persona.EntityId, persona.Persona, ctx.nowMs);
      return undefined;
    },
  );

const disassociatePersonasFromEntities: OperationHandler<'DisassociatePersonasFromEntities'> = (ctx, input) =>
  eachItem(
    ctx,
    input,
    input.EntityIds,
    (entityId) => entityId,
    (experience, entityId) => {
      if (!findPersona(ctx.db, experience.rowid, entityId)) return `${entityId} has no persona in experience ${experience.id}.`;
      deletePersona(ctx.db, experience.rowid, entityId);
      return undefined;
    },
  );

const listExperienceEntities: OperationHandler<'ListExperienceEntities'> = (ctx, input) => {
  const index = findIndex(ctx, input.IndexId);
  const experience = liveExperience(ctx, index, input.Id);
  // without an identity store, an entity's display name is its id
  const items = listEntities(ctx.db, experience.rowid).map((row) => ({
    EntityId: row.entity_id,
    EntityType: row.entity_type as EntityType,
    DisplayData: row.entity_type === 'GROUP' ? { GroupName: row.entity_id } : { UserName: row.entity_id },
  }));
  const { page, ...next } = listPage(items, input, ENTITY_PAGE, 'ListExperienceEntities', experience.id);
  return { SummaryItems: page, ...next };
};

const listEntityPersonas: OperationHandler<'ListEntityPersonas'> = (ctx, input) => {
  const index = findIndex(ctx, input.IndexId);
  const experience = liveExperience(ctx, index, input.Id);
  const items = listPersonas(ctx.db, experience.rowid).map((row) => ({
    EntityId: row.entity_id,
    Persona: row.persona as Persona,
    CreatedAt: dateOf(row.created_at),
    UpdatedAt: dateOf(row.updated_at),
  }));
  const { page, ...next } = listPage(items, input, 100, 'ListEntityPersonas', experience.id);
  return { SummaryItems: page, ...next };
};

/** The search experience operations: experiences, the users and groups with access, their personas. */
export const experienceOperations: OperationHandlers<
  | 'CreateExperience'
  | 'DescribeExperience'
  | 'ListExperiences'
  | 'UpdateExperience'
  | 'DeleteExperience'
  | 'AssociateEntitiesToExperience'
  | 'DisassociateEntitiesFromExperience'
  | 'AssociatePersonasToEntities'
  | 'DisassociatePersonasFromEntities'
  | 'ListExperienceEntities'
  | 'ListEntityPersonas'
> = {
  CreateExperience: createExperience,
  DescribeExperience: describeExperience,
  ListExperiences: listExperiences,
  UpdateExperience: updateExperience,
  DeleteExperience: deleteExperience,
  AssociateEntitiesToExperience: associateEntitiesToExperience,
  DisassociateEntitiesFromExperience: disassociateEntitiesFromExperience,
  AssociatePersonasToEntities: associatePersonasToEntities,
  DisassociatePersonasFromEntities: disassociatePersonasFromEntities,
  ListExperienceEntities: listExperienceEntities,
  ListEntityPersonas: listEntityPersonas,
};
