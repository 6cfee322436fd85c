import { createServer, request, type IncomingMessage } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

/** An HTTP proxy on loopback that records what went through it. */
export interface TestProxy {
  /** `http://127.0.0.1:<port>`, without credentials. */
  url: string;
  port: number;
  /** The `host:port` of every CONNECT tunnel opened (to HTTPS endpoints, or to HTTP ones by clients that tunnel). */
  readonly tunnels: string[];
  /** The absolute URLs of requests forwarded without a tunnel (plain HTTP through the proxy). */
  readonly forwarded: string[];
  /** Requests and CONNECTs refused with 407 for missing or wrong credentials. */
  readonly refused: number;
  /** The proxy URL with the credentials in it (`http://user:pass@127.0.0.1:<port>`); needs `auth`. */
  urlWithCredentials(): string;
  close(): Promise<void>;
}

/** Options of {@link startConnectProxy}. */
export interface TestProxyOptions {
  /** When given, every request must carry `Proxy-Authorization: Basic` with these credentials. */
  auth?: { username: string; password: string };
}

function authorized(req: IncomingMessage, expected: string | undefined): boolean {
  return expected === undefined || req.headers['proxy-authorization'] === expected;
}

/**
 * Starts an HTTP proxy on 127.0.0.1 and a free port. It opens CONNECT tunnels (counted in
 * `tunnels`) and forwards absolute-form plain HTTP requests (counted in `forwarded`), to
 * loopback targets only. With `auth`, anything without the right Basic credentials gets 407.
 */
export async function startConnectProxy(options: TestProxyOptions = {}): Promise<TestProxy> {
  const expected = options.auth ? `Basic ${Buffer.from(`${options.auth.username}:${options.auth.password}`).toString('base64')}` : undefined;
  const tunnels: string[] = [];
  const forwarded: string[] = [];
  let refused = 0;
  const open = new Set<Socket>();
  const track = (socket: Socket): void => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
  };

  const server = createServer((req, res) => {
    if (!authorized(req, expected)) {
      refused++;
      res.writeHead(407, { 'proxy-authenticate': 'Basic realm="test"' }).end();
      return;
    }
    const target = URL.canParse(req.url ?? '') ? new URL(req.url!) : undefined;
    if (!target || target.protocol !== 'http:' || !isLoopback(target.hostname)) {
      res.writeHead(400).end('absolute http:// URL on loopback expected');
      return;
    }
    forwarded.push(target.href);
    const headers = { ...req.headers };
    delete headers['proxy-authorization'];
    delete headers['proxy-connection'];
    const upstream = request({ host: target.hostname, port: target.port, method: req.method, path: target.pathname + target.search, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  server.on('connection', track);
  server.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => {
    if (!authorized(req, expected)) {
      refused++;
      client.end('HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="test"\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const [host, port] = splitHostPort(req.url ?? '');
    if (!isLoopback(host)) {
      client.end('HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    tunnels.push(req.url ?? '');
    const upstream = connect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) upstream.write(head);
      client.pipe(upstream).pipe(client);
    });
    track(upstream);
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    port,
    tunnels,
    forwarded,
    get refused() {
      return refused;
    },
    urlWithCredentials() {
      if (!options.auth) throw new Error('this proxy was started without auth');
      return `http://${encodeURIComponent(options.auth.username)}:${encodeURIComponent(options.auth.password)}@127.0.0.1:${port}`;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

function splitHostPort(authority: string): [string, string] {
  const match = /^\[?([^\]]+?)\]?:(\d+)$/.exec(authority);
  return match ? [match[1]!, match[2]!] : [authority, '443'];
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || host.startsWith('127.');
}
