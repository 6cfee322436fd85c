import { anonymousSigner } from './anonymous.js';
import { SignatureV4 } from './sigv4.js';
import type { SignatureProvider, Signer } from './types.js';
import { UnknownSignatureVersionError } from '../errors/unknown-signature-version-error.js';

const v4Signers = new Map<string, SignatureV4>();

/**
 * The built-in signature provider: `v4` gives a {@link SignatureV4} (one per service and region),
 * `anonymous` the anonymous signer; any other version gives null.
 */
export function defaultSignatureProvider(version: string, service: string, region: string): Signer | null {
  if (version === 'anonymous') return anonymousSigner;
  if (version !== 'v4') return null;
  const id = `${service}\n${region}`;
  let signer = v4Signers.get(id);
  if (!signer) {
    signer = new SignatureV4();
    v4Signers.set(id, signer);
  }
  return signer;
}

/**
 * Asks `provider` for the signer of `version`; throws {@link UnknownSignatureVersionError} naming
 * the version when the provider has none.
 */
export function resolveSigner(provider: SignatureProvider, version: string, service: string, region: string): Signer {
  const signer = provider(version, service, region);
  if (!signer) throw new UnknownSignatureVersionError(version, service, region);
  return signer;
}
