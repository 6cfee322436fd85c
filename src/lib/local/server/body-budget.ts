import { RequestRejection } from './read-body.js';

/** Frees what {@link BodyBudget.acquire} reserved; calling it again does nothing. */
export type Release = () => void;

interface Waiter {
  bytes: number;
  grant: (release: Release) => void;
}

/**
 * Bounds the memory large request bodies take: the bytes of the bodies being read and served
 * at once stay within `limitBytes` (a body larger than that alone still gets through, by
 * itself). Others wait in arrival order, unread, so their bytes stay in the network buffers;
 * beyond `maxWaiting` waiting bodies a request is refused with a retryable 503, which
 * is better than running out of memory.
 */
export class BodyBudget {
  private inFlight = 0;
  private readonly waiting: Waiter[] = [];

  /**
   * @param limitBytes the bytes of large bodies held at once
   * @param maxWaiting how many large bodies may wait for their turn
   */
  constructor(
    private readonly limitBytes: number,
    private readonly maxWaiting: number,
  ) {}

  /** The bytes reserved now, and the bodies waiting. */
  get usage(): { inFlightBytes: number; waiting: number } {
    return { inFlightBytes: this.inFlight, waiting: this.waiting.length };
  }

  /** Reserves `bytes` (waiting for room); rejects with a 503 `RequestRejection` when too many wait. */
  acquire(bytes: number): Promise<Release> {
    if (this.waiting.length === 0 && this.fits(bytes)) return Promise.resolve(this.take(bytes));
    if (this.waiting.length >= this.maxWaiting) {
      return Promise.reject(
        new RequestRejection(
          503,
          'ServiceUnavailableException',
          `the local service is busy with ${this.waiting.length + 1} large request bodies; retry this one shortly`,
        ),
      );
    }
    return new Promise((grant) => this.waiting.push({ bytes, grant }));
  }

  private fits(bytes: number): boolean {
    return this.inFlight === 0 || this.inFlight + bytes <= this.limitBytes;
  }

  private take(bytes: number): Release {
    this.inFlight += bytes;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.inFlight -= bytes;
      while (this.waiting.length > 0 && this.fits(this.waiting[0]!.bytes)) {
        const next = this.waiting.shift()!;
        next.grant(this.take(next.bytes));
      }
    };
  }
}
