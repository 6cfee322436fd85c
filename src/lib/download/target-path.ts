import { basename } from 'node:path';

/** The name used when neither the answer nor the URL gives one. */
export const FALLBACK_NAME = 'download';

/** A file name safe to create in a directory: no path parts, no control characters, not `.`/`..`. */
export function safeFileName(name: string): string | undefined {
  const base = basename(name.replaceAll('\\', '/'))
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim();
  return base === '' || base === '.' || base === '..' ? undefined : base;
}

/** The file name of a `Content-Disposition` header (`filename*=UTF-8''…` preferred over `filename=`). */
export function dispositionFileName(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended) {
    try {
      return safeFileName(decodeURIComponent(extended[1]!.trim()));
    } catch {
      // a malformed escape: fall back to the plain parameter
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/.exec(header);
  if (!plain) return undefined;
  return safeFileName((plain[1] ?? plain[2] ?? '').replace(/\\(.)/g, '$1'));
}

/** The name to save a download under in a directory: the server's, else the URL's last path segment. */
export function downloadFileName(url: string, contentDisposition: string | undefined): string {
  const fromHeader = dispositionFileName(contentDisposition);
  if (fromHeader) return fromHeader;
  const segment = new URL(url).pathname.split('/').filter(Boolean).at(-1);
  if (segment) {
    try {
      const name = safeFileName(decodeURIComponent(segment));
      if (name) return name;
    } catch {
      // not decodable: use the fallback
    }
  }
  return FALLBACK_NAME;
}

/** The URL without its query string and fragment (a presigned URL's query holds a signature). */
export function redactedUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}`;
}
