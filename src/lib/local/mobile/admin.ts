import type { LocalContext } from '../types.js';

/** The mobile tables, children first. */
const TABLES = ['mobile_bundle_downloads', 'mobile_snapshots', 'mobile_resources', 'mobile_projects'];

/** How many projects, resources and export snapshots the mobile store holds. */
export function mobileCounts(context: LocalContext): Record<string, number> {
  const count = (table: string) => context.db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;
  return { projects: count('mobile_projects'), projectResources: count('mobile_resources'), exports: count('mobile_snapshots') };
}

/** Removes every project, resource, export and download of the mobile store. */
export function resetMobile(context: LocalContext): void {
  const { db } = context;
  db.transaction(() => {
    for (const table of TABLES) db.prepare(`DELETE FROM ${table}`).run();
  }).immediate();
}
