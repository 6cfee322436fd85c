import { randomUUID } from 'node:crypto';
import type { HierarchicalPrincipal, Principal } from '../../../services/search/types.js';
import { conflict, invalid, notFound } from '../core/errors.js';
import { withClientToken } from '../core/idempotency.js';
import type { OperationHandler, OperationHandlers, OpContext } from '../core/op-context.js';
import { listPage } from '../core/pagination.js';
import {
  deleteAccessConfig,
  documentsUsingAccessConfig,
  findAccessConfig,
  insertAccessConfig,
  listAccessConfigs,
  updateAccessConfig,
  type AccessConfigRow,
} from './access-control-configurations-store.js';
import { activeIndex, findIndex, type IndexRow } from './index-store.js';

/** Gen AI Enterprise Edition indices filter by UserId and Groups only, as the real service documents. */
function checkEdition(index: IndexRow): void {
  if (index.edition === 'GEN_AI_ENTERPRISE_EDITION') {
    throw invalid('A GEN_AI_ENTERPRISE_EDITION index does not support access control configurations; give documents an AccessControlList instead.');
  }
}

function storedList(list: readonly Principal[] | undefined): string | null {
  return list && list.length > 0 ? JSON.stringify(list) : null;
}

function storedHierarchy(levels: readonly HierarchicalPrincipal[] | undefined): string | null {
  return levels && levels.length > 0 ? JSON.stringify(levels.map((level) => level.PrincipalList)) : null;
}

/** A configuration grants or denies through at least one of its lists. */
function checkNotEmpty(acl: string | null, hierarchy: string | null): void {
  if (acl === null && hierarchy === null) throw invalid('An access control configuration needs an AccessControlList or a HierarchicalAccessControlList.');
}

function requireConfig(ctx: OpContext, index: IndexRow, id: string): AccessConfigRow {
  const row = findAccessConfig(ctx.db, index.rowid, id);
  if (!row) throw notFound(`Access control configuration ${id} does not exist in index ${index.id}.`);
  return row;
}

const createAccessControlConfiguration: OperationHandler<'CreateAccessControlConfiguration'> = (ctx, input) => {
  const index = activeIndex(ctx, input.IndexId, 'CreateAccessControlConfiguration');
  checkEdition(index);
  const acl = storedList(input.AccessControlList);
  const hierarchy = storedHierarchy(input.HierarchicalAccessControlList);
  checkNotEmpty(acl, hierarchy);
  const create = () =>
    withClientToken(ctx, `CreateAccessControlConfiguration:${index.id}`, input, () => {
      const id = randomUUID();
      insertAccessConfig(ctx.db, index.rowid, id, { name: input.Name, description: input.Description ?? null, acl, hierarchy }, ctx.nowMs);
      return id;
    });
  return { Id: ctx.db.transaction(create).immediate() };
};

const describeAccessControlConfiguration: OperationHandler<'DescribeAccessControlConfiguration'> = (ctx, input) => {
  const index = findIndex(ctx, input.IndexId);
  const row = requireConfig(ctx, index, input.Id);
  return {
    Name: row.name,
    ...(row.description !== null ? { Description: row.description } : {}),
    ...(row.acl !== null ? { AccessControlList: JSON.parse(row.acl) } : {}),
    ...(row.hierarchy !== null
      ? { HierarchicalAccessControlList: (JSON.parse(row.hierarchy) as Principal[][]).map((PrincipalList) => ({ PrincipalList })) }
      : {}),
  };
};

const listAccessControlConfigurations: OperationHandler<'ListAccessControlConfigurations'> = (ctx, input) => {
  const index = findIndex(ctx, input.IndexId);
  const items = listAccessConfigs(ctx.db, index.rowid).map((row) => ({ Id: row.id }));
  const { page, ...next } = listPage(items, input, 100, 'ListAccessControlConfigurations', index.id);
  return { AccessControlConfigurations: page, ...next };
};

const updateAccessControlConfiguration: OperationHandler<'UpdateAccessControlConfiguration'> = (ctx, input) => {
  const index = activeIndex(ctx, input.IndexId, 'UpdateAccessControlConfiguration');
  checkEdition(index);
  ctx.db
    .transaction(() => {
      const row = requireConfig(ctx, index, input.Id);
      const acl = input.AccessControlList !== undefined ? storedList(input.AccessControlList) : row.acl;
      const hierarchy = input.HierarchicalAccessControlList !== undefined ? storedHierarchy(input.HierarchicalAccessControlList) : row.hierarchy;
      checkNotEmpty(acl, hierarchy);
      const values = { name: input.Name ?? row.name, description: input.Description ?? row.description, acl, hierarchy };
      updateAccessConfig(ctx.db, row.rowid, values, ctx.nowMs);
    })
    .immediate();
  return {};
};

const deleteAccessControlConfiguration: OperationHandler<'DeleteAccessControlConfiguration'> = (ctx, input) => {
  const index = activeIndex(ctx, input.IndexId, 'DeleteAccessControlConfiguration');
  ctx.db
    .transaction(() => {
      const row = requireConfig(ctx, index, input.Id);
      const users = documentsUsingAccessConfig(ctx.db, index.rowid, row.id);
      if (users > 0) {
        throw conflict(`Access control configuration ${row.id} is used by ${users} document(s); put them again without it (or delete them) first.`);
      }
      deleteAccessConfig(ctx.db, row.rowid);
    })
    .immediate();
  return {};
};

/** The access control configuration operations. */
export const accessControlConfigurationOperations: OperationHandlers<
  | 'CreateAccessControlConfiguration'
  | 'DescribeAccessControlConfiguration'
  | 'ListAccessControlConfigurations'
  | 'UpdateAccessControlConfiguration'
  | 'DeleteAccessControlConfiguration'
> = {
  CreateAccessControlConfiguration: createAccessControlConfiguration,
  DescribeAccessControlConfiguration: describeAccessControlConfiguration,
  ListAccessControlConfigurations: listAccessControlConfigurations,
  UpdateAccessControlConfiguration: updateAccessControlConfiguration,
  DeleteAccessControlConfiguration: deleteAccessControlConfiguration,
};
