import type { HttpHandler } from '../../http/undici-handler.js';
import { LEGACY_THROTTLING_CODES, TRANSIENT_STATUS_CODES } from '../../errors/error-codes.js';
import { callWithRetries } from '../../retry/call-with-retries.js';
import { LegacyRetryStrategy } from '../../retry/legacy-strategy.js';
import type { HttpRequest, HttpResponse } from '../../http/types.js';
import { SignatureV4 } from '../../signing/sigv4.js';
import type { Credentials } from '../types.js';
import { StsError } from '../../errors/sts-error.js';
import { childAt, readXml, textAt, type XmlElement } from './xml-reader.js';

/** Where and how STS is called. */
export interface StsClientOptions {
  /** The STS endpoint, e.g. `https://sts.eu-west-1.amazonaws.com`. */
  endpoint: URL;
  /** The region of the SigV4 credential scope. */
  signingRegion: string;
  /** The transport. */
  httpHandler: HttpHandler;
  /** Waits between attempts; default a timer. */
  sleep?: (ms: number) => Promise<void>;
}

/** The parameters of AssumeRole that credential sources use. */
export interface AssumeRoleParams {
  RoleArn: string;
  RoleSessionName: string;
  ExternalId?: string;
  SerialNumber?: string;
  TokenCode?: string;
  DurationSeconds?: number;
}

/** The parameters of AssumeRoleWithWebIdentity that credential sources use. */
export interface AssumeRoleWithWebIdentityParams {
  RoleArn: string;
  RoleSessionName: string;
  WebIdentityToken: string;
}

/** What AssumeRole and AssumeRoleWithWebIdentity answer, with the model's member names. */
export interface StsCredentialsResult {
  Credentials: { AccessKeyId: string; SecretAccessKey: string; SessionToken: string; Expiration: Date };
  AssumedRoleUser?: { AssumedRoleId?: string; Arn?: string };
  PackedPolicySize?: number;
  SourceIdentity?: string;
  SubjectFromWebIdentityToken?: string;
  Provider?: string;
  Audience?: string;
  /** The HTTP exchange: request id, status, response headers and how many times the call was retried. */
  ResponseMetadata: { RequestId?: string; HTTPStatusCode: number; HTTPHeaders: Record<string, string>; RetryAttempts: number };
}

const VERSION = '2011-06-15';
const signer = new SignatureV4();
/** Attempts per call, as botocore's legacy retry mode makes them. */
const MAX_ATTEMPTS = 3;

/** True for a failure worth another attempt: no answer, a 5xx, throttling, or the identity provider not answering STS. */
function isRetryable(error: unknown): boolean {
  if (!(error instanceof StsError)) return false;
  if (error.statusCode === undefined) return error.code === undefined;
  return TRANSIENT_STATUS_CODES.has(error.statusCode) || LEGACY_THROTTLING_CODES.has(error.code ?? '') || error.code === 'IDPCommunicationError';
}

/** The query protocol's form body: Action, Version and the parameters, in order. */
function formBody(action: string, params: object): string {
  const form = new URLSearchParams({ Action: action, Version: VERSION });
  for (const [name, value] of Object.entries(params)) if (value !== undefined) form.append(name, String(value));
  return form.toString();
}

/**
 * A minimal STS client speaking the AWS query protocol (form-encoded POST, XML answers):
 * AssumeRole, signed with SigV4 (service `sts`) with the caller's credentials, and
 * AssumeRoleWithWebIdentity, which is sent unsigned. A call that gets no answer, a 5xx,
 * throttling or `IDPCommunicationError` is made again (3 attempts in all, exponential backoff
 * with jitter), each attempt signed anew.
 */
export class StsClient {
  constructor(private readonly options: StsClientOptions) {}

  /**
   * Calls AssumeRole with `credentials`.
   * @throws StsError with STS's error code and message, or when STS cannot be reached or answers with something unreadable.
   */
  assumeRole(params: AssumeRoleParams, credentials: Credentials): Promise<StsCredentialsResult> {
    return this.call('AssumeRole', params, params.RoleArn, credentials);
  }

  /**
   * Calls AssumeRoleWithWebIdentity (unsigned: the token is the proof).
   * @throws StsError as {@link assumeRole} does; the message never contains the token.
   */
  assumeRoleWithWebIdentity(params: AssumeRoleWithWebIdentityParams): Promise<StsCredentialsResult> {
    return this.call('AssumeRoleWithWebIdentity', params, params.RoleArn, null);
  }

