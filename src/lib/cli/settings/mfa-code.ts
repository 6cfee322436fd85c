import type { MfaCodeProvider } from '../../credentials/assume-role-mfa.js';
import { ConfigurationError } from '../../errors/configuration-error.js';

/**
 * The CLI's MFA code provider: in an interactive run, asks for the code on stderr, masked; in
 * any other run (no terminal, `CI` set, `--no-input`), fails with a configuration error (exit
 * 253) that says how to get the role's credentials cached. A ConfigurationError, so that the
 * credential chain stops there instead of falling back to another source.
 */
export function cliMfaCodeProvider(interactive: boolean): MfaCodeProvider {
  return async (serialNumber) => {
    if (!interactive) {
      throw new ConfigurationError(
        `An MFA code for ${serialNumber} is needed to assume the profile's role, but this run cannot ask for it (no terminal, CI is set, or --no-input); run the command once in a terminal: the role's credentials are then cached until they expire`,
      );
    }
    const { askMfaCode } = await import('./prompts.js');
    return askMfaCode(serialNumber);
  };
}
