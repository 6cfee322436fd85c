import type { LocalResponse } from '../types.js';
import { analyticsPage } from './analytics-page.js';
import { notFoundPage, refusedPage } from './error-pages.js';
import { findPageExperience } from './experience-access.js';
import { readFields } from './form-body.js';
import { crossSiteRefusal, tokenMatches } from './guard.js';
import { experiencePath } from './layout.js';
import { pageAsset } from './page-assets.js';
import { searchCaller } from './page-calls.js';
import { handleFeedback, suggestions } from './page-endpoints.js';
import type { PageScope } from './page-scope.js';
import type { PageRequest, PagesTarget } from './page-types.js';
import { jsonAnswer, pageResponse, redirect } from './responses.js';
import { searchPage } from './search-page.js';
import { readSearchParams } from './search-params.js';
import { clearSession, handleSignIn, sessionOf, signInResponse } from './sign-in-flow.js';
import { statusPage } from './status-page.js';

export type { PageRequest, PagesTarget } from './page-types.js';

/** The path prefix of the pages: an experience's HOME endpoint and what hangs below it. */
export const PAGES_PREFIX = '/experiences/';

/** Serves a signed-in session's request. */
async function serveSignedIn(request: PageRequest, route: string, scope: PageScope, target: PagesTarget): Promise<LocalResponse> {
  const { method } = request;
  if (method === 'POST') {
    const fields = readFields(request.headers, request.body);
    const token = request.headers['x-csrf-token'] ?? fields.get('csrf');
    if (!tokenMatches(token, scope.session.csrfToken)) return refusedPage(scope.experience, 'the request does not carry this page’s CSRF token');
    if (route === 'sign-out') {
      await target.sessions.end(scope.session.id);
      return redirect(scope.base, { 'set-cookie': clearSession(request, scope.experience) });
    }
    if (route === 'feedback') return handleFeedback(request, scope, fields);
    return notFoundPage(`Nothing to post to at ${request.path}.`);
  }
  if (method !== 'GET' && method !== 'HEAD') return notFoundPage(`The pages answer GET and POST, not ${method}.`);
  const owner = scope.session.owner;
  switch (route) {
    case '':
      return pageResponse(200, await searchPage(scope, readSearchParams(request.query)));
    case 'suggest':
      return suggestions(scope, request.query);
    case 'sign-in':
      return redirect(scope.base);
    case 'analytics':
      return owner
        ? pageResponse(200, await analyticsPage(scope, request.query))
        : refusedPage(scope.experience, 'only the owners of this experience see its analytics');
    case 'status':
      return owner
        ? pageResponse(200, await statusPage(scope, request.query, target.reports))
        : refusedPage(scope.experience, 'only the owners of this experience see the service’s status');
    default:
      return notFoundPage(`There is no page ${request.path}.`);
  }
}

/** A path segment decoded, or as it is when it is not valid percent-encoding. */
function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Serves the pages under {@link PAGES_PREFIX}: an experience's search page at its HOME endpoint
 * (a sign-in form until a key pair of the service signs in), its Analytics and Status tabs, and
 * the endpoints its forms and script use. Every state change (sign-in, sign-out, feedback) must
 * come from the page's own origin and carry its CSRF token.
 */
export async function servePages(request: PageRequest, target: PagesTarget): Promise<LocalResponse> {
  const [id = '', route = '', ...rest] = request.path.slice(PAGES_PREFIX.length).split('/');
  if (id === '-' && request.method === 'GET') return pageAsset(route) ?? notFoundPage(`There is no file ${request.path}.`);
  const experience = findPageExperience(target.context.db, safeDecode(id));
  if (!experience || rest.length > 0) return notFoundPage(`There is no search experience at ${request.path}.`);
  if (request.method === 'POST') {
    const refusal = crossSiteRefusal(request.headers, request.secure);
    if (refusal) return refusedPage(experience, refusal);
    if (route === 'sign-in') return handleSignIn(request, experience, target);
  }
  const session = await sessionOf(request, experience, target);
  if (session === undefined || session === 'expired') {
    const message = session === 'expired' ? 'Your session expired. Sign in again.' : undefined;
    if (route === 'suggest' || (route === 'feedback' && (request.headers['content-type'] ?? '').startsWith('application/json'))) {
      return jsonAnswer(401, { message: message ?? 'Sign in first.' });
    }
    if (route === 'sign-out') return redirect(experiencePath(experience.id), { 'set-cookie': clearSession(request, experience) });
    const status = session === 'expired' || request.method === 'POST' ? 401 : 200;
    return signInResponse(request, experience, status, message ? { message } : {});
  }
  const scope: PageScope = {
    experience,
    session,
    base: experiencePath(experience.id),
    call: searchCaller(target.handleSearch, { region: experience.region, accountId: target.context.accountId, accessKey: session.accessKey }),
    db: target.context.db,
    now: () => target.context.now(),
  };
  return serveSignedIn(request, route, scope, target);
}
