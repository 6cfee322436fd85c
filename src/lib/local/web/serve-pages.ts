import type { GetQuerySuggestionsResponse } from '../../services/search/types.js';
import type { LocalContext, LocalResponse } from '../types.js';
import { analyticsPage } from './analytics-page.js';
import { parseCookies, setCookie } from './cookies.js';
import { admit, findPageExperience, type PageExperience } from './experience-access.js';
import { readFields } from './form-body.js';
import { crossSiteRefusal, tokenMatches } from './guard.js';
import { html } from './html.js';
import { keyPairAccepted } from './key-pair-check.js';
import { experiencePath, layout } from './layout.js';
import { pageAsset } from './page-assets.js';
import { PageCallError, searchCaller, type SearchHandler } from './page-calls.js';
import type { PageScope } from './page-scope.js';
import { jsonAnswer, pageResponse, redirect } from './responses.js';
import { searchPage } from './search-page.js';
import { readSearchParams } from './search-params.js';
import { randomToken, type PageSession, type PageSessions } from './sessions.js';
import { signInPage } from './sign-in-view.js';
import { statusPage, type ServiceReports } from './status-page.js';

/** The path prefix of the pages: an experience's HOME endpoint and what hangs below it. */
export const PAGES_PREFIX = '/experiences/';

/** The session cookie, and the sign-in form's double-submit cookie. */
const SESSION_COOKIE = 'nimbus_session';
const FORM_COOKIE = 'nimbus_form';
/** How long a sign-in form may wait to be sent. */
const FORM_SECONDS = 3600;
/** How much longer the session cookie lives than its session, so that the page can tell that the session expired. */
const COOKIE_GRACE_SECONDS = 3600;

/** A page request, read whole. */
export interface PageRequest {
  method: string;
  /** The raw path, without the query string. */
  path: string;
  query: URLSearchParams;
  /** Lower-case header names. */
  headers: Record<string, string>;
  body: Buffer;
  /** Whether it came over TLS (the cookies are then `Secure`). */
  secure: boolean;
}

/** What the pages work with. */
export interface PagesTarget {
  context: LocalContext;
  sessions: PageSessions;
  /** Serves a search request in-process, as a verified one is (faults included). */
  handleSearch: SearchHandler;
  reports: ServiceReports;
}

function notFoundPage(what: string): LocalResponse {
  const main = html`<h1>Not found</h1>
    <p>${what}</p>`;
  return pageResponse(404, layout({ title: 'Not found', experience: { id: '-', name: 'nimbus' }, main }));
}

function refusedPage(experience: PageExperience, why: string): LocalResponse {
  const main = html`<h1>Refused</h1>
    <p class="error" role="alert">Refused: ${why}.</p>
    <p><a href="${experiencePath(experience.id)}">Back to the search page</a></p>`;
  return pageResponse(403, layout({ title: 'Refused', experience, main }));
}

/** The sign-in page with a fresh form token in its cookie. */
function signIn(request: PageRequest, experience: PageExperience, status: number, extra: { message?: string; accessKeyId?: string; userId?: string } = {}) {
  const formToken = randomToken();
  const cookie = setCookie(FORM_COOKIE, formToken, { path: experiencePath(experience.id), maxAgeSeconds: FORM_SECONDS, secure: request.secure });
  return pageResponse(status, signInPage({ experience, formToken, ...extra }), { 'set-cookie': cookie });
}

function clearSession(request: PageRequest, experience: PageExperience): string {
  return setCookie(SESSION_COOKIE, '', { path: experiencePath(experience.id), maxAgeSeconds: 0, secure: request.secure });
}

function handleSignIn(request: PageRequest, experience: PageExperience, target: PagesTarget): LocalResponse {
  const fields = readFields(request.headers, request.body);
  if (!tokenMatches(fields.get('csrf'), parseCookies(request.headers['cookie']).get(FORM_COOKIE))) {
    return signIn(request, experience, 403, { message: 'The sign-in form expired or was not sent from this page. Sign in again.' });
  }
  const accessKeyId = (fields.get('accessKeyId') ?? '').trim();
  const userId = (fields.get('userId') ?? '').trim();
  if (!keyPairAccepted(target.context, accessKeyId, fields.get('secretAccessKey') ?? '', (fields.get('sessionToken') ?? '').trim())) {
    return signIn(request, experience, 401, {
      message: 'Wrong access key ID or secret access key (or session token): no accepted key pair matches.',
      accessKeyId,
      userId,
    });
  }
  const admission = admit(target.context.db, experience, userId);
  if ('refusal' in admission) return signIn(request, experience, 403, { message: admission.refusal, accessKeyId, userId });
  const session = target.sessions.create({ experienceId: experience.id, accessKey: accessKeyId, ...admission });
  const cookie = setCookie(SESSION_COOKIE, session.id, {
    path: experiencePath(experience.id),
    maxAgeSeconds: target.sessions.lifetimeSeconds + COOKIE_GRACE_SECONDS,
    secure: request.secure,
  });
  return redirect(experiencePath(experience.id), { 'set-cookie': cookie });
}