  private async call(action: string, params: object, roleArn: string, credentials: Credentials | null): Promise<StsCredentialsResult> {
    const { value, retries } = await callWithRetries(
      new LegacyRetryStrategy(MAX_ATTEMPTS, Math.random, isRetryable),
      () => this.attempt(action, params, roleArn, credentials),
      this.options.sleep,
    );
    value.ResponseMetadata.RetryAttempts = retries;
    return value;
  }

  private async attempt(action: string, params: object, roleArn: string, credentials: Credentials | null): Promise<StsCredentialsResult> {
    const { endpoint, signingRegion, httpHandler } = this.options;
    const what = `${action} for ${roleArn}`;
    let request: HttpRequest = {
      method: 'POST',
      protocol: endpoint.protocol,
      hostname: endpoint.hostname.replace(/^\[(.*)\]$/, '$1'),
      ...(endpoint.port ? { port: Number(endpoint.port) } : {}),
      path: endpoint.pathname || '/',
      query: {},
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      body: formBody(action, params),
    };
    if (credentials) request = signer.sign(request, credentials, { region: signingRegion, service: 'sts' });
    let response: HttpResponse;
    try {
      response = await httpHandler(request);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new StsError(`${what} failed: ${reason}`, { cause: error });
    }
    const xml = readXml(Buffer.from(response.body).toString('utf8'));
    const requestId = response.headers['x-amzn-requestid'] ?? textAt(xml, 'ResponseMetadata', 'RequestId') ?? textAt(xml, 'RequestId');
    if (response.statusCode < 200 || response.statusCode >= 300) throw serviceError(what, response.statusCode, xml, requestId);
    const result = childAt(xml, `${action}Result`);
    const parsed = result && parseResult(result);
    if (!parsed) {
      throw new StsError(`${what} failed: ${endpoint.origin} answered HTTP ${response.statusCode} without credentials`, {
        statusCode: response.statusCode,
        ...(requestId ? { requestId } : {}),
      });
    }
    const metadata = { ...(requestId ? { RequestId: requestId } : {}), HTTPStatusCode: response.statusCode, HTTPHeaders: response.headers, RetryAttempts: 0 };
    return { ...parsed, ResponseMetadata: metadata };
  }
}

/** The error of an unsuccessful answer: `<ErrorResponse><Error><Code>…</Code><Message>…</Message></Error>`. */
function serviceError(what: string, statusCode: number, xml: XmlElement | undefined, requestId: string | undefined): StsError {
  const code = textAt(xml, 'Error', 'Code') || `HTTP${statusCode}`;
  const message = textAt(xml, 'Error', 'Message');
  const id = requestId ? ` (request id ${requestId})` : '';
  return new StsError(`${what} failed: ${code}${message ? `: ${message.replace(/\s+/g, ' ')}` : ''}${id}`, {
    code,
    statusCode,
    ...(requestId ? { requestId } : {}),
  });
}

/** The members of an `…Result` element, or undefined when its credentials are incomplete. */
function parseResult(result: XmlElement): Omit<StsCredentialsResult, 'ResponseMetadata'> | undefined {
  const AccessKeyId = textAt(result, 'Credentials', 'AccessKeyId');
  const SecretAccessKey = textAt(result, 'Credentials', 'SecretAccessKey');
  const SessionToken = textAt(result, 'Credentials', 'SessionToken');
  const Expiration = new Date(textAt(result, 'Credentials', 'Expiration') ?? '');
  if (!AccessKeyId || !SecretAccessKey || !SessionToken || Number.isNaN(Expiration.getTime())) return undefined;
  const parsed: Omit<StsCredentialsResult, 'ResponseMetadata'> = { Credentials: { AccessKeyId, SecretAccessKey, SessionToken, Expiration } };
  const user = childAt(result, 'AssumedRoleUser');
  if (user) {
    parsed.AssumedRoleUser = {};
    const id = textAt(user, 'AssumedRoleId');
    const arn = textAt(user, 'Arn');
    if (id !== undefined) parsed.AssumedRoleUser.AssumedRoleId = id;
    if (arn !== undefined) parsed.AssumedRoleUser.Arn = arn;
  }
  const size = textAt(result, 'PackedPolicySize');
  if (size !== undefined && /^\d+$/.test(size)) parsed.PackedPolicySize = Number(size);
  for (const name of ['SourceIdentity', 'SubjectFromWebIdentityToken', 'Provider', 'Audience'] as const) {
    const value = textAt(result, name);
    if (value !== undefined) parsed[name] = value;
  }
  return parsed;
}
