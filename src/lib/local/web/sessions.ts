import { createHash, randomBytes } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { StoreWrites } from '../store/store-writes.js';

/** A person signed in to the search page of one experience; kept on the server only. */
export interface PageSession {
  /** The cookie's value. */
  id: string;
  experienceId: string;
  /** The access key signed in with (its secret is never kept). */
  accessKey: string;
  /** The directory user the searches are made for, if any. */
  userId: string | undefined;
  /** Whether the user may see Analytics and Status (an owner, or an experience without a directory). */
  owner: boolean;
  /** The synchronizer token every state change must carry. */
  csrfToken: string;
  /** Identifies the visitor in the query log (VisitorId). */
  visitorId: string;
  /** When it ends, in epoch milliseconds. */
  expiresAt: number;
}

/** How long a page session lasts unless told otherwise: eight hours, a working day. */
export const DEFAULT_SESSION_SECONDS = 8 * 3600;

/** A random token of 32 bytes, base64url. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

interface SessionRow {
  experience_id: string;
  access_key: string;
  user_id: string | null;
  owner: number;
  csrf_token: string;
  visitor_id: string;
  expires_at: number;
}

/** What the store keeps for a session id: its SHA-256, so that a copy of the data dir signs nobody in. */
function storedId(id: string): string {
  return createHash('sha256').update(id).digest('base64url');
}

/**
 * The page sessions of a running service, kept in the data dir (`service_page_sessions`), so
 * that every worker of `local start --workers N` knows every session and a restart signs nobody
 * out. A session is found only by its id, for the experience it was made for, and before it
 * expires; the store holds the id's SHA-256, never the id itself. Sessions are written through
 * the store's write seam, so the nodes of a PostgreSQL store share them too.
 */
export class PageSessions {
  constructor(
    private readonly db: Database.Database,
    private readonly writes: StoreWrites,
    private readonly now: () => Date,
    readonly lifetimeSeconds: number = DEFAULT_SESSION_SECONDS,
  ) {}

  /** Starts a session (and forgets the sessions that have ended). */
  async create(fields: Pick<PageSession, 'experienceId' | 'accessKey' | 'userId' | 'owner'>): Promise<PageSession> {
    const now = this.now().getTime();
    const session: PageSession = {
      ...fields,
      id: randomToken(),
      csrfToken: randomToken(),
      visitorId: randomBytes(12).toString('hex'),
      expiresAt: now + this.lifetimeSeconds * 1000,
    };
    await this.writes.window(() =>
      this.db
        .transaction(() => {
          this.db.prepare('DELETE FROM service_page_sessions WHERE expires_at <= ?').run(now);
          this.db
            .prepare(
              `INSERT INTO service_page_sessions (id_hash, experience_id, access_key, user_id, owner, csrf_token, visitor_id, expires_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
            )
            .run(
              storedId(session.id),
              session.experienceId,
              session.accessKey,
              session.userId ?? null,
              session.owner ? 1 : 0,
              session.csrfToken,
              session.visitorId,
              session.expiresAt,
            );
        })
        .immediate(),
    );
    return session;
  }

  /** The live session `id` of `experienceId`; `expired` when it was one and has ended. */
  async find(id: string | undefined, experienceId: string): Promise<PageSession | 'expired' | undefined> {
    if (id === undefined || id === '') return undefined;
    const row = this.db.prepare('SELECT * FROM service_page_sessions WHERE id_hash = ?').get(storedId(id)) as SessionRow | undefined;
    if (!row || row.experience_id !== experienceId) return undefined;
    if (row.expires_at <= this.now().getTime()) {
      await this.end(id);
      return 'expired';
    }
    return {
      id,
      experienceId: row.experience_id,
      accessKey: row.access_key,
      userId: row.user_id ?? undefined,
      owner: row.owner === 1,
      csrfToken: row.csrf_token,
      visitorId: row.visitor_id,
      expiresAt: row.expires_at,
    };
  }

  /** Ends a session. */
  async end(id: string): Promise<void> {
    await this.writes.window(() => this.db.prepare('DELETE FROM service_page_sessions WHERE id_hash = ?').run(storedId(id)));
  }
}
