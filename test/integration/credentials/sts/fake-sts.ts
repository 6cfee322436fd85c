import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifySigV4 } from '../../../../src/lib/signing/verify.js';

/** One call the fake STS answered (or refused). */
export interface StsCall {
  action: string;
  params: Record<string, string>;
  /** The access key the request was signed with (AssumeRole), undefined when unsigned. */
  accessKey?: string;
  /** The x-amz-security-token header, if sent. */
  securityToken?: string;
  /** The region of the signature's credential scope. */
  region?: string;
  /** The error code answered, if the call was refused. */
  error?: string;
}

/** A role the fake STS lets callers assume. */
export interface FakeRole {
  /**
   * Who may assume it: access keys or role ARNs (any session of that role) for AssumeRole,
   * web identity tokens for AssumeRoleWithWebIdentity.
   */
  trusted: string[];
  externalId?: string;
  /** The MFA device and the code it currently shows. */
  mfa?: { serial: string; code: string };
}

/** Temporary credentials as STS hands them out: an access key, its secret and its session token. */
export interface SessionKeys {
  key: string;
  secret: string;
  token: string;
}

/** Credentials the fake STS issued. */
export interface IssuedCredentials extends SessionKeys {
  roleArn: string;
}

/** The `index`-th (from 0) new session keys, shaped as STS issues them: an `ASIA…` key, random secret and token. */
function randomSessionKeys(index: number): SessionKeys {
  return {
    key: `ASIA${String(index + 1).padStart(4, '0')}${randomBytes(4).toString('hex').toUpperCase()}`,
    secret: randomBytes(20).toString('base64'),
    token: `FwoG${randomBytes(48).toString('base64')}`,
  };
}

/**
 * `count` new session keys for {@link startFakeSts}'s `issues`: known before the fake issues them,
 * so that a service under test can be started accepting exactly them, each with its token.
 */
export function newSessionKeys(count: number): SessionKeys[] {
  return Array.from({ length: count }, (_, index) => randomSessionKeys(index));
}

/** A loopback STS speaking the real query protocol: form-encoded POST in, XML out. */
export interface FakeSts {
  endpoint: string;
  calls: StsCall[];
  /** Every credential it issued, in order. */
  issued: IssuedCredentials[];
  /** Registers keys it accepts signatures from (with the session token they must come with, if any). */
  addUser(key: string, secret: string, token?: string): void;
  roles: Map<string, FakeRole>;
  /** Answers the next call (or the next `times` calls) with this error instead. */
  failNext(status: number, code: string, message: string, times?: number): void;
  close(): Promise<void>;
}

const NS = 'https://sts.amazonaws.com/doc/2011-06-15/';

