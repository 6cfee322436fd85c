import { strict as assert } from 'node:assert';
import { constants, createHmac, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { keysFromSecret, TokenRejected, verifyJwt } from '../../../src/lib/local/search/query/user-tokens/jwt-verify.js';

const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const NOW = Date.UTC(2030, 0, 1);

function signed(alg: string, claims: Record<string, unknown>, signer: (input: Buffer) => Buffer, kid?: string): string {
  const input = `${part({ alg, ...(kid ? { kid } : {}) })}.${part(claims)}`;
  return `${input}.${signer(Buffer.from(input)).toString('base64url')}`;
}

const rejects = (run: () => unknown, reason: RegExp) => assert.throws(run, (error: unknown) => error instanceof TokenRejected && reason.test(error.message));

describe('local search: JWT verification', function () {
  it('verifies ES256 tokens with a JSON Web Key Set secret, choosing the key by kid', () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const other = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey;
    const secret = JSON.stringify({
      keys: [
        { ...other.export({ format: 'jwk' }), kid: 'old' },
        { ...publicKey.export({ format: 'jwk' }), kid: 'new' },
      ],
    });
    const es = (key: KeyObject) => (input: Buffer) => sign('sha256', input, { key, dsaEncoding: 'ieee-p1363' });
    const token = signed('ES256', { sub: 'ada' }, es(privateKey), 'new');
    assert.equal(verifyJwt(token, keysFromSecret(secret), NOW).sub, 'ada');
    rejects(() => verifyJwt(signed('ES256', { sub: 'ada' }, es(privateKey), 'old'), keysFromSecret(secret), NOW), /signature does not match/);
  });

  it('verifies PS256 tokens with a PEM public key secret', () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = publicKey.export({ format: 'pem', type: 'spki' }).toString();
    const ps = (input: Buffer) =>
      sign('sha256', input, { key: privateKey, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: constants.RSA_PSS_SALTLEN_DIGEST });
    assert.equal(verifyJwt(signed('PS256', { sub: 'bob' }, ps), keysFromSecret(pem), NOW).sub, 'bob');
    const hs = (input: Buffer) => createHmac('sha256', pem).update(input).digest();
    rejects(() => verifyJwt(signed('HS256', { sub: 'bob' }, hs), keysFromSecret(pem), NOW), /not a shared secret/);
  });

  it('checks the times and the issuer of HS tokens', () => {
    const hs = (input: Buffer) => createHmac('sha512', 'k').update(input).digest();
    const keys = keysFromSecret('k');
    const seconds = NOW / 1000;
    assert.equal(verifyJwt(signed('HS512', { sub: 'c', exp: seconds + 1, nbf: seconds, iss: 'me' }, hs), keys, NOW, 'me').sub, 'c');
    rejects(() => verifyJwt(signed('HS512', { sub: 'c', exp: seconds }, hs), keys, NOW), /expired/);
    rejects(() => verifyJwt(signed('HS512', { sub: 'c', nbf: seconds + 1 }, hs), keys, NOW), /not valid yet/);
    rejects(() => verifyJwt(signed('HS512', { sub: 'c' }, hs), keys, NOW, 'me'), /issuer/);
    rejects(() => verifyJwt(signed('XS256', { sub: 'c' }, hs), keys, NOW), /not supported/);
    rejects(() => verifyJwt(`${part({ alg: 'HS256' })}.not-json.sig`, keys, NOW), /payload is not/);
  });
});
