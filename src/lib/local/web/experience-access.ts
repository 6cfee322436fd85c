import type Database from 'better-sqlite3';
import type { ExperienceConfiguration } from '../../services/search/types.js';
import { listEntities, listPersonas, locateExperience } from '../search/resources/experiences-store.js';
import { parentGroups } from '../search/resources/principal-mappings-store.js';

/** The experience a page serves. */
export interface PageExperience {
  id: string;
  name: string;
  indexId: string;
  indexRowid: number;
  region: string;
  rowid: number;
  configuration: ExperienceConfiguration | undefined;
}

/** The live experience `id`, in whichever region it is; undefined when there is none. */
export function findPageExperience(db: Database.Database, id: string): PageExperience | undefined {
  const found = locateExperience(db, id);
  if (!found) return undefined;
  const { experience } = found;
  return {
    id: experience.id,
    name: experience.name,
    indexId: found.indexId,
    indexRowid: found.indexRowid,
    region: found.region,
    rowid: experience.rowid,
    configuration: experience.configuration === null ? undefined : (JSON.parse(experience.configuration) as ExperienceConfiguration),
  };
}

/** Who may use the page: the user (if any) the searches are made for and whether they are an owner; or why not. */
export type Admission = { userId: string | undefined; owner: boolean } | { refusal: string };

/** The groups `userId` belongs to through the index's principal mappings, directly or through other groups. */
function groupsOf(db: Database.Database, indexRowid: number, userId: string): Set<string> {
  const groups = new Set<string>();
  const pending = parentGroups(db, indexRowid, 'USER', userId).map((row) => row.group_id);
  while (pending.length > 0) {
    const group = pending.pop()!;
    if (groups.has(group)) continue;
    groups.add(group);
    pending.push(...parentGroups(db, indexRowid, 'GROUP', group).map((row) => row.group_id));
  }
  return groups;
}

/**
 * Whether the directory of an experience admits `userId` (what the sign-in form's "User" field
 * holds, empty for none). An experience without users or groups (no entities) admits every
 * accepted key pair, as an owner, searching as `userId` when one is given. One with entities
 * admits only a user that is one of them or a member (through principal mappings) of one of its
 * groups; they are an owner when their persona, or one of their groups', is OWNER.
 */
export function admit(db: Database.Database, experience: PageExperience, userId: string): Admission {
  const entities = listEntities(db, experience.rowid);
  if (entities.length === 0) return { userId: userId === '' ? undefined : userId, owner: true };
  if (userId === '') return { refusal: 'This experience is for the users of its directory: enter your user ID.' };
  const groups = groupsOf(db, experience.indexRowid, userId);
  const matches = (entityId: string, type: string) => (type === 'USER' ? entityId === userId : groups.has(entityId));
  if (!entities.some((entity) => matches(entity.entity_id, entity.entity_type))) {
    return { refusal: `User ${userId} is not in the directory of this experience.` };
  }
  const types = new Map(entities.map((entity) => [entity.entity_id, entity.entity_type]));
  const owner = listPersonas(db, experience.rowid).some((row) => row.persona === 'OWNER' && matches(row.entity_id, types.get(row.entity_id) ?? 'USER'));
  return { userId, owner };
}
