import { createHash } from 'node:crypto';

/** A resource of a project, as the API returns it. */
export interface ProjectResource {
  type: string;
  name: string;
  arn: string;
  feature: string;
  attributes: Record<string, string>;
}

const LOWER = 'abcdefghijklmnopqrstuvwxyz0123456789';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const HEX = '0123456789abcdef';
const DIGITS = '0123456789';

/**
 * The resource name prefix of a new project, in the style Mobile Hub used:
 * `<name>-mobilehub-<10 digits>`. It is fixed when the project is created.
 */
export function projectPrefix(name: string, projectId: string): string {
  const slug =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 20)
      .replace(/-+$/, '') || 'project';
  return `${slug}-mobilehub-${token(DIGITS, 10, projectId, 'prefix')}`;
}

/**
 * Names and identifiers of one project's resources. Every identifier is derived from the
 * project id and the resource's place in the definition, so recomputing the resources of an
 * unchanged feature gives the same identifiers.
 */
export class ResourceNamer {
  constructor(
    readonly projectId: string,
    readonly prefix: string,
    readonly region: string,
    readonly accountId: string,
  ) {}

  /** A lower-case alphanumeric identifier. */
  lower(length: number, ...parts: string[]): string {
    return token(LOWER, length, this.projectId, ...parts);
  }

  /** An upper-case alphanumeric identifier. */
  upper(length: number, ...parts: string[]): string {
    return token(UPPER, length, this.projectId, ...parts);
  }

  /** A hexadecimal identifier. */
  hex(length: number, ...parts: string[]): string {
    return token(HEX, length, this.projectId, ...parts);
  }

  /** A UUID-shaped identifier. */
  uuid(...parts: string[]): string {
    const h = this.hex(32, ...parts);
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  }

  /** A bucket name such as `<name>-userfiles-mobilehub-<digits>` (at most 63 characters). */
  bucket(kind: string): string {
    return this.prefix.replace('-mobilehub-', `-${kind}-mobilehub-`).slice(0, 63);
  }

  /** A resource name made unique to the project: `<base>-<prefix>`, cut to `max` characters. */
  scoped(base: string, max = 64): string {
    const safe = base.replace(/[^A-Za-z0-9_.-]+/g, '-');
    return `${safe}-${this.prefix}`.slice(0, max);
  }

  /** An ARN in the project's region and account. */
  arn(service: string, resource: string, options: { global?: boolean; noAccount?: boolean } = {}): string {
    const region = options.global ? '' : this.region;
    const account = options.noAccount ? '' : this.accountId;
    return `arn:aws:${service}:${region}:${account}:${resource}`;
  }
}

function token(alphabet: string, length: number, ...parts: string[]): string {
  let out = '';
  let counter = 0;
  while (out.length < length) {
    const digest = createHash('sha256')
      .update(`${parts.join('\u0000')}\u0000${counter++}`)
      .digest();
    for (const byte of digest) {
      if (out.length === length) break;
      out += alphabet[byte % alphabet.length];
    }
  }
  return out;
}
