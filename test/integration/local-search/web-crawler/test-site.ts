import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TestPki } from '../../../support/tls/index.js';

/** One page of a test site: its answer. */
export interface SitePage {
  status?: number;
  /** The Content-Type; text/html unless given. */
  type?: string;
  body?: string | Buffer;
  headers?: Record<string, string>;
  /** The Authorization header the page needs (401 without it). */
  authorization?: string;
}

/** A request the site received. */
export interface SiteRequest {
  path: string;
  /** When it arrived (Date.now()). */
  at: number;
  authorization?: string;
  userAgent?: string;
}

/** A website on loopback, over HTTPS with a certificate of the test CA (or plain HTTP), whose pages a test sets. */
export interface TestSite {
  /** e.g. `https://127.0.0.1:41234`. */
  origin: string;
  /** The same site under the host name `localhost`. */
  localhostOrigin: string;
  port: number;
  /** Path (with query) → page, or the HTML of a page; any other path answers 404. */
  pages: Map<string, SitePage | string>;
  /** Every request, in order. */
  log: SiteRequest[];
  /** The paths requested, in order. */
  paths(): string[];
  close(): Promise<void>;
}

/** Starts a test site: HTTPS with `pki`'s server certificate (for 127.0.0.1 and localhost), or plain HTTP when `pki` is null. */
export async function startTestSite(pki: TestPki | null): Promise<TestSite> {
  const pages = new Map<string, SitePage | string>();
  const log: SiteRequest[] = [];
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const path = req.url ?? '/';
    log.push({
      path,
      at: Date.now(),
      ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}),
      ...(req.headers['user-agent'] ? { userAgent: req.headers['user-agent'] } : {}),
    });
    const entry = pages.get(path);
    const page: SitePage | undefined = typeof entry === 'string' ? { body: entry } : entry;
    if (!page) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    if (page.authorization !== undefined && req.headers.authorization !== page.authorization) {
      res.writeHead(401, { 'www-authenticate': 'Basic realm="test"' }).end();
      return;
    }
    res.writeHead(page.status ?? 200, { 'content-type': page.type ?? 'text/html; charset=utf-8', ...page.headers }).end(page.body ?? '');
  };
  const server = pki ? createHttpsServer({ cert: pki.server.cert, key: pki.server.key }, handle) : createHttpServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const scheme = pki ? 'https' : 'http';
  return {
    origin: `${scheme}://127.0.0.1:${port}`,
    localhostOrigin: `${scheme}://localhost:${port}`,
    port,
    pages,
    log,
    paths: () => log.map((request) => request.path),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An HTML page with a title, some text and links. */
export function html(title: string, text: string, links: string[] = []): string {
  return `<!doctype html><html><head><title>${title}</title></head><body><p>${text}</p>${links.map((href) => `<a href="${href}">link</a>`).join('')}</body></html>`;
}
