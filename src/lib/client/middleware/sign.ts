import type { CredentialProvider } from '../../credentials/types.js';
import type { SignatureProvider, Signer } from '../../signing/types.js';
import { defaultSignatureProvider, resolveSigner } from '../../signing/signature-provider.js';
import type { Middleware } from '../handler-list.js';

/** What the sign step needs from the client's configuration. */
export interface SignOptions {
  credentials: CredentialProvider | null;
  signatureProvider: SignatureProvider;
  signatureVersion: string;
  region: string;
  signingName: string;
}

/**
 * Signs every attempt again (it sits after the retry middleware): resolves the credentials
 * (memoized, refreshed before they expire), picks the signer for the operation's signature
 * version (the model's per-operation version — `signatureVersion`, or anonymous for `authtype:
 * none` / a first `auth` scheme `smithy.api#noAuth` — wins over the client's) and signs.
 */
export function signMiddleware(options: SignOptions): Middleware {
  // The built-in provider gives the same signer for the same version every time: ask it once per
  // version. Any other provider is asked on every call, as it may answer differently.
  const known = options.signatureProvider === defaultSignatureProvider ? new Map<string, Signer>() : undefined;
  const signerFor = (version: string): Signer => {
    let signer = known?.get(version);
    if (!signer) {
      signer = resolveSigner(options.signatureProvider, version, options.signingName, options.region);
      known?.set(version, signer);
    }
    return signer;
  };
  return (next) => (command, request) => {
    if (!request) return next(command, request);
    const { operation } = command;
    const unsigned = operation.authtype === 'none' || operation.auth?.[0] === 'smithy.api#noAuth';
    const version = operation.signatureVersion ?? (unsigned ? 'anonymous' : options.signatureVersion);
    const context = { region: options.region, service: options.signingName };
    try {
      if (version === 'anonymous' || !options.credentials) return next(command, signerFor(version).sign(request, null, context));
      return options.credentials().then((credentials) => next(command, signerFor(version).sign(request, credentials, context)));
    } catch (error) {
      return Promise.reject(error);
    }
  };
}
