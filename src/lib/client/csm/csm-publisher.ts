import { createSocket, type Socket } from 'node:dgram';
import { isIPv6 } from 'node:net';

const sockets = new Map<'udp4' | 'udp6', Socket>();

/** One shared, unref'd UDP socket per address family: it never keeps the process alive. */
function socketFor(type: 'udp4' | 'udp6'): Socket {
  let socket = sockets.get(type);
  if (!socket) {
    socket = createSocket(type);
    socket.on('error', () => {
      sockets.delete(type);
      socket!.close();
    });
    socket.unref();
    sockets.set(type, socket);
  }
  return socket;
}

/**
 * Sends monitoring events as JSON datagrams to the agent at `host:port`, fire and forget: a
 * send never throws, never waits, and a failure (no agent listening, an unresolvable host) is
 * dropped, so monitoring can neither fail nor slow a call.
 */
export class CsmPublisher {
  constructor(
    private readonly host: string,
    private readonly port: number,
  ) {}

  /** Sends one event. */
  publish(event: Record<string, unknown>): void {
    try {
      const socket = socketFor(isIPv6(this.host) ? 'udp6' : 'udp4');
      socket.send(Buffer.from(JSON.stringify(event)), this.port, this.host, () => {});
    } catch {
      // Monitoring is best effort: nothing it does may affect the call.
    }
  }
}