/** The feedback of a result: a click, or a thumb up or down; answered as JSON to the script, by a redirect to a form. */
async function handleFeedback(request: PageRequest, scope: PageScope, fields: Map<string, string>): Promise<LocalResponse> {
  const fromScript = (request.headers['content-type'] ?? '').startsWith('application/json');
  const queryId = fields.get('queryId') ?? '';
  const resultId = fields.get('resultId') ?? '';
  const relevance = fields.get('relevance');
  const feedback =
    relevance === 'RELEVANT' || relevance === 'NOT_RELEVANT'
      ? { RelevanceFeedbackItems: [{ ResultId: resultId, RelevanceValue: relevance }] }
      : { ClickFeedbackItems: [{ ResultId: resultId, ClickTime: scope.now().getTime() / 1000 }] };
  try {
    await scope.call('SubmitFeedback', { IndexId: scope.experience.indexId, QueryId: queryId, ...feedback });
  } catch (error) {
    if (!(error instanceof PageCallError)) throw error;
    return fromScript
      ? jsonAnswer(400, { message: error.message, code: error.code })
      : refusedPage(scope.experience, `the feedback was not recorded: ${error.message}`);
  }
  if (fromScript) return jsonAnswer(200, { recorded: true });
  const back = fields.get('back') ?? '';
  return redirect(back.startsWith(`${scope.base}?`) || back === scope.base ? back : scope.base);
}

async function suggestions(scope: PageScope, query: URLSearchParams): Promise<LocalResponse> {
  const text = (query.get('q') ?? '').trim();
  if (text === '') return jsonAnswer(200, { suggestions: [] });
  try {
    const output = await scope.call<GetQuerySuggestionsResponse>('GetQuerySuggestions', {
      IndexId: scope.experience.indexId,
      QueryText: text.slice(0, 1000),
      MaxSuggestionsCount: 6,
    });
    const texts = (output.Suggestions ?? []).map((entry) => entry.Value?.Text?.Text ?? '').filter(Boolean);
    return jsonAnswer(200, { suggestions: texts });
  } catch (error) {
    if (!(error instanceof PageCallError)) throw error;
    return jsonAnswer(200, { suggestions: [], problem: error.message });
  }
}

/** Serves a signed-in session's request. */
async function serveSignedIn(request: PageRequest, route: string, scope: PageScope, target: PagesTarget): Promise<LocalResponse> {
  const { method } = request;
  if (method === 'POST') {
    const fields = readFields(request.headers, request.body);
    const token = request.headers['x-csrf-token'] ?? fields.get('csrf');
    if (!tokenMatches(token, scope.session.csrfToken)) return refusedPage(scope.experience, 'the request does not carry this page’s CSRF token');
    if (route === 'sign-out') {
      target.sessions.end(scope.session.id);
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

/** Whom a request is from: its live session, `expired`, or nobody. */
function sessionOf(request: PageRequest, experience: PageExperience, target: PagesTarget): PageSession | 'expired' | undefined {
  return target.sessions.find(parseCookies(request.headers['cookie']).get(SESSION_COOKIE), experience.id);
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
  const session = sessionOf(request, experience, target);
  if (session === undefined || session === 'expired') {
    const message = session === 'expired' ? 'Your session expired. Sign in again.' : undefined;
    if (route === 'suggest' || (route === 'feedback' && (request.headers['content-type'] ?? '').startsWith('application/json'))) {
      return jsonAnswer(401, { message: message ?? 'Sign in first.' });
    }
    if (route === 'sign-out') return redirect(experiencePath(experience.id), { 'set-cookie': clearSession(request, experience) });
    const status = session === 'expired' || request.method === 'POST' ? 401 : 200;
    return signIn(request, experience, status, message ? { message } : {});
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