function xmlEscape(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function errorXml(code: string, message: string): string {
  return `<ErrorResponse xmlns="${NS}"><Error><Type>Sender</Type><Code>${code}</Code><Message>${xmlEscape(message)}</Message></Error><RequestId>err-req</RequestId></ErrorResponse>`;
}

/**
 * Starts the fake STS. AssumeRole must carry a valid SigV4 signature (service `sts`) by a
 * registered user or by credentials it issued earlier, with that session's token in
 * `x-amz-security-token`; AssumeRoleWithWebIdentity must be unsigned with a trusted token.
 * Issued credentials last `DurationSeconds` (default 3600). They are new random keys, or with
 * `issues` those keys in order; once all of those are issued, a call that would issue more is
 * refused with a 500 `InternalFailure` saying so.
 */
export async function startFakeSts(options: { issues?: readonly SessionKeys[] } = {}): Promise<FakeSts> {
  const secrets = new Map<string, string>();
  const sessionTokens = new Map<string, string>();
  const roles = new Map<string, FakeRole>();
  const calls: StsCall[] = [];
  const issued: IssuedCredentials[] = [];
  let failure: { status: number; code: string; message: string; times: number } | undefined;

  const answer = (res: ServerResponse, status: number, body: string): void => {
    res.writeHead(status, { 'content-type': 'text/xml', 'x-amzn-requestid': `req-${calls.length}` });
    res.end(body);
  };

  const handle = (req: IncomingMessage, body: Buffer, res: ServerResponse): void => {
    const params = Object.fromEntries(new URLSearchParams(body.toString('utf8')));
    const { Action: action = '', Version: version, ...rest } = params;
    const headers = Object.fromEntries(Object.entries(req.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(',') : (value ?? '')]));
    const call: StsCall = { action, params: rest };
    if (headers['x-amz-security-token']) call.securityToken = headers['x-amz-security-token'];
    calls.push(call);
    const refuse = (status: number, code: string, message: string): void => {
      call.error = code;
      answer(res, status, errorXml(code, message));
    };
    if (req.method !== 'POST' || !/^application\/x-www-form-urlencoded/.test(headers['content-type'] ?? '')) return refuse(400, 'InvalidAction', 'POST a form');
    if (version !== '2011-06-15') return refuse(400, 'InvalidAction', `Could not find operation ${action} for version ${version}`);
    if (failure) {
      const { status, code, message } = failure;
      if (--failure.times === 0) failure = undefined;
      return refuse(status, code, message);
    }
    const role = roles.get(rest.RoleArn ?? '');
    let caller: string;
    if (action === 'AssumeRole') {
      const verified = verifySigV4({ method: 'POST', path: (req.url ?? '/').split('?')[0]!, query: '', headers, body }, (key) => secrets.get(key));
      if (!verified.ok)
        return refuse(403, verified.code === 'UnrecognizedClientException' ? 'InvalidClientTokenId' : 'SignatureDoesNotMatch', verified.message);
      if (verified.service !== 'sts') return refuse(403, 'SignatureDoesNotMatch', `signed for ${verified.service}`);
      call.accessKey = verified.accessKey;
      call.region = verified.region;
      const expectedToken = sessionTokens.get(verified.accessKey);
      if (expectedToken !== call.securityToken) return refuse(403, 'InvalidClientTokenId', 'The security token included in the request is invalid.');
      caller = verified.accessKey;
      const sessionOf = issued.find((credentials) => credentials.key === caller)?.roleArn;
      if (!role || !(role.trusted.includes(caller) || (sessionOf && role.trusted.includes(sessionOf))))
        return refuse(403, 'AccessDenied', `User ${caller} is not authorized to perform: sts:AssumeRole on resource: ${rest.RoleArn}`);
      if (role.externalId !== undefined && rest.ExternalId !== role.externalId) return refuse(403, 'AccessDenied', 'External id mismatch');
      if (role.mfa && (rest.SerialNumber !== role.mfa.serial || rest.TokenCode !== role.mfa.code))
        return refuse(403, 'AccessDenied', 'MultiFactorAuthentication failed with invalid MFA one time pass code.');
    } else if (action === 'AssumeRoleWithWebIdentity') {
      if (headers.authorization) return refuse(400, 'InvalidAction', 'AssumeRoleWithWebIdentity is unsigned');
      caller = rest.WebIdentityToken ?? '';
      if (!role || !role.trusted.includes(caller)) return refuse(400, 'InvalidIdentityToken', 'The web identity token is not valid for this role.');
    } else {
      return refuse(400, 'InvalidAction', `Could not find operation ${action}`);
    }
    if (!rest.RoleSessionName) return refuse(400, 'ValidationError', 'RoleSessionName is required');
    const duration = Number(rest.DurationSeconds ?? 3600);
    const keys = options.issues ? options.issues[issued.length] : randomSessionKeys(issued.length);
    if (!keys) return refuse(500, 'InternalFailure', `the fake STS was given ${options.issues!.length} credentials to issue and has issued them all`);
    const credentials: IssuedCredentials = { ...keys, roleArn: rest.RoleArn! };
    issued.push(credentials);
    secrets.set(credentials.key, credentials.secret);
    sessionTokens.set(credentials.key, credentials.token);
    const expiration = new Date(Date.now() + duration * 1000).toISOString().replace(/\.\d+Z$/, 'Z');
    const roleName = rest.RoleArn!.split('/').pop();
    const account = rest.RoleArn!.split(':')[4];
    const user = `<AssumedRoleUser><AssumedRoleId>AROAFAKE:${xmlEscape(rest.RoleSessionName)}</AssumedRoleId><Arn>arn:aws:sts::${account}:assumed-role/${roleName}/${xmlEscape(rest.RoleSessionName)}</Arn></AssumedRoleUser>`;
    const creds = `<Credentials><AccessKeyId>${credentials.key}</AccessKeyId><SecretAccessKey>${xmlEscape(credentials.secret)}</SecretAccessKey><SessionToken>${xmlEscape(credentials.token)}</SessionToken><Expiration>${expiration}</Expiration></Credentials>`;
    const extra =
      action === 'AssumeRoleWithWebIdentity'
        ? '<Provider>fake-oidc</Provider><Audience>sts.amazonaws.com</Audience><SubjectFromWebIdentityToken>ci-job</SubjectFromWebIdentityToken>'
        : '<PackedPolicySize>6</PackedPolicySize>';
    answer(
      res,
      200,
      `<${action}Response xmlns="${NS}"><${action}Result>${creds}${user}${extra}</${action}Result><ResponseMetadata><RequestId>req-${calls.length}</RequestId></ResponseMetadata></${action}Response>`,
    );
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => handle(req, Buffer.concat(chunks), res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    calls,
    issued,
    roles,
    addUser(key, secret, token) {
      secrets.set(key, secret);
      if (token !== undefined) sessionTokens.set(key, token);
    },
    failNext(status, code, message, times = 1) {
      failure = { status, code, message, times };
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
