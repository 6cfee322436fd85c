/** The longest Crawl-delay honoured, in seconds: a longer one would stall a sync for hours. */
export const MAX_CRAWL_DELAY_SECONDS = 60;

/**
 * Spaces out the fetches of each host: at most `urlsPerMinute` a minute (one every
 * `60000 / urlsPerMinute` ms), or one per Crawl-delay (up to {@link MAX_CRAWL_DELAY_SECONDS}) when a host's robots.txt asks for longer.
 * It only keeps the time each host may next be fetched: the fetch that takes a slot is
 * the one that may start.
 */
export class HostRateLimiter {
  private readonly nextSlot = new Map<string, number>();

  /** @param urlsPerMinute - `MaxUrlsPerMinuteCrawlRate`, at least 1. */
  constructor(private readonly urlsPerMinute: number) {}

  /** The interval between two fetches of a host, in ms, given its Crawl-delay in seconds (if any). */
  intervalMs(crawlDelaySeconds?: number): number {
    return Math.max(60_000 / this.urlsPerMinute, Math.min(crawlDelaySeconds ?? 0, MAX_CRAWL_DELAY_SECONDS) * 1000);
  }

  /**
   * Takes the host's next slot if it has come at `nowMs` and returns true (the next slot is
   * then one interval later); returns false, taking nothing, when the host must wait.
   */
  tryTake(host: string, nowMs: number, crawlDelaySeconds?: number): boolean {
    const next = this.nextSlot.get(host) ?? -Infinity;
    if (nowMs < next) return false;
    this.nextSlot.set(host, nowMs + this.intervalMs(crawlDelaySeconds));
    return true;
  }

  /** When the host may next be fetched (epoch ms); -Infinity when it never was. */
  nextSlotOf(host: string): number {
    return this.nextSlot.get(host) ?? -Infinity;
  }
}
