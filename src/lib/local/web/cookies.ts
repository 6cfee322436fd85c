/** The cookies of a `Cookie` header, name → value (the first of a repeated name). */
export function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    const name = part.slice(0, at).trim();
    if (name !== '' && !cookies.has(name)) cookies.set(name, part.slice(at + 1).trim());
  }
  return cookies;
}

/** How a page cookie is set. */
export interface CookieOptions {
  /** The path it is sent to. */
  path: string;
  /** Seconds it lives; 0 removes it. */
  maxAgeSeconds: number;
  /** Sent over TLS only. */
  secure: boolean;
}

/** A `Set-Cookie` value: always HttpOnly (no script reads it) and SameSite=Strict (no other site sends it). */
export function setCookie(name: string, value: string, options: CookieOptions): string {
  const parts = [`${name}=${value}`, `Path=${options.path}`, `Max-Age=${options.maxAgeSeconds}`, 'HttpOnly', 'SameSite=Strict'];
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}
