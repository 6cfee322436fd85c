import type { HttpRequest } from '../../http/types.js';
import { ServiceException } from '../../errors/service-exception.js';
import type { Result } from '../result.js';

/** Longest values of the monitoring format's bounded fields (longer ones are cut). */
export const CSM_LIMITS = {
  ClientId: 255,
  UserAgent: 256,
  AwsException: 128,
  AwsExceptionMessage: 512,
  SdkException: 128,
  SdkExceptionMessage: 512,
} as const;

/** What every event of a client carries. */
export interface CsmEventBase {
  clientId: string;
  service: string;
  api: string;
  region: string;
}

/** One monitoring event, as the datagram's JSON object. */
export type CsmEvent = Record<string, string | number>;

function cut(value: string, limit: number): string {
  return value.length > limit ? value.slice(0, limit) : value;
}

function common(type: 'ApiCall' | 'ApiCallAttempt', base: CsmEventBase, timestamp: number, userAgent: string | undefined): CsmEvent {
  const event: CsmEvent = {
    Version: 1,
    Type: type,
    ClientId: cut(base.clientId, CSM_LIMITS.ClientId),
    Service: base.service,
    Api: base.api,
    Region: base.region,
    Timestamp: timestamp,
  };
  if (userAgent) event.UserAgent = cut(userAgent, CSM_LIMITS.UserAgent);
  return event;
}

/** The exception fields of an outcome: `AwsException…` for a service error, `SdkException…` for anything else. */
function exceptionFields(error: unknown, prefix: '' | 'Final'): CsmEvent {
  if (error === undefined) return {};
  if (error instanceof ServiceException) {
    return {
      [`${prefix}AwsException`]: cut(error.code, CSM_LIMITS.AwsException),
      [`${prefix}AwsExceptionMessage`]: cut(error.message, CSM_LIMITS.AwsExceptionMessage),
    };
  }
  const name = error instanceof Error ? error.name : typeof error;
  const message = error instanceof Error ? error.message : String(error);
  return {
    [`${prefix}SdkException`]: cut(name, CSM_LIMITS.SdkException),
    [`${prefix}SdkExceptionMessage`]: cut(message, CSM_LIMITS.SdkExceptionMessage),
  };
}

/** The response (or error) headers of an outcome. */
function responseHeaders(result: Result | undefined, error: unknown): Record<string, string> {
  if (result?.$metadata?.headers) return result.$metadata.headers;
  if (error instanceof ServiceException) return error.$metadata?.headers ?? {};
  return {};
}

function statusOf(result: Result | undefined, error: unknown): number | undefined {
  if (error instanceof ServiceException) return error.statusCode;
  return result?.$metadata?.statusCode;
}

/** What one attempt was and how it ended. */
export interface AttemptOutcome {
  request: HttpRequest;
  started: number;
  ended: number;
  result?: Result;
  error?: unknown;
}

/**
 * An `ApiCallAttempt` event: the host, the access key and session token the request was signed
 * with (when it was), the status, the latency, the exception, and the request-id headers.
 */
export function apiCallAttemptEvent(base: CsmEventBase, outcome: AttemptOutcome): CsmEvent {
  const { request, result, error } = outcome;
  const event = common('ApiCallAttempt', base, outcome.started, request.headers['user-agent']);
  event.Fqdn = request.hostname;
  const accessKey = /Credential=([^/\s,]+)\//.exec(request.headers.authorization ?? '')?.[1];
  if (accessKey) event.AccessKey = accessKey;
  const token = request.headers['x-amz-security-token'];
  if (token) event.SessionToken = token;
  const status = statusOf(result, error);
  if (status !== undefined) event.HttpStatusCode = status;
  event.AttemptLatency = outcome.ended - outcome.started;
  Object.assign(event, exceptionFields(error, ''));
  const headers = responseHeaders(result, error);
  if (headers['x-amzn-requestid']) event.XAmznRequestId = headers['x-amzn-requestid'];
  if (headers['x-amz-request-id']) event.XAmzRequestId = headers['x-amz-request-id'];
  if (headers['x-amz-id-2']) event.XAmzId2 = headers['x-amz-id-2'];
  return event;
}

/** How a whole call went. */
export interface CallOutcome {
  started: number;
  ended: number;
  attemptCount: number;
  /** True when the call failed because the retry mode allowed no more attempts. */
  maxRetriesExceeded: boolean;
  userAgent?: string;
  result?: Result;
  error?: unknown;
}

/** An `ApiCall` event: attempts, latency, whether retries ran out, and the final status and exception. */
export function apiCallEvent(base: CsmEventBase, outcome: CallOutcome): CsmEvent {
  const event = common('ApiCall', base, outcome.started, outcome.userAgent);
  event.AttemptCount = outcome.attemptCount;
  event.Latency = outcome.ended - outcome.started;
  event.MaxRetriesExceeded = outcome.maxRetriesExceeded ? 1 : 0;
  const status = statusOf(outcome.result, outcome.error);
  if (status !== undefined) event.FinalHttpStatusCode = status;
  Object.assign(event, exceptionFields(outcome.error, 'Final'));
  return event;
}
