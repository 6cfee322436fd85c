import type { GroupMembers, PrincipalMappingStatus } from '../../../services/search/types.js';
import { invalid, notFound } from '../core/errors.js';
import type { OperationHandler, OperationHandlers, OpContext } from '../core/op-context.js';
import { listPage } from '../core/pagination.js';
import { readS3Object } from '../core/s3-files.js';
import { dateOf } from '../core/time.js';
import { findDataSource } from './data-source-store.js';
import { activeIndex, findIndex, type IndexRow } from './index-store.js';
import {
  groupActions,
  groupState,
  groupsOlderThan,
  recordGroupAction,
  removeGroup,
  replaceGroupMembers,
  type GroupKey,
  type GroupMember,
} from './principal-mappings-store.js';

/** The most members a request lists inline; larger groups come from a file (S3PathforGroupMembers). */
const MAX_INLINE_MEMBERS = 1000;

function groupKey(ctx: OpContext, index: IndexRow, dataSourceId: string | undefined, groupId: string): GroupKey {
  if (dataSourceId !== undefined) findDataSource(ctx, index.rowid, dataSourceId);
  return { indexRowid: index.rowid, ds: dataSourceId ?? '', groupId };
}

function membersOf(list: Pick<GroupMembers, 'MemberGroups' | 'MemberUsers'>): GroupMember[] {
  return [
    ...(list.MemberUsers ?? []).map((user) => ({ kind: 'USER' as const, memberId: user.UserId, memberDs: '' })),
    ...(list.MemberGroups ?? []).map((group) => ({ kind: 'GROUP' as const, memberId: group.GroupId, memberDs: group.DataSourceId ?? '' })),
  ];
}

function isIdList(value: unknown, member: string): boolean {
  return value === undefined || (Array.isArray(value) && value.every((item) => typeof item?.[member] === 'string' && item[member].length > 0));
}

/**
 * The members listed in a group members file of the local S3 dir: a JSON object with
 * `MemberUsers` (`[{ "UserId": … }]`) and `MemberGroups` (`[{ "GroupId": …, "DataSourceId"?: … }]`),
 * as in the request; a string with the reason when the file cannot be used.
 */
function membersFromFile(ctx: OpContext, path: { Bucket: string; Key: string }): GroupMember[] | string {
  const where = `s3://${path.Bucket}/${path.Key}`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(readS3Object(ctx.local.s3Dir, path.Bucket, path.Key).toString('utf8'));
  } catch (error) {
    return `Could not read the group members file ${where}: ${(error as Error).message}`.slice(0, 2048);
  }
  const file = parsed as { MemberUsers?: unknown; MemberGroups?: unknown };
  if (typeof parsed !== 'object' || parsed === null || !isIdList(file.MemberUsers, 'UserId') || !isIdList(file.MemberGroups, 'GroupId')) {
    return `The group members file ${where} is not a JSON object with MemberUsers [{"UserId"}] and MemberGroups [{"GroupId", "DataSourceId"?}] lists.`;
  }
  return membersOf(file as Pick<GroupMembers, 'MemberGroups' | 'MemberUsers'>);
}

function olderThanApplied(key: GroupKey, orderingId: number, applied: number): string {
  return `OrderingId ${orderingId} is older than ${applied}, the ordering id of the action already applied to group ${key.groupId}; this action was not applied.`;
}

const putPrincipalMapping: OperationHandler<'PutPrincipalMapping'> = (ctx, input) => {
  const index = activeIndex(ctx, input.IndexId, 'PutPrincipalMapping');
  const key = groupKey(ctx, index, input.DataSourceId, input.GroupId);
  const given = input.GroupMembers;
  const inline = (given.MemberUsers?.length ?? 0) + (given.MemberGroups?.length ?? 0);
  if (given.S3PathforGroupMembers && (given.MemberUsers !== undefined || given.MemberGroups !== undefined)) {
    throw invalid('GroupMembers lists members inline (MemberUsers, MemberGroups) or in S3PathforGroupMembers, not both.');
  }
  if (!given.S3PathforGroupMembers && given.MemberUsers === undefined && given.MemberGroups === undefined) {
    throw invalid('GroupMembers needs MemberUsers, MemberGroups or S3PathforGroupMembers.');
  }
  if (inline > MAX_INLINE_MEMBERS)
    throw invalid(`GroupMembers lists ${inline} members; list more than ${MAX_INLINE_MEMBERS} in a file given by S3PathforGroupMembers.`);
  const orderingId = input.OrderingId ?? ctx.nowMs;
  const members = given.S3PathforGroupMembers ? membersFromFile(ctx, given.S3PathforGroupMembers) : membersOf(given);
  ctx.db
    .transaction(() => {
      const state = groupState(ctx.db, key);
      const action = { action: 'PUT' as const, ordering_id: orderingId, received_at: ctx.nowMs };
      if (state && state.ordering_id > orderingId) {
        recordGroupAction(ctx.db, key, { ...action, final_status: 'FAILED', failure_reason: olderThanApplied(key, orderingId, state.ordering_id) });
      } else if (typeof members === 'string') {
        recordGroupAction(ctx.db, key, { ...action, final_status: 'FAILED', failure_reason: members });
      } else {
        replaceGroupMembers(ctx.db, key, members, orderingId, ctx.nowMs);
        recordGroupAction(ctx.db, key, { ...action, final_status: 'SUCCEEDED', failure_reason: null });
      }
    })
    .immediate();
  return {};
};

