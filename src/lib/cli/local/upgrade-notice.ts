/**
 * Tells on stderr, in one line, that the local service's data dir is being upgraded and what
 * the step does (e.g. `building the ranking tiers of 100,000 stored documents (search schema
 * 12)`): a step that re-reads every document can take seconds, during which nothing else shows.
 */
export function printUpgradeNotice(step: string): void {
  process.stderr.write(`nimbus: upgrading the local data dir, once: ${step}…\n`);
}
