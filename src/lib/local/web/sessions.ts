import { randomBytes } from 'node:crypto';

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

/**
 * The page sessions of a running service, in memory (a restart signs everyone out). A session
 * is found only by its id, for the experience it was made for, and before it expires.
 */
export class PageSessions {
  readonly #sessions = new Map<string, PageSession>();

  constructor(
    private readonly now: () => Date,
    readonly lifetimeSeconds: number = DEFAULT_SESSION_SECONDS,
  ) {}

  /** Starts a session. */
  create(fields: Pick<PageSession, 'experienceId' | 'accessKey' | 'userId' | 'owner'>): PageSession {
    this.#sweep();
    const session: PageSession = {
      ...fields,
      id: randomToken(),
      csrfToken: randomToken(),
      visitorId: randomBytes(12).toString('hex'),
      expiresAt: this.now().getTime() + this.lifetimeSeconds * 1000,
    };
    this.#sessions.set(session.id, session);
    return session;
  }

  /** The live session `id` of `experienceId`; `expired` when it was one and has ended. */
  find(id: string | undefined, experienceId: string): PageSession | 'expired' | undefined {
    const session = id === undefined ? undefined : this.#sessions.get(id);
    if (!session || session.experienceId !== experienceId) return undefined;
    if (session.expiresAt <= this.now().getTime()) {
      this.#sessions.delete(session.id);
      return 'expired';
    }
    return session;
  }

  /** Ends a session. */
  end(id: string): void {
    this.#sessions.delete(id);
  }

  /** Forgets the sessions that have ended. */
  #sweep(): void {
    const now = this.now().getTime();
    for (const [id, session] of this.#sessions) if (session.expiresAt <= now) this.#sessions.delete(id);
  }
}
