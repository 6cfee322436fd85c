import { fetchPage, type FetchOutcome, type FetchPolicy } from './fetcher.js';
import { HostRateLimiter } from './rate-limiter.js';
import { ALLOW_ALL, parseRobotsTxt, type RobotsRules } from './robots-txt.js';

/** The most fetches of one crawl under way (or finished and not yet taken) at once: this bounds its memory to this many pages. */
export const MAX_FETCHES_AT_ONCE = 4;
/** The most bytes of a robots.txt read (RFC 9309 asks crawlers to parse at least 500 KiB). */
const MAX_ROBOTS_BYTES = 512 * 1024;

/** A host's robots.txt as the crawl knows it: its rules, or why it could not be read. */
export type RobotsState = { rules: RobotsRules } | { unreachable: string };

/**
 * The part of a crawl that lives in this process's memory, beside the job's rows: its fetches
 * under way and finished, the robots.txt of each host, and the rate limiter. A process that
 * takes over a job starts a new session (robots.txt is read again).
 */
export class CrawlSession {
  readonly limiter: HostRateLimiter;
  private readonly running = new Set<string>();
  private readonly finished = new Map<string, FetchOutcome>();
  private readonly robots = new Map<string, RobotsState | 'pending'>();

  constructor(
    private readonly policy: FetchPolicy,
    urlsPerMinute: number,
  ) {
    this.limiter = new HostRateLimiter(urlsPerMinute);
  }

  /** Whether a fetch is under way or waits to be taken. */
  get busy(): boolean {
    return this.running.size > 0 || this.finished.size > 0;
  }

  /** The outcome of the fetch of `url`, once finished; it is then forgotten. */
  take(url: string): FetchOutcome | undefined {
    const outcome = this.finished.get(url);
    if (outcome !== undefined) this.finished.delete(url);
    return outcome;
  }

  /** Keeps an outcome taken but not used yet (its document's text is still being read) for a later step. */
  putBack(url: string, outcome: FetchOutcome): void {
    this.finished.set(url, outcome);
  }

  /** Whether the fetch of `url` is under way. */
  isRunning(url: string): boolean {
    return this.running.has(url);
  }

  /** Whether another fetch may start now. */
  hasRoom(): boolean {
    return this.running.size + this.finished.size < MAX_FETCHES_AT_ONCE;
  }

  /** Starts fetching `url` in the background; its outcome is {@link take}n on a later step. */
  start(url: string): void {
    this.running.add(url);
    void fetchPage(url, this.policy).then((outcome) => {
      this.running.delete(url);
      this.finished.set(url, outcome);
    });
  }

  /**
   * The robots.txt of `url`'s origin: its state once read, else undefined (its fetch is then
   * started). A missing robots.txt (4xx) allows everything; one that cannot be reached (5xx,
   * network) disallows everything, as RFC 9309 says.
   */
  robotsOf(url: URL): RobotsState | undefined {
    const origin = url.origin;
    const known = this.robots.get(origin);
    if (known === 'pending') return undefined;
    if (known !== undefined) return known;
    this.robots.set(origin, 'pending');
    void fetchPage(`${origin}/robots.txt`, { ...this.policy, maxBytes: MAX_ROBOTS_BYTES }).then((outcome) => this.robots.set(origin, robotsState(outcome)));
    return undefined;
  }

  /** Closes the session's connections. */
  close(): void {
    void this.policy.dispatcher.close().catch(() => undefined);
  }
}

function robotsState(outcome: FetchOutcome): RobotsState {
  switch (outcome.kind) {
    case 'answer':
      if (outcome.status >= 200 && outcome.status < 300) return { rules: parseRobotsTxt(outcome.body.toString('utf8')) };
      if (outcome.status >= 400 && outcome.status < 500) return { rules: ALLOW_ALL };
      return { unreachable: `its robots.txt answered ${outcome.status}` };
    case 'too-large':
      return { unreachable: 'its robots.txt is larger than 512 KiB' };
    case 'redirect-refused':
      return { rules: ALLOW_ALL };
    default:
      return { unreachable: `its robots.txt could not be read: ${outcome.reason}` };
  }
}

/** The crawl sessions of each data dir open in this process (several services may share it), by job execution id. */
const sessionsByStore = new WeakMap<object, Map<string, CrawlSession>>();

function sessionsOf(store: object): Map<string, CrawlSession> {
  let sessions = sessionsByStore.get(store);
  if (!sessions) {
    sessions = new Map();
    sessionsByStore.set(store, sessions);
  }
  return sessions;
}

/** The session of the crawl job `executionId` of the data dir `store` (its database) in this process, made by `make` when it has none. */
export function crawlSessionOf(store: object, executionId: string, make: () => CrawlSession): CrawlSession {
  const sessions = sessionsOf(store);
  let session = sessions.get(executionId);
  if (!session) {
    session = make();
    sessions.set(executionId, session);
  }
  return session;
}

/** Ends the sessions of the data dir `store` whose jobs are not in `running` (finished, stopped): their connections close. */
export function endCrawlSessions(store: object, running: ReadonlySet<string>): void {
  const sessions = sessionsOf(store);
  for (const [executionId, session] of sessions) {
    if (running.has(executionId)) continue;
    sessions.delete(executionId);
    session.close();
  }
}
