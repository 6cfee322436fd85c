import { startTestServer, type TestServer } from '../../../support/echo-server.js';

/** Keys the fake container endpoint hands out. */
export const CONTAINER_KEYS = { AccessKeyId: 'ASIACONTAINER', SecretAccessKey: 'container-secret', Token: 'container-session' };

/** Options of {@link startFakeContainerEndpoint}. */
export interface FakeContainerOptions {
  /** The Authorization header it insists on, if any. */
  authorization?: string;
  /** Answers with this status this many times before answering properly. */
  failFirst?: { times: number; status: number };
}

/** A loopback server speaking the container credentials wire format (GET, JSON credentials). */
export function startFakeContainerEndpoint(options: FakeContainerOptions = {}): Promise<TestServer> {
  let failures = 0;
  return startTestServer((request) => {
    if (options.failFirst && failures < options.failFirst.times) {
      failures++;
      return { status: options.failFirst.status, body: { message: 'not yet' } };
    }
    if (options.authorization !== undefined && request.headers.authorization !== options.authorization) {
      return { status: 401, body: { message: 'bad token' } };
    }
    return {
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: { ...CONTAINER_KEYS, Expiration: new Date(Date.now() + 3600_000).toISOString(), RoleArn: 'arn:aws:iam::000000000000:role/task' },
    };
  });
}
