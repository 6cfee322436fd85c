import { startTestServer, type TestServer } from '../../../support/echo-server.js';

/** How the fake instance metadata service answers the token request. */
export type TokenBehaviour = 'issue' | 403 | 404 | 405 | 400 | 500 | 'hang';

/** Options of {@link startFakeImds}. */
export interface FakeImdsOptions {
  token?: TokenBehaviour;
  /** Refuse GETs without the token (an instance with IMDSv2 required). */
  requireToken?: boolean;
  role?: string;
  /** The credentials document (defaults to valid credentials expiring in an hour). */
  document?: unknown;
}

/** The token the fake issues. */
export const IMDS_TOKEN = 'imds-session-token-1';

/** Keys the fake hands out. */
export const IMDS_KEYS = { AccessKeyId: 'ASIAIMDS', SecretAccessKey: 'imds-secret', Token: 'imds-session' };

/** A loopback server speaking the EC2 instance metadata wire format (token PUT, role name, credentials). */
export function startFakeImds(options: FakeImdsOptions = {}): Promise<TestServer> {
  const role = options.role ?? 'web-role';
  const behaviour = options.token ?? 'issue';
  return startTestServer(async (request) => {
    if (request.url === '/latest/api/token') {
      if (request.method !== 'PUT') return { status: 405, body: '' };
      if (behaviour === 'hang') return new Promise(() => undefined);
      if (behaviour !== 'issue') return { status: behaviour, body: '' };
      if (request.headers['x-aws-ec2-metadata-token-ttl-seconds'] !== '21600') return { status: 400, body: '' };
      return { status: 200, headers: { 'content-type': 'text/plain' }, body: IMDS_TOKEN };
    }
    const token = request.headers['x-aws-ec2-metadata-token'];
    if ((options.requireToken || token !== undefined) && token !== IMDS_TOKEN) return { status: 401, body: '' };
    if (request.url === '/latest/meta-data/iam/security-credentials/') return { status: 200, body: role };
    if (request.url === `/latest/meta-data/iam/security-credentials/${role}`) {
      const document = options.document ?? {
        Code: 'Success',
        LastUpdated: new Date().toISOString(),
        Type: 'AWS-HMAC',
        ...IMDS_KEYS,
        Expiration: new Date(Date.now() + 3600_000).toISOString().replace(/\.\d+Z$/, 'Z'),
      };
      return { status: 200, body: typeof document === 'string' ? document : JSON.stringify(document) };
    }
    return { status: 404, body: '' };
  });
}
