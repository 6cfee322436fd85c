import { connect, type AddressInfo, type Socket } from 'node:net';
import { createServer } from 'node:tls';

/** A TLS endpoint on loopback that forwards each connection, decrypted, to a plain TCP port. */
export interface TlsFront {
  /** `https://127.0.0.1:<port>`. */
  endpoint: string;
  port: number;
  /** TLS connections completed so far (handshake done). */
  readonly connections: number;
  close(): Promise<void>;
}

/** Options of {@link startTlsFront}. */
export interface TlsFrontOptions {
  /** The port on 127.0.0.1 to forward to (the local service's `port`, say). */
  targetPort: number;
  /** The server certificate and key (PEM), e.g. `pki.server`. */
  cert: string;
  key: string;
}

/**
 * Starts a TLS front on 127.0.0.1 and a free port: HTTPS in front of a plain HTTP server such as
 * the local service (`startLocalService`). The bytes are passed through unchanged, so the Host
 * header a client signs is the one the service checks.
 */
export async function startTlsFront(options: TlsFrontOptions): Promise<TlsFront> {
  let connections = 0;
  const open = new Set<Socket>();
  const server = createServer({ cert: options.cert, key: options.key }, (client) => {
    connections++;
    const upstream = connect(options.targetPort, '127.0.0.1');
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  // A client that rejects the certificate ends the handshake: not a failure of the front.
  server.on('tlsClientError', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `https://127.0.0.1:${port}`,
    port,
    get connections() {
      return connections;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
