import { TokenBuckets } from '../server/token-buckets.js';
import type { LocalResponse, RateGate } from '../types.js';
import { parseCookies, setCookie } from './cookies.js';
import { admit, type PageExperience } from './experience-access.js';
import { readFields } from './form-body.js';
import { tokenMatches } from './guard.js';
import { keyPairAccepted } from './key-pair-check.js';
import { experiencePath } from './layout.js';
import type { PageRequest, PagesTarget } from './page-types.js';
import { pageResponse, redirect } from './responses.js';
import { randomToken, type PageSession } from './sessions.js';
import { signInPage } from './sign-in-view.js';

/** The session cookie, and the sign-in form's double-submit cookie. */
const SESSION_COOKIE = 'nimbus_session';
const FORM_COOKIE = 'nimbus_form';
/** How long a sign-in form may wait to be sent. */
const FORM_SECONDS = 3600;
/** How much longer the session cookie lives than its session, so that the page can tell that the session expired. */
const COOKIE_GRACE_SECONDS = 3600;
/** Failed sign-ins from one address: a burst of this many, then one every {@link SIGN_IN_REFILL_SECONDS}. */
export const SIGN_IN_BURST = 10;
/** Seconds until an address that spent its burst of failures may try once more. */
export const SIGN_IN_REFILL_SECONDS = 6;

/** The sign-in page with a fresh form token in its cookie. */
export function signInResponse(
  request: PageRequest,
  experience: PageExperience,
  status: number,
  extra: { message?: string; accessKeyId?: string; userId?: string } = {},
  headers: Record<string, string> = {},
) {
  const formToken = randomToken();
  const cookie = setCookie(FORM_COOKIE, formToken, { path: experiencePath(experience.id), maxAgeSeconds: FORM_SECONDS, secure: request.secure });
  return pageResponse(status, signInPage({ experience, formToken, ...extra }), { ...headers, 'set-cookie': cookie });
}

/** The `Set-Cookie` that removes the session cookie. */
export function clearSession(request: PageRequest, experience: PageExperience): string {
  return setCookie(SESSION_COOKIE, '', { path: experiencePath(experience.id), maxAgeSeconds: 0, secure: request.secure });
}

/**
 * Signs a person in with a key pair of the service and the user of the experience's directory:
 * the form must carry the token of its cookie; a session starts, in a cookie, on success. Each
 * address may fail {@link SIGN_IN_BURST} times, then once every {@link SIGN_IN_REFILL_SECONDS}
 * (counted by every worker together): past that, its attempts are refused (429) before any key
 * is checked, so that a secret cannot be guessed through the form at speed.
 */
export async function handleSignIn(request: PageRequest, experience: PageExperience, target: PagesTarget): Promise<LocalResponse> {
  const fields = readFields(request.headers, request.body);
  if (!tokenMatches(fields.get('csrf'), parseCookies(request.headers['cookie']).get(FORM_COOKIE))) {
    return signInResponse(request, experience, 403, { message: 'The sign-in form expired or was not sent from this page. Sign in again.' });
  }
  const accessKeyId = (fields.get('accessKeyId') ?? '').trim();
  const userId = (fields.get('userId') ?? '').trim();
  const gate = signInGate(target);
  const bucket = `sign-in:${request.remoteAddress}`;
  const rate = { perSecond: 1 / SIGN_IN_REFILL_SECONDS, burst: SIGN_IN_BURST };
  const wait = await gate.take(bucket, target.context.now().getTime(), { ...rate, cost: 0 });
  if (wait > 0) {
    const message = `Too many failed sign-ins from your address. Try again in ${wait} s.`;
    return signInResponse(request, experience, 429, { message, accessKeyId, userId }, { 'retry-after': String(wait) });
  }
  if (!keyPairAccepted(target.context, accessKeyId, fields.get('secretAccessKey') ?? '', (fields.get('sessionToken') ?? '').trim())) {
    await gate.take(bucket, target.context.now().getTime(), rate);
    return signInResponse(request, experience, 401, {
      message: 'Wrong access key ID or secret access key (or session token): no accepted key pair matches.',
      accessKeyId,
      userId,
    });
  }
  const admission = admit(target.context.db, experience, userId);
  if ('refusal' in admission) return signInResponse(request, experience, 403, { message: admission.refusal, accessKeyId, userId });
  const session = await target.sessions.create({ experienceId: experience.id, accessKey: accessKeyId, ...admission });
  const cookie = setCookie(SESSION_COOKIE, session.id, {
    path: experiencePath(experience.id),
    maxAgeSeconds: target.sessions.lifetimeSeconds + COOKIE_GRACE_SECONDS,
    secure: request.secure,
  });
  return redirect(experiencePath(experience.id), { 'set-cookie': cookie });
}

/** Buckets of a pages target without a shared gate (a service started without peers), one set per target. */
const ownGates = new WeakMap<PagesTarget, RateGate>();

/** The token buckets sign-in attempts are taken from: the service's shared ones. */
function signInGate(target: PagesTarget): RateGate {
  if (target.context.rateGate) return target.context.rateGate;
  let gate = ownGates.get(target);
  if (!gate) ownGates.set(target, (gate = new TokenBuckets()));
  return gate;
}

/** Whom a request is from: its live session, `expired`, or nobody. */
export function sessionOf(request: PageRequest, experience: PageExperience, target: PagesTarget): Promise<PageSession | 'expired' | undefined> {
  return target.sessions.find(parseCookies(request.headers['cookie']).get(SESSION_COOKIE), experience.id);
}
