import type Database from 'better-sqlite3';
import type { ProjectResource } from './resource-names.js';

/** A stored project. Times are epoch milliseconds. */
export interface ProjectRecord {
  projectId: string;
  accountId: string;
  name: string;
  region: string;
  /** The resource name prefix fixed at creation. */
  prefix: string;
  /** The project's `mobile-hub-project.yml`. */
  definition: string;
  createdAt: number;
  updatedAt: number;
  /** The project is IMPORTING until this time. */
  importUntil: number;
}

/** The position of a page in the project list. */
export interface ProjectCursor {
  createdAt: number;
  projectId: string;
}

const COLUMNS = `project_id AS projectId, account_id AS accountId, name, region, prefix, definition,
  created_at AS createdAt, updated_at AS updatedAt, import_until AS importUntil`;

/** Projects and their resources in the shared SQLite database. */
export class ProjectStore {
  constructor(private readonly db: Database.Database) {}

  /** A project of the account, or undefined. */
  get(accountId: string, projectId: string): ProjectRecord | undefined {
    return this.db.prepare(`SELECT ${COLUMNS} FROM mobile_projects WHERE account_id = ? AND project_id = ?`).get(accountId, projectId) as
      ProjectRecord | undefined;
  }

  /** The stored resources of a project, in order. */
  resources(projectId: string): ProjectResource[] {
    const rows = this.db
      .prepare('SELECT type, name, arn, feature, attributes FROM mobile_resources WHERE project_id = ? ORDER BY position')
      .all(projectId) as (Omit<ProjectResource, 'attributes'> & { attributes: string })[];
    return rows.map((row) => ({ ...row, attributes: JSON.parse(row.attributes) as Record<string, string> }));
  }

  /** Stores a new project with its resources, atomically. */
  insert(project: ProjectRecord, resources: ProjectResource[]): void {
    this.db.transaction(() => {
      this.db
        .prepare(
          `INSERT INTO mobile_projects (project_id, account_id, name, region, prefix, definition, created_at, updated_at, import_until)
           VALUES (@projectId, @accountId, @name, @region, @prefix, @definition, @createdAt, @updatedAt, @importUntil)`,
        )
        .run(project);
      this.writeResources(project.projectId, resources);
    })();
  }

  /** Replaces a project's name, definition, times and resources, atomically. */
  update(project: ProjectRecord, resources: ProjectResource[]): void {
    this.db.transaction(() => {
      this.db
        .prepare(
          `UPDATE mobile_projects SET name = @name, definition = @definition, updated_at = @updatedAt,
           import_until = @importUntil WHERE project_id = @projectId`,
        )
        .run(project);
      this.writeResources(project.projectId, resources);
    })();
  }

  /** Deletes a project and its resources, atomically. */
  delete(projectId: string): void {
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM mobile_resources WHERE project_id = ?').run(projectId);
      this.db.prepare('DELETE FROM mobile_projects WHERE project_id = ?').run(projectId);
    })();
  }

  /** Up to `limit` projects of the account after the cursor, oldest first. */
  list(accountId: string, after: ProjectCursor | undefined, limit: number): ProjectRecord[] {
    const cursor = after ?? { createdAt: -1, projectId: '' };
    return this.db
      .prepare(
        `SELECT ${COLUMNS} FROM mobile_projects WHERE account_id = ? AND (created_at, project_id) > (?, ?)
         ORDER BY created_at, project_id LIMIT ?`,
      )
      .all(accountId, cursor.createdAt, cursor.projectId, limit) as ProjectRecord[];
  }

  /** The account's projects still importing at `now`: how many, and when the first one finishes. */
  importing(accountId: string, now: number): { count: number; firstDone: number | null } {
    return this.db
      .prepare('SELECT COUNT(*) AS count, MIN(import_until) AS firstDone FROM mobile_projects WHERE account_id = ? AND import_until > ?')
      .get(accountId, now) as { count: number; firstDone: number | null };
  }

  private writeResources(projectId: string, resources: ProjectResource[]): void {
    this.db.prepare('DELETE FROM mobile_resources WHERE project_id = ?').run(projectId);
    const insert = this.db.prepare('INSERT INTO mobile_resources (project_id, position, type, name, arn, feature, attributes) VALUES (?, ?, ?, ?, ?, ?, ?)');
    resources.forEach((r, position) => insert.run(projectId, position, r.type, r.name, r.arn, r.feature, JSON.stringify(r.attributes)));
  }
}
