import type { UserContext, UserTokenConfiguration } from '../../../services/search/types.js';
import type { AccessPrincipal } from '../core/document-access.js';
import { invalid } from '../core/errors.js';
import type { OpContext } from '../core/op-context.js';
import { accessConfigLists, type AccessConfigLists } from '../resources/access-control-configurations-store.js';
import type { IndexRow } from '../resources/index-store.js';
import { parentGroups } from '../resources/principal-mappings-store.js';
import type { CachedDoc } from './doc-cache.js';
import type { DocPredicate } from './filter.js';
import type { PrincipalFilters } from './principal-filter.js';
import { tokenUser } from './user-tokens/user-token.js';

/** Who a query runs for: the user, the groups they are in, and the groups they are in per data source. */
export interface UserPrincipals {
  user: string | undefined;
  groups: Set<string>;
  /** Keys made by {@link sourceGroupKey}. */
  sourceGroups: Set<string>;
}

/** The key of a group of a data source in {@link UserPrincipals.sourceGroups}. */
export function sourceGroupKey(dataSourceId: string, groupId: string): string {
  return `${dataSourceId}\u0000${groupId}`;
}

/**
 * Adds to `principals` every group its user and groups belong to through principal mapping
 * (PutPrincipalMapping), directly or through groups nested in groups. A group mapped for a
 * data source counts for that data source only; a member group mapped without a data source
 * stands for that group in any data source.
 */
function expandGroups(ctx: Pick<OpContext, 'db'>, indexRowid: number, principals: UserPrincipals): UserPrincipals {
  const groups = new Set(principals.groups);
  const sourceGroups = new Set(principals.sourceGroups);
  const pending: Array<{ ds: string; id: string }> = [
    ...[...groups].map((id) => ({ ds: '', id })),
    ...[...sourceGroups].map((key) => {
      const [ds, id] = key.split('\u0000') as [string, string];
      return { ds, id };
    }),
  ];
  const reach = (parent: { ds_id: string; group_id: string }) => {
    const seen = parent.ds_id === '' ? groups : sourceGroups;
    const key = parent.ds_id === '' ? parent.group_id : sourceGroupKey(parent.ds_id, parent.group_id);
    if (seen.has(key)) return;
    seen.add(key);
    pending.push({ ds: parent.ds_id, id: parent.group_id });
  };
  if (principals.user !== undefined) for (const parent of parentGroups(ctx.db, indexRowid, 'USER', principals.user)) reach(parent);
  for (let next = pending.pop(); next; next = pending.pop()) {
    const group = next;
    for (const parent of parentGroups(ctx.db, indexRowid, 'GROUP', group.id)) {
      if (parent.member_ds === '' || group.ds === '' || parent.member_ds === group.ds) reach(parent);
    }
  }
  return { user: principals.user, groups, sourceGroups };
}

type Verdict = 'allow' | 'deny' | 'none';

/**
 * The verdict of a document's access for `principals`: `public` for a document without access
 * control, else `allow` or `deny`. A flat list is evaluated as a whole: a matching DENY denies,
 * else a matching ALLOW allows, else it denies. A hierarchical list is evaluated level by level
 * and allows only when every level allows. A document that takes its access from an access
 * control configuration gets the configuration's current lists (and is denied when the
 * configuration no longer exists).
 */
function accessVerdict(principals: UserPrincipals, configurations: ReadonlyMap<string, AccessConfigLists>): (doc: CachedDoc) => 'public' | 'allow' | 'deny' {
  const matches = (principal: AccessPrincipal) => {
    if (principal.Type === 'USER') return principal.Name === principals.user;
    if (principals.groups.has(principal.Name)) return true;
    return principal.DataSourceId !== undefined && principals.sourceGroups.has(sourceGroupKey(principal.DataSourceId, principal.Name));
  };
  const verdict = (list: readonly AccessPrincipal[]): Verdict => {
    if (list.some((principal) => principal.Access === 'DENY' && matches(principal))) return 'deny';
    return list.some((principal) => principal.Access === 'ALLOW' && matches(principal)) ? 'allow' : 'none';
  };
  return (doc: CachedDoc) => {
    const access = doc.acl;
    if (!access) return 'public';
    const lists = access.configurationId !== null ? configurations.get(access.configurationId) : access;
    if (!lists) return 'deny';
    if (lists.list.length > 0 && verdict(lists.list) !== 'allow') return 'deny';
    return lists.hierarchy.every((level) => level.length === 0 || verdict(level) === 'allow') ? 'allow' : 'deny';
  };
}

