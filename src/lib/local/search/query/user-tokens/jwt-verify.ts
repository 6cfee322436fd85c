import { constants, createHmac, createPublicKey, timingSafeEqual, verify, type JsonWebKey, type KeyObject } from 'node:crypto';

/** Why a token was refused; the message names the problem, never the token or a key. */
export class TokenRejected extends Error {
  override name = 'TokenRejected';
}

/** The keys a JWT may be signed with: a shared secret (HS*), or public keys (RS*, PS*, ES*). */
export interface JwtKeys {
  secret?: Buffer;
  publicKeys?: Array<{ kid?: string; key: KeyObject }>;
}

const HASHES: Record<string, string> = { '256': 'sha256', '384': 'sha384', '512': 'sha512' };

function decodePart(part: string, what: string): Record<string, unknown> {
  try {
    const value = JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as unknown;
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // reported below
  }
  throw new TokenRejected(`its ${what} is not a base64url-encoded JSON object`);
}

function checkSignature(alg: string, kid: unknown, signed: string, signature: Buffer, keys: JwtKeys): void {
  const family = alg.slice(0, 2);
  const hash = HASHES[alg.slice(2)];
  if (!hash || !['HS', 'RS', 'PS', 'ES'].includes(family))
    throw new TokenRejected(`its algorithm ${alg} is not supported (HS, RS, PS or ES with 256, 384 or 512 bits)`);
  if (family === 'HS') {
    if (!keys.secret) throw new TokenRejected(`it is signed with ${alg}, but the token configuration's key is a public key, not a shared secret`);
    const expected = createHmac(hash, keys.secret).update(signed).digest();
    if (expected.length !== signature.length || !timingSafeEqual(expected, signature)) throw new TokenRejected('its signature does not match');
    return;
  }
  const candidates = (keys.publicKeys ?? []).filter((entry) => kid === undefined || entry.kid === undefined || entry.kid === kid);
  if (candidates.length === 0)
    throw new TokenRejected(`no public key of the token configuration matches it (${alg}${typeof kid === 'string' ? `, kid ${kid}` : ''})`);
  const options = (key: KeyObject) =>
    family === 'PS'
      ? { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: constants.RSA_PSS_SALTLEN_DIGEST }
      : family === 'ES'
        ? { key, dsaEncoding: 'ieee-p1363' as const }
        : { key };
  const good = candidates.some((entry) => {
    try {
      return verify(hash, Buffer.from(signed), options(entry.key), signature);
    } catch {
      return false;
    }
  });
  if (!good) throw new TokenRejected('its signature does not match');
}

/**
 * Verifies a compact JWS token: its signature with `keys`, its expiry (`exp`) and start
 * (`nbf`) at `nowMs`, and its issuer when `issuer` is given. Returns its claims; throws
 * {@link TokenRejected} with the reason otherwise.
 */
export function verifyJwt(token: string, keys: JwtKeys, nowMs: number, issuer?: string): Record<string, unknown> {
  const parts = token.split('.');
  if (parts.length !== 3) throw new TokenRejected('it is not a JWT (three base64url parts separated by dots)');
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  const header = decodePart(headerPart, 'header');
  const claims = decodePart(payloadPart, 'payload');
  if (typeof header.alg !== 'string' || header.alg === 'none') throw new TokenRejected('it is not signed');
  checkSignature(header.alg, header.kid, `${headerPart}.${payloadPart}`, Buffer.from(signaturePart, 'base64url'), keys);
  const nowSeconds = nowMs / 1000;
  if (claims.exp !== undefined && !(typeof claims.exp === 'number' && nowSeconds < claims.exp)) throw new TokenRejected('it has expired');
  if (claims.nbf !== undefined && !(typeof claims.nbf === 'number' && nowSeconds >= claims.nbf)) throw new TokenRejected('it is not valid yet (nbf)');
  if (issuer !== undefined && claims.iss !== issuer) throw new TokenRejected(`its issuer is not ${issuer}`);
  return claims;
}

/** Public keys from a JSON Web Key Set (`{ "keys": [...] }`) or a single JWK; unusable keys are skipped. */
export function publicKeysOf(jwks: unknown): Array<{ kid?: string; key: KeyObject }> {
  const list = typeof jwks === 'object' && jwks !== null && Array.isArray((jwks as { keys?: unknown }).keys) ? (jwks as { keys: unknown[] }).keys : [jwks];
  return list.flatMap((jwk) => {
    if (typeof jwk !== 'object' || jwk === null || (jwk as { kty?: unknown }).kty === 'oct') return [];
    try {
      const key = createPublicKey({ key: jwk as JsonWebKey, format: 'jwk' });
      const kid = (jwk as { kid?: unknown }).kid;
      return [{ ...(typeof kid === 'string' ? { kid } : {}), key }];
    } catch {
      return [];
    }
  });
}

/**
 * The keys a secret stands for: a JSON Web Key Set or a single public JWK; a PEM public key
 * or certificate; else the shared secret of HS* tokens, as its UTF-8 bytes.
 */
export function keysFromSecret(secret: string): JwtKeys {
  const trimmed = secret.trim();
  if (trimmed.startsWith('{')) {
    try {
      const keys = publicKeysOf(JSON.parse(trimmed));
      if (keys.length > 0) return { publicKeys: keys };
    } catch {
      // not JSON: a shared secret that starts with a brace
    }
  }
  if (trimmed.startsWith('-----BEGIN')) {
    try {
      return { publicKeys: [{ key: createPublicKey(trimmed) }] };
    } catch {
      // not a public key: a shared secret
    }
  }
  return { secret: Buffer.from(secret, 'utf8') };
}
