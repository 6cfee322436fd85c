import { html, type Fragment, type Html } from './html.js';
import type { PageSession } from './sessions.js';

/** Where the page's style sheet and script are served. */
export const ASSET_PATH = '/experiences/-';

/** The tabs of a signed-in page. */
export type Tab = 'search' | 'analytics' | 'status';

/** What a page is made of. */
export interface PageFrame {
  /** The document title's first part. */
  title: string;
  experience: { id: string; name: string };
  /** Present once signed in: the tabs and the sign-out button show. */
  session?: PageSession;
  tab?: Tab;
  main: Fragment;
}

/** The base path of an experience's pages. */
export function experiencePath(id: string): string {
  return `/experiences/${encodeURIComponent(id)}`;
}

function tabs(base: string, session: PageSession, active: Tab | undefined): Html {
  const all: Array<[Tab, string, string]> = [
    ['search', 'Search', base],
    ...(session.owner
      ? ([
          ['analytics', 'Analytics', `${base}/analytics`],
          ['status', 'Status', `${base}/status`],
        ] as Array<[Tab, string, string]>)
      : []),
  ];
  return html`<nav aria-label="Sections">
    <ul class="tabs">
      ${all.map(([tab, label, href]) => html`<li><a href="${href}" ${tab === active ? html` aria-current="page"` : ''}>${label}</a></li>`)}
    </ul>
  </nav>`;
}

function account(base: string, session: PageSession): Html {
  const who = session.userId ?? session.accessKey;
  return html`<form class="account" method="post" action="${base}/sign-out">
    <span class="who">Signed in as ${who}</span><input type="hidden" name="csrf" value="${session.csrfToken}" /><button type="submit">Sign out</button>
  </form>`;
}

/** A whole page: landmarks (banner, navigation, main, contentinfo), a skip link, the style sheet and script of the service. */
export function layout(frame: PageFrame): Html {
  const base = experiencePath(frame.experience.id);
  const { session } = frame;
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${frame.title} · ${frame.experience.name}</title>
        <link rel="icon" href="data:," />
        <link rel="stylesheet" href="${ASSET_PATH}/page.css" />
        ${session ? html`<meta name="csrf-token" content="${session.csrfToken}" /><meta name="experience-path" content="${base}" />` : ''}
        <script src="${ASSET_PATH}/page.js" defer></script>
      </head>
      <body>
        <a class="skip" href="#main">Skip to content</a>
        <header class="top">
          <p class="brand"><a href="${base}">${frame.experience.name}</a></p>
          ${session ? [tabs(base, session, frame.tab), account(base, session)] : ''}
        </header>
        <main id="main" tabindex="-1">${frame.main}</main>
        <footer class="foot"><p>Served by the nimbus local service. Nothing on this page is loaded from elsewhere.</p></footer>
      </body>
    </html>`;
}
