import assert from 'node:assert/strict';
import type { HttpRequest } from '../../../src/lib/http/types.js';
import { AnonymousSigner, anonymousSigner } from '../../../src/lib/signing/anonymous.js';
import { defaultSignatureProvider, resolveSigner } from '../../../src/lib/signing/signature-provider.js';
import { SignatureV4 } from '../../../src/lib/signing/sigv4.js';
import { isUnknownSignatureVersionError } from '../../../src/lib/errors/unknown-signature-version-error.js';

const request: HttpRequest = {
  method: 'GET',
  protocol: 'https:',
  hostname: 'mobile.us-east-1.amazonaws.com',
  path: '/projects',
  query: { maxResults: '5' },
  headers: { accept: 'application/json' },
};

describe('signature provider', () => {
  it('gives one SignatureV4 per service and region for v4', () => {
    const signer = defaultSignatureProvider('v4', 'kendra', 'us-east-1');
    assert.ok(signer instanceof SignatureV4);
    assert.equal(defaultSignatureProvider('v4', 'kendra', 'us-east-1'), signer);
    assert.notEqual(defaultSignatureProvider('v4', 'kendra', 'eu-west-1'), signer);
    assert.notEqual(defaultSignatureProvider('v4', 'AWSMobileHubService', 'us-east-1'), signer);
  });

  it('gives the anonymous signer for anonymous, and null for anything else', () => {
    assert.equal(defaultSignatureProvider('anonymous', 'kendra', 'us-east-1'), anonymousSigner);
    assert.equal(defaultSignatureProvider('v2', 'kendra', 'us-east-1'), null);
    assert.equal(defaultSignatureProvider('V4', 'kendra', 'us-east-1'), null);
  });

  it('resolves a signer, or throws an error naming the unknown version', () => {
    assert.ok(resolveSigner(defaultSignatureProvider, 'v4', 'kendra', 'us-east-1') instanceof SignatureV4);
    const custom = new AnonymousSigner();
    assert.equal(
      resolveSigner(() => custom, 'mine', 'kendra', 'us-east-1'),
      custom,
    );
    assert.throws(
      () => resolveSigner(defaultSignatureProvider, 'v2', 'kendra', 'us-east-1'),
      (error) => isUnknownSignatureVersionError(error) && error.version === 'v2' && /'v2'/.test(error.message),
    );
  });

  it('leaves requests unsigned with the anonymous signer', () => {
    const signed = anonymousSigner.sign(request, { key: 'k', secret: 's' }, { region: 'us-east-1', service: 'kendra' });
    assert.deepEqual(signed, request);
    assert.notEqual(signed.headers, request.headers);
    assert.equal(signed.headers['authorization'], undefined);
  });
});
