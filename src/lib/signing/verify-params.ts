import { ALGORITHM, MAX_PRESIGN_EXPIRES, SCOPE_TERMINATOR, formatAmzDate, parseAmzDate } from './sigv4-primitives.js';

/** Why a request failed SigV4 verification: the wire error code the real services answer with. */
export type VerifyFailureCode =
  | 'MissingAuthenticationTokenException'
  | 'UnrecognizedClientException'
  | 'InvalidSignatureException'
  | 'IncompleteSignatureException'
  | 'XAmzContentSHA256Mismatch';

/** A failed verification: the error code, its HTTP status and a message like the real service's. */
export interface VerifyFailure {
  ok: false;
  code: VerifyFailureCode;
  status: 400 | 403;
  message: string;
}

/** Builds a {@link VerifyFailure}; malformed signatures are 400, everything else 403. */
export function verifyFailure(code: VerifyFailureCode, message: string): VerifyFailure {
  const status = code === 'IncompleteSignatureException' || code === 'XAmzContentSHA256Mismatch' ? 400 : 403;
  return { ok: false, code, status, message };
}

/** The signature a request carries, from its Authorization header or its presigned query. */
export interface SignatureParams {
  presigned: boolean;
  accessKey: string;
  scopeDate: string;
  region: string;
  service: string;
  /** Lower-case signed header names, as listed. */
  signedHeaders: string[];
  signature: string;
  /** The signing time stamp, `YYYYMMDDTHHMMSSZ`. */
  amzDate: string;
  date: Date;
  /** Seconds a presigned request stays valid. */
  expires?: number;
}

type Parsed = { ok: true; params: SignatureParams } | VerifyFailure;

function parseCredential(credential: string): Omit<SignatureParams, 'presigned' | 'signedHeaders' | 'signature' | 'amzDate' | 'date'> | VerifyFailure {
  const parts = credential.split('/');
  if (parts.length !== 5 || parts.some((part) => part === '')) {
    return verifyFailure('IncompleteSignatureException', `Credential must have the form ACCESS_KEY/YYYYMMDD/REGION/SERVICE/${SCOPE_TERMINATOR}.`);
  }
  const [accessKey, scopeDate, region, service, terminator] = parts as [string, string, string, string, string];
  if (terminator !== SCOPE_TERMINATOR) {
    return verifyFailure('IncompleteSignatureException', `Credential should be scoped with a valid terminator: '${SCOPE_TERMINATOR}', not '${terminator}'.`);
  }
  return { accessKey, scopeDate, region, service };
}

function parseDate(value: string): { amzDate: string; date: Date } | VerifyFailure {
  const date = parseAmzDate(value);
  if (!date) {
    return verifyFailure('IncompleteSignatureException', `Date must be in ISO-8601 'basic format' (YYYYMMDDTHHMMSSZ). Got '${value}'.`);
  }
  return { amzDate: value, date };
}

function parseHttpDate(value: string): { amzDate: string; date: Date } | VerifyFailure {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) {
    return verifyFailure('IncompleteSignatureException', `The Date header is not a valid HTTP date: '${value}'.`);
  }
  return { amzDate: formatAmzDate(date), date };
}

/** Reads the signature of an `Authorization: AWS4-HMAC-SHA256 Credential=…, SignedHeaders=…, Signature=…` request. */
export function parseAuthorizationHeader(authorization: string, headers: Record<string, string>): Parsed {
  const trimmed = authorization.trim();
  const space = trimmed.indexOf(' ');
  const algorithm = space === -1 ? trimmed : trimmed.slice(0, space);
  if (algorithm !== ALGORITHM) {
    return verifyFailure('IncompleteSignatureException', `Unsupported authorization type '${algorithm}': only ${ALGORITHM} is accepted.`);
  }
  const fields = new Map<string, string>();
  for (const item of (space === -1 ? '' : trimmed.slice(space + 1)).split(',')) {
    const eq = item.indexOf('=');
    if (eq !== -1) fields.set(item.slice(0, eq).trim(), item.slice(eq + 1).trim());
  }
  const problems = ['Credential', 'Signature', 'SignedHeaders']
    .filter((name) => !fields.get(name))
    .map((name) => `Authorization header requires '${name}' parameter.`);
  const dateHeader = headers['x-amz-date'] ?? headers['date'];
  if (dateHeader === undefined) problems.push("Authorization header requires existence of either a 'X-Amz-Date' or a 'Date' header.");
  if (problems.length > 0 || dateHeader === undefined) return verifyFailure('IncompleteSignatureException', problems.join(' '));
  const credential = parseCredential(fields.get('Credential')!);
  if ('ok' in credential) return credential;
  const date = headers['x-amz-date'] !== undefined ? parseDate(dateHeader) : parseHttpDate(dateHeader);
  if ('ok' in date) return date;
  return {
    ok: true,
    params: {
      presigned: false,
      ...credential,
      signedHeaders: fields
        .get('SignedHeaders')!
        .split(';')
        .map((name) => name.trim().toLowerCase()),
      signature: fields.get('Signature')!,
      ...date,
    },
  };
}

/** The query parameters that make a request presigned. */
export const PRESIGN_MARKERS = ['X-Amz-Algorithm', 'X-Amz-Credential', 'X-Amz-Signature'];

/** Reads the signature of a presigned request from its query parameters. */
export function parsePresignedQuery(query: URLSearchParams): Parsed {
  const required = ['X-Amz-Algorithm', 'X-Amz-Credential', 'X-Amz-Signature', 'X-Amz-Date', 'X-Amz-SignedHeaders', 'X-Amz-Expires'];
  if (required.some((name) => !query.get(name))) {
    return verifyFailure(
      'IncompleteSignatureException',
      `AWS query-string parameters must include ${required.map((name) => `'${name}'`).join(', ')}. Re-examine the query-string parameters.`,
    );
  }
  const algorithm = query.get('X-Amz-Algorithm')!;
  if (algorithm !== ALGORITHM) {
    return verifyFailure('IncompleteSignatureException', `X-Amz-Algorithm only supports '${ALGORITHM}', not '${algorithm}'.`);
  }
  const expiresText = query.get('X-Amz-Expires')!;
  const expires = /^\d+$/.test(expiresText) ? Number(expiresText) : NaN;
  if (!(expires >= 1 && expires <= MAX_PRESIGN_EXPIRES)) {
    return verifyFailure(
      'IncompleteSignatureException',
      `X-Amz-Expires must be a whole number of seconds from 1 to ${MAX_PRESIGN_EXPIRES}, not '${expiresText}'.`,
    );
  }
  const credential = parseCredential(query.get('X-Amz-Credential')!);
  if ('ok' in credential) return credential;
  const date = parseDate(query.get('X-Amz-Date')!);
  if ('ok' in date) return date;
  return {
    ok: true,
    params: {
      presigned: true,
      ...credential,
      signedHeaders: query
        .get('X-Amz-SignedHeaders')!
        .split(';')
        .map((name) => name.trim().toLowerCase()),
      signature: query.get('X-Amz-Signature')!,
      ...date,
      expires,
    },
  };
}
