import { Memoized } from './memoized.js';
import type { MemberLocation, RawShape, RawShapeRef, ShapeType } from './types.js';

/** Looks a shape up by name; throws a {@link ModelError} naming `referrer` when it is missing. */
export type ShapeResolver = (name: string, referrer: string) => Shape;

const NO_MEMBERS: ReadonlyMap<string, Member> = new Map();

/**
 * A named shape of a service model with its references resolved lazily, so recursive shapes
 * (a filter that contains filters) resolve without looping.
 */
export class Shape extends Memoized {
  /** The shape's name in the model. */
  readonly name: string;
  /** The shape's type. */
  readonly type: ShapeType;
  /** The shape exactly as the model wrote it. */
  readonly raw: RawShape;
  readonly #resolve: ShapeResolver;
  #members: ReadonlyMap<string, Member> | undefined;
  #required: ReadonlySet<string> | undefined;
  #member: Member | undefined;
  #key: Member | undefined;
  #value: Member | undefined;

  constructor(name: string, raw: RawShape, resolve: ShapeResolver) {
    super();
    this.name = name;
    this.type = raw.type;
    this.raw = raw;
    this.#resolve = resolve;
  }

  /** A structure's members by member name, in model order; empty for other types. */
  get members(): ReadonlyMap<string, Member> {
    if (this.#members) return this.#members;
    const raw = this.raw.members;
    if (this.type !== 'structure' || !raw) return (this.#members = NO_MEMBERS);
    const members = new Map<string, Member>();
    for (const [memberName, ref] of Object.entries(raw)) {
      members.set(memberName, new Member(memberName, ref, this.#resolve(ref.shape, `${this.name}.${memberName}`)));
    }
    return (this.#members = members);
  }

  /** The names of a structure's required members. */
  get required(): ReadonlySet<string> {
    return (this.#required ??= new Set(this.raw.required ?? []));
  }

  /** A list's element. */
  get member(): Member | undefined {
    return (this.#member ??= this.#ref('member'));
  }

  /** A map's key. */
  get key(): Member | undefined {
    return (this.#key ??= this.#ref('key'));
  }

  /** A map's value. */
  get value(): Member | undefined {
    return (this.#value ??= this.#ref('value'));
  }

  /** Minimum length, size or value. */
  get min(): number | undefined {
    return this.raw.min;
  }

  /** Maximum length, size or value. */
  get max(): number | undefined {
    return this.raw.max;
  }

  /** A string's regular expression (ECMAScript syntax, not anchored unless it says so). */
  get pattern(): string | undefined {
    return this.raw.pattern;
  }

  /** A string's allowed values. */
  get enum(): readonly string[] | undefined {
    return this.raw.enum;
  }

  /** The member that is the whole HTTP body (REST protocols). */
  get payload(): string | undefined {
    return this.raw.payload;
  }

  /** True for a document (free-form JSON) structure. */
  get isDocument(): boolean {
    return this.raw.document === true;
  }

  /** True for an error shape. */
  get isException(): boolean {
    return this.raw.exception === true;
  }

  /** True for an error the model attributes to the server. */
  get isFault(): boolean {
    return this.raw.fault === true;
  }

  /** The error's HTTP status code, when the model gives one. */
  get httpStatusCode(): number | undefined {
    return this.raw.error?.httpStatusCode;
  }

  /** The error's `retryable` trait, when the model gives one. */
  get retryable(): { throttling: boolean } | undefined {
    const trait = this.raw.retryable;
    return trait ? { throttling: trait.throttling === true } : undefined;
  }

  /** True when values of this shape must never be printed. */
  get sensitive(): boolean {
    return this.raw.sensitive === true;
  }

  #ref(part: 'member' | 'key' | 'value'): Member | undefined {
    const ref = this.raw[part];
    return ref ? new Member(part, ref, this.#resolve(ref.shape, `${this.name}.${part}`)) : undefined;
  }
}

/** A reference from a structure, list or map to a shape, with the traits of that reference. */
export class Member extends Memoized {
  /** The member name (`member`, `key` or `value` inside lists and maps). */
  readonly name: string;
  /** The referenced shape. */
  readonly shape: Shape;
  /** The reference exactly as the model wrote it. */
  readonly raw: RawShapeRef;
  /** Where the member travels (REST protocols); undefined for the body. */
  readonly location: MemberLocation | undefined;
  /** The name on the wire: the `locationName` trait, else the member name. */
  readonly wireName: string;
  /** The timestamp format of this reference or of its shape. */
  readonly timestampFormat: string | undefined;

  constructor(name: string, raw: RawShapeRef, shape: Shape) {
    super();
    this.name = name;
    this.shape = shape;
    this.raw = raw;
    this.location = raw.location;
    this.wireName = raw.locationName ?? name;
    this.timestampFormat = raw.timestampFormat ?? shape.raw.timestampFormat;
  }

  /** True when an absent value is filled with a fresh UUID (`idempotencyToken` trait). */
  get idempotencyToken(): boolean {
    return this.raw.idempotencyToken === true;
  }

  /** True when the value is part of the host prefix (`hostLabel` trait). */
  get hostLabel(): boolean {
    return this.raw.hostLabel === true;
  }

  /** True when a string member carries JSON (`jsonvalue` trait). */
  get jsonValue(): boolean {
    return this.raw.jsonvalue === true;
  }

  /** True when the member is deprecated. */
  get deprecated(): boolean {
    return this.raw.deprecated === true;
  }

  /** True when the member identifies the endpoint-discovery cache entry. */
  get endpointDiscoveryId(): boolean {
    return this.raw.endpointdiscoveryid === true;
  }
}
