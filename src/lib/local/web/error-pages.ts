import type { LocalResponse } from '../types.js';
import type { PageExperience } from './experience-access.js';
import { html } from './html.js';
import { experiencePath, layout } from './layout.js';
import { pageResponse } from './responses.js';

/** A 404 page saying what is not there. */
export function notFoundPage(what: string): LocalResponse {
  const main = html`<h1>Not found</h1>
    <p>${what}</p>`;
  return pageResponse(404, layout({ title: 'Not found', experience: { id: '-', name: 'nimbus' }, main }));
}

/** A 403 page saying why a request was refused. */
export function refusedPage(experience: PageExperience, why: string): LocalResponse {
  const main = html`<h1>Refused</h1>
    <p class="error" role="alert">Refused: ${why}.</p>
    <p><a href="${experiencePath(experience.id)}">Back to the search page</a></p>`;
  return pageResponse(403, layout({ title: 'Refused', experience, main }));
}
