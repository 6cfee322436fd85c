/** One host of a database URL's host list. */
export interface DatabaseHost {
  host: string;
  port: number;
}

/** A `postgres://` URL taken apart: what a node connects with. */
export interface DatabaseUrl {
  hosts: DatabaseHost[];
  user: string | undefined;
  password: string | undefined;
  database: string | undefined;
  /** TLS to the server: off (`disable`), required without checking the certificate (`require`), or verified (`verify-full`). */
  ssl: 'disable' | 'require' | 'verify-full';
  /** Seconds a connection attempt to one host may take. */
  connectTimeoutSeconds: number;
  applicationName: string;
  /** The URL with its password replaced by `***`, for messages. */
  redacted: string;
}

/** Thrown for a database URL that cannot be used; its message never holds the password. */
export class DatabaseUrlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DatabaseUrlError';
  }
}

const DEFAULT_PORT = 5432;
const KNOWN_PARAMETERS = ['target_session_attrs', 'sslmode', 'connect_timeout', 'application_name'];

function decode(part: string, what: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    throw new DatabaseUrlError(`the database URL's ${what} is not valid percent-encoding`);
  }
}

function parseHost(text: string, redacted: string): DatabaseHost {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(text);
  const plain = /^([^:]+)(?::(\d+))?$/.exec(text);
  const match = bracketed ?? plain;
  if (!match) throw new DatabaseUrlError(`the database URL ${redacted} has a host that is not host[:port]: ${text}`);
  const port = match[2] === undefined ? DEFAULT_PORT : Number(match[2]);
  if (!(port >= 1 && port <= 65535)) throw new DatabaseUrlError(`the database URL ${redacted} has a port out of range: ${match[2]}`);
  return { host: decode(match[1]!, 'host'), port };
}

/**
 * Parses `postgres://user:password@host1:port1,host2:port2/database?target_session_attrs=read-write`
 * (also `postgresql://`). Several hosts are tried in order, and a node uses the first that is a
 * primary (not in recovery); `target_session_attrs` may only ask for that (`read-write`,
 * `primary`), since a node writes. Other parameters: `sslmode` (`disable`, the default;
 * `require`; `verify-full`), `connect_timeout` (seconds per host, 10 unless given),
 * `application_name`; any other one is refused rather than ignored.
 */
export function parseDatabaseUrl(text: string): DatabaseUrl {
  const scheme = /^(postgres|postgresql):\/\//i.exec(text);
  if (!scheme) throw new DatabaseUrlError('the database URL must start with postgres:// or postgresql://');
  const rest = text.slice(scheme[0].length);
  const at = rest.lastIndexOf('@', rest.search(/[/?]/) === -1 ? rest.length : rest.search(/[/?]/));
  const credentials = at === -1 ? '' : rest.slice(0, at);
  const afterCredentials = at === -1 ? rest : rest.slice(at + 1);
  const colon = credentials.indexOf(':');
  const user = credentials === '' ? undefined : decode(colon === -1 ? credentials : credentials.slice(0, colon), 'user name');
  const password = colon === -1 ? undefined : decode(credentials.slice(colon + 1), 'password');
  const redacted = `${scheme[0]}${user === undefined ? '' : `${encodeURIComponent(user)}${password === undefined ? '' : ':***'}@`}${afterCredentials}`;
  const pathAt = afterCredentials.search(/[/?]/);
  const hostList = pathAt === -1 ? afterCredentials : afterCredentials.slice(0, pathAt);
  const pathAndQuery = pathAt === -1 ? '' : afterCredentials.slice(pathAt);
  const queryAt = pathAndQuery.indexOf('?');
  const path = queryAt === -1 ? pathAndQuery : pathAndQuery.slice(0, queryAt);
  const query = new URLSearchParams(queryAt === -1 ? '' : pathAndQuery.slice(queryAt + 1));
  if (hostList === '') throw new DatabaseUrlError(`the database URL ${redacted} names no host`);
  const hosts = hostList.split(',').map((host) => parseHost(host, redacted));
  const database = path.length > 1 ? decode(path.slice(1), 'database name') : undefined;
  for (const name of query.keys()) {
    if (!KNOWN_PARAMETERS.includes(name))
      throw new DatabaseUrlError(
        `the database URL ${redacted} has the parameter ${name}, which nimbus does not know (it knows ${KNOWN_PARAMETERS.join(', ')})`,
      );
  }
  const attrs = query.get('target_session_attrs') ?? 'read-write';
  if (attrs !== 'read-write' && attrs !== 'primary')
    throw new DatabaseUrlError(`the database URL ${redacted} asks for target_session_attrs=${attrs}; a node writes, so only read-write (or primary) will do`);
  const sslmode = query.get('sslmode') ?? 'disable';
  const ssl = sslmode === 'disable' ? 'disable' : sslmode === 'require' ? 'require' : sslmode === 'verify-full' ? 'verify-full' : undefined;
  if (ssl === undefined) throw new DatabaseUrlError(`the database URL ${redacted} has sslmode=${sslmode}; nimbus knows disable, require and verify-full`);
  const timeout = query.get('connect_timeout');
  const connectTimeoutSeconds = timeout === null ? 10 : Number(timeout);
  if (!(Number.isInteger(connectTimeoutSeconds) && connectTimeoutSeconds > 0))
    throw new DatabaseUrlError(`the database URL ${redacted} has connect_timeout=${timeout}; it must be a whole number of seconds of at least 1`);
  return { hosts, user, password, database, ssl, connectTimeoutSeconds, applicationName: query.get('application_name') ?? 'nimbus', redacted };
}
