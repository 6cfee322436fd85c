import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { HttpRequest } from '../../../src/lib/http/types.js';
import { SignatureV4, type SigningDetails } from '../../../src/lib/signing/sigv4.js';
import { verifySigV4 } from '../../../src/lib/signing/verify.js';
import { parseRawRequest, type RawRequest } from './raw-request.js';

/** The official SigV4 test vectors (aws-c-auth, Apache-2.0), kept under test/fixtures/sigv4. */
const VECTORS = fileURLToPath(new URL('../../fixtures/sigv4/', import.meta.url));

interface VectorContext {
  credentials: { access_key_id: string; secret_access_key: string; token?: string };
  expiration_in_seconds: number;
  normalize: boolean;
  region: string;
  service: string;
  sign_body: boolean;
  timestamp: string;
  omit_session_token?: boolean;
}

function read(dir: string, file: string): string {
  return readFileSync(`${VECTORS}${dir}/${file}`, 'utf8');
}

function toHttpRequest(raw: RawRequest): HttpRequest {
  return {
    method: raw.method,
    protocol: 'https:',
    hostname: raw.headers['host']!,
    path: raw.path,
    query: raw.query,
    headers: raw.headers,
    ...(raw.body ? { body: raw.body } : {}),
  };
}

const names = readdirSync(VECTORS, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

describe('SigV4 official test vectors', () => {
  it('finds every vector directory', () => {
    assert.ok(names.length >= 38, `only ${names.length} vectors found in ${VECTORS}`);
  });

  for (const name of names) {
    describe(name, () => {
      const context = JSON.parse(read(name, 'context.json')) as VectorContext;
      const credentials = {
        key: context.credentials.access_key_id,
        secret: context.credentials.secret_access_key,
        ...(context.credentials.token ? { token: context.credentials.token } : {}),
      };
      const signingContext = { region: context.region, service: context.service, signingDate: new Date(context.timestamp) };
      const request = toHttpRequest(parseRawRequest(read(name, 'request.txt')));

      function signer(log: SigningDetails[]): SignatureV4 {
        return new SignatureV4({
          normalizePath: context.normalize,
          contentSha256Header: context.sign_body,
          signSessionToken: !context.omit_session_token,
          unsignedPresignPayload: false,
          log: (details) => log.push(details),
        });
      }

      it('signs with headers', () => {
        assert.ok(existsSync(`${VECTORS}${name}/header-signed-request.txt`));
        const log: SigningDetails[] = [];
        const signed = signer(log).sign(request, credentials, signingContext);
        assert.equal(log.length, 1);
        assert.equal(log[0]!.canonicalRequest, read(name, 'header-canonical-request.txt'));
        assert.equal(log[0]!.stringToSign, read(name, 'header-string-to-sign.txt'));
        assert.equal(log[0]!.signature, read(name, 'header-signature.txt').trim());
        const expected = parseRawRequest(read(name, 'header-signed-request.txt'));
        assert.deepEqual(signed.headers, expected.headers);
        assert.equal(signed.path, expected.path);
        assert.deepEqual(signed.query, expected.query);
        assert.equal(signed.body ?? '', expected.body);
      });

      it('signs with the query string', () => {
        const log: SigningDetails[] = [];
        const signed = signer(log).presign(request, credentials, { ...signingContext, expiresIn: context.expiration_in_seconds });
        assert.equal(log.length, 1);
        assert.equal(log[0]!.canonicalRequest, read(name, 'query-canonical-request.txt'));
        assert.equal(log[0]!.stringToSign, read(name, 'query-string-to-sign.txt'));
        assert.equal(log[0]!.signature, read(name, 'query-signature.txt').trim());
        const expected = parseRawRequest(read(name, 'query-signed-request.txt'));
        assert.deepEqual(signed.query, expected.query);
        assert.deepEqual(signed.headers, expected.headers);
        assert.equal(signed.path, expected.path);
      });

      if (context.normalize) {
        it('verifies both signed forms with verifySigV4 (standard services normalize paths)', () => {
          const lookup = (key: string) => (key === credentials.key ? credentials.secret : undefined);
          for (const file of ['header-signed-request.txt', 'query-signed-request.txt']) {
            const raw = parseRawRequest(read(name, file));
            const query = new URLSearchParams();
            for (const [key, value] of Object.entries(raw.query)) {
              for (const item of Array.isArray(value) ? value : [value]) query.append(key, item);
            }
            const result = verifySigV4({ method: raw.method, path: raw.path, query, headers: raw.headers, body: Buffer.from(raw.body) }, lookup, {
              now: signingContext.signingDate,
            });
            const presigned = file.startsWith('query');
            if (presigned && context.omit_session_token) {
              // The token was appended after signing, so it is not in the signed query: real services reject that.
              assert.equal(result.ok ? 'ok' : result.code, 'InvalidSignatureException', file);
            } else {
              const listed = presigned ? String(raw.query['X-Amz-SignedHeaders']) : /SignedHeaders=([^,]+)/.exec(raw.headers['authorization']!)![1]!;
              const signedHeaders = listed.split(';');
              const expected = {
                ok: true,
                accessKey: 'AKIDEXAMPLE',
                region: 'us-east-1',
                service: 'service',
                date: signingContext.signingDate,
                presigned,
                signedHeaders,
              };
              assert.deepEqual(result, expected, file);
            }
          }
        });
      }
    });
  }
});
