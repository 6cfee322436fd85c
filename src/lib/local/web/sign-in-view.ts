import { html, type Html } from './html.js';
import { experiencePath, layout } from './layout.js';

/** What the sign-in form shows. */
export interface SignInView {
  experience: { id: string; name: string };
  /** The double-submit token of the form (also in its cookie). */
  formToken: string;
  /** Why the last attempt failed, or why the person must sign in again. */
  message?: string;
  /** The access key id and user typed last (never the secret). */
  accessKeyId?: string;
  userId?: string;
}

/** The sign-in page: an access key pair of the service, and the user of the experience's directory. */
export function signInPage(view: SignInView): Html {
  const base = experiencePath(view.experience.id);
  const main = html`<section class="card narrow" aria-labelledby="sign-in-title">
    <h1 id="sign-in-title">Sign in</h1>
    <p>Sign in with one of the local service's key pairs to search ${view.experience.name}.</p>
    ${view.message ? html`<p class="error" role="alert">${view.message}</p>` : ''}
    <form method="post" action="${base}/sign-in" class="stack">
      <input type="hidden" name="csrf" value="${view.formToken}" />
      <label for="access-key-id">Access key ID</label>
      <input id="access-key-id" name="accessKeyId" autocomplete="username" required spellcheck="false" value="${view.accessKeyId ?? ''}" />
      <label for="secret-access-key">Secret access key</label>
      <input id="secret-access-key" name="secretAccessKey" type="password" autocomplete="current-password" required />
      <label for="session-token">Session token <span class="hint">(temporary credentials only)</span></label>
      <input id="session-token" name="sessionToken" type="password" autocomplete="off" />
      <label for="user-id">User <span class="hint">(your user ID in the experience's directory, if it has one)</span></label>
      <input id="user-id" name="userId" autocomplete="off" spellcheck="false" value="${view.userId ?? ''}" />
      <button type="submit">Sign in</button>
    </form>
  </section>`;
  return layout({ title: 'Sign in', experience: view.experience, main });
}
