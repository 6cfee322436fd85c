import { ConfigurationError } from '../errors/configuration-error.js';

/**
 * Gives the current code of an MFA device, for a profile with `mfa_serial`: receives the
 * device's serial number (or ARN) and resolves to the code the user reads from it.
 */
export type MfaCodeProvider = (serialNumber: string) => Promise<string>;

/**
 * The client option key (a symbol, so not one of the documented string options) under which a
 * {@link MfaCodeProvider} is given to a client: `new SearchClient({ region, version, profile,
 * [MFA_CODE_PROVIDER]: async (serial) => code })`.
 */
export const MFA_CODE_PROVIDER: unique symbol = Symbol.for('nimbus.mfaCodeProvider');

/**
 * The {@link MFA_CODE_PROVIDER} entry of a client's options, if any.
 * @throws ConfigurationError when it is there but is not a function.
 */
export function mfaCodeProviderOption(options: object): MfaCodeProvider | undefined {
  const value = (options as Record<symbol, unknown>)[MFA_CODE_PROVIDER];
  if (value === undefined) return undefined;
  if (typeof value !== 'function')
    throw new ConfigurationError('The MFA code provider option must be a function (serialNumber) => Promise<string>', { option: 'credentials' });
  return value as MfaCodeProvider;
}