/**
 * The access check of a user against documents' access: a public document is visible to all,
 * another one to the principals its access allows (see {@link accessVerdict}).
 */
export function accessPredicate(principals: UserPrincipals, configurations: ReadonlyMap<string, AccessConfigLists>): DocPredicate {
  const verdict = accessVerdict(principals, configurations);
  return (doc: CachedDoc) => verdict(doc) !== 'deny';
}

/**
 * The access check of a query (Query, Retrieve) on `index` for its `UserContext`: the user
 * and groups given (ATTRIBUTE_FILTER indices) or those of the verified user token
 * (USER_TOKEN indices), expanded through principal mapping, against each document's access
 * control lists or access control configuration. An ATTRIBUTE_FILTER index queried without
 * user context shows every document, as Kendra documents for that policy ("all indexed
 * content is searchable and displayable for all users"). Throws the service's error for a
 * user context the index does not take or a bad token.
 */
export async function userAccess(ctx: OpContext, index: IndexRow, userContext: UserContext | undefined): Promise<DocPredicate> {
  const settings = JSON.parse(index.settings) as { UserContextPolicy?: string; UserTokenConfigurations?: UserTokenConfiguration[] };
  const token = userContext?.Token;
  const named = userContext?.UserId !== undefined || (userContext?.Groups?.length ?? 0) > 0 || (userContext?.DataSourceGroups?.length ?? 0) > 0;
  if (token !== undefined && named) throw invalid('UserContext takes either a Token or a UserId with Groups and DataSourceGroups, not both.');
  let base: UserPrincipals;
  if (settings.UserContextPolicy === 'USER_TOKEN') {
    if (named)
      throw invalid(`Index ${index.id} uses the USER_TOKEN user context policy: give the user in UserContext.Token, not UserId, Groups or DataSourceGroups.`);
    if (token === undefined) throw invalid(`Index ${index.id} uses the USER_TOKEN user context policy: a query needs UserContext.Token.`);
    const found = await tokenUser(ctx, settings.UserTokenConfigurations, token);
    base = { user: found.user, groups: new Set(found.groups), sourceGroups: new Set() };
  } else {
    if (token !== undefined) {
      throw invalid(
        `Index ${index.id} uses the ATTRIBUTE_FILTER user context policy, which takes UserId and Groups; tokens need UserContextPolicy USER_TOKEN.`,
      );
    }
    if (!named) return () => true;
    base = {
      user: userContext?.UserId,
      groups: new Set(userContext?.Groups ?? []),
      sourceGroups: new Set((userContext?.DataSourceGroups ?? []).map((group) => sourceGroupKey(group.DataSourceId, group.GroupId))),
    };
  }
  return accessPredicate(expandGroups(ctx, index.rowid, base), accessConfigLists(ctx.db, index.rowid));
}

/**
 * The `_user_id` and `_group_ids` attribute filters of `index` (see {@link PrincipalFilters}):
 * a user or groups, expanded through principal mapping (nested groups included), match the
 * documents whose access allows them and denies none of them. A public document has no
 * principals and matches neither.
 */
export function principalFilters(ctx: Pick<OpContext, 'db'>, index: IndexRow): PrincipalFilters {
  const allows = (principals: UserPrincipals): DocPredicate => {
    const verdict = accessVerdict(expandGroups(ctx, index.rowid, principals), accessConfigLists(ctx.db, index.rowid));
    return (doc) => verdict(doc) === 'allow';
  };
  return {
    user: (userId) => allows({ user: userId, groups: new Set(), sourceGroups: new Set() }),
    groups: (groupIds) => allows({ user: undefined, groups: new Set(groupIds), sourceGroups: new Set() }),
  };
}
