import assert from 'node:assert/strict';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from 'undici';
import { WholeResponse } from '../../../src/lib/http/whole-response.js';
import type { HttpResponse } from '../../../src/lib/http/types.js';

/**
 * The dispatch handler on a real undici client with one connection and no pipelining, against
 * a server that holds the first request: a second request waits in undici's queue, before its
 * connection is handed over, which is where an abort must be remembered and applied.
 */
describe('WholeResponse: aborting a request still waiting for its connection', function () {
  this.timeout(20_000);

  it('fails the queued request with the reason, and the request never reaches the server', async () => {
    const seen: string[] = [];
    let held: ServerResponse | undefined;
    let firstArrived!: () => void;
    const arrived = new Promise<void>((resolve) => (firstArrived = resolve));
    const server = createServer((req, res) => {
      seen.push(req.url!);
      req.resume();
      if (req.url === '/first') {
        held = res;
        firstArrived();
      } else res.end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const client = new Client(origin, { pipelining: 1 });
    try {
      const send = (path: string): { handler: WholeResponse; done: Promise<HttpResponse> } => {
        let handler!: WholeResponse;
        const done = new Promise<HttpResponse>((resolve, reject) => {
          handler = new WholeResponse(1024, resolve, reject);
          client.dispatch({ origin, path, method: 'GET' }, handler);
        });
        return { handler, done };
      };
      const first = send('/first');
      await arrived;
      const second = send('/second');
      const reason = new Error('given up while queued');
      second.handler.abort(reason);
      held!.end('{"first":true}');
      assert.equal(Buffer.from((await first.done).body).toString(), '{"first":true}');
      await assert.rejects(second.done, (error: unknown) => error === reason);
      // Another request on the same connection shows the server has read everything sent so far.
      assert.equal((await send('/third').done).statusCode, 200);
      assert.deepEqual(seen, ['/first', '/third']);
    } finally {
      await client.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