const deletePrincipalMapping: OperationHandler<'DeletePrincipalMapping'> = (ctx, input) => {
  const index = activeIndex(ctx, input.IndexId, 'DeletePrincipalMapping');
  const key = groupKey(ctx, index, input.DataSourceId, input.GroupId);
  const orderingId = input.OrderingId ?? ctx.nowMs;
  ctx.db
    .transaction(() => {
      const state = groupState(ctx.db, key);
      if (!state?.present)
        throw notFound(`Group ${input.GroupId} is not mapped in index ${index.id}${input.DataSourceId ? ` for data source ${input.DataSourceId}` : ''}.`);
      const action = { action: 'DELETE' as const, ordering_id: orderingId, received_at: ctx.nowMs };
      if (state.ordering_id > orderingId) {
        recordGroupAction(ctx.db, key, { ...action, final_status: 'FAILED', failure_reason: olderThanApplied(key, orderingId, state.ordering_id) });
      } else {
        removeGroup(ctx.db, key, orderingId, ctx.nowMs);
        recordGroupAction(ctx.db, key, { ...action, final_status: 'DELETED', failure_reason: null });
      }
    })
    .immediate();
  return {};
};

/**
 * The status of an action at the request's time: PROCESSING (DELETING for a delete) for the
 * service's processing delay after it was received, its outcome after.
 */
function actionStatus(ctx: OpContext, action: { action: string; received_at: number; final_status: string }): PrincipalMappingStatus {
  if (ctx.nowMs < action.received_at + ctx.delayMs) return action.action === 'DELETE' ? 'DELETING' : 'PROCESSING';
  return action.final_status as PrincipalMappingStatus;
}

const describePrincipalMapping: OperationHandler<'DescribePrincipalMapping'> = (ctx, input) => {
  const index = findIndex(ctx, input.IndexId);
  const key = groupKey(ctx, index, input.DataSourceId, input.GroupId);
  const actions = groupActions(ctx.db, key);
  if (actions.length === 0) throw notFound(`No principal mapping action was received for group ${input.GroupId} in index ${index.id}.`);
  return {
    IndexId: index.id,
    ...(input.DataSourceId !== undefined ? { DataSourceId: input.DataSourceId } : {}),
    GroupId: input.GroupId,
    GroupOrderingIdSummaries: actions.map((action) => {
      const status = actionStatus(ctx, action);
      const settled = status === action.final_status;
      return {
        Status: status,
        LastUpdatedAt: dateOf(settled ? action.received_at + ctx.delayMs : action.received_at),
        ReceivedAt: dateOf(action.received_at),
        OrderingId: action.ordering_id,
        ...(settled && action.failure_reason ? { FailureReason: action.failure_reason } : {}),
      };
    }),
  };
};

const listGroupsOlderThanOrderingId: OperationHandler<'ListGroupsOlderThanOrderingId'> = (ctx, input) => {
  const index = findIndex(ctx, input.IndexId);
  if (input.DataSourceId !== undefined) findDataSource(ctx, index.rowid, input.DataSourceId);
  const operation = 'ListGroupsOlderThanOrderingId';
  const scope = `${index.id}:${input.DataSourceId ?? ''}:${input.OrderingId}`;
  const groups = groupsOlderThan(ctx.db, index.rowid, input.DataSourceId ?? '', input.OrderingId).map((row) => ({
    GroupId: row.group_id,
    OrderingId: row.ordering_id,
  }));
  const { page, ...next } = listPage(groups, input, 10, operation, scope);
  return { GroupsSummaries: page, ...next };
};

/** The principal mapping operations: group membership for user context filtering. */
export const principalMappingOperations: OperationHandlers<
  'PutPrincipalMapping' | 'DeletePrincipalMapping' | 'DescribePrincipalMapping' | 'ListGroupsOlderThanOrderingId'
> = {
  PutPrincipalMapping: putPrincipalMapping,
  DeletePrincipalMapping: deletePrincipalMapping,
  DescribePrincipalMapping: describePrincipalMapping,
  ListGroupsOlderThanOrderingId: listGroupsOlderThanOrderingId,
};
