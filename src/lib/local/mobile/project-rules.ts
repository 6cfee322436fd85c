import { badRequest, mobileError } from './mobile-error.js';
import { MAX_CONCURRENT_IMPORTS } from './limits.js';
import type { ProjectStore } from './project-store.js';

const REGION = /^[a-z]{2}(-[a-z]+)+-\d{1,2}$/;

/** A project name: 1 to 255 characters, no control characters. */
export function checkName(name: string): string {
  if (name.length < 1 || name.length > 255 || /[\u0000-\u001f\u007f]/.test(name)) {
    throw badRequest('name must be 1 to 255 characters without control characters');
  }
  return name;
}

/** A region name such as `us-east-1`. */
export function checkRegion(region: string): string {
  if (!REGION.test(region)) throw badRequest(`region ${region} is not a region name such as us-east-1`);
  return region;
}

/**
 * Refuses a new import while {@link MAX_CONCURRENT_IMPORTS} projects of the account are
 * importing: a 429 `LimitExceededException` whose `Retry-After` is the time until the first
 * of them is done.
 */
export function checkImportCapacity(store: ProjectStore, accountId: string, now: number): void {
  const { count, firstDone } = store.importing(accountId, now);
  if (count < MAX_CONCURRENT_IMPORTS) return;
  const wait = Math.max(1, Math.ceil(((firstDone ?? now) - now) / 1000));
  throw mobileError('LimitExceededException', `${count} projects are already importing; at most ${MAX_CONCURRENT_IMPORTS} imports run at once`, wait);
}
