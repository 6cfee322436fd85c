import { input, password, select } from '@inquirer/prompts';
import { OUTPUT_FORMATS } from '../../config/output-format.js';
import type { Env } from '../../config/types.js';
import { usageError } from '../errors/cli-error.js';
import { askRegion } from '../settings/prompts.js';
import { saveProfileSetting } from '../settings/profile-store.js';
import { mask, profileValue } from './profile-values.js';

const CONTEXT = { output: process.stderr };

/**
 * `nimbus configure`: asks for the access key, secret (masked), region and output format of a
 * profile, showing the current values; an empty answer keeps the current one. Writes the
 * credentials file (mode 0600) and the config file, leaving other profiles as they are.
 * @throws CliError (usage) when stdin or stderr is not a terminal.
 */
export async function configureInteractive(profile: string, env: Env, terminal: boolean): Promise<void> {
  if (!terminal) throw usageError('"nimbus configure" asks questions in a terminal; in scripts use "nimbus configure set KEY VALUE"');
  const current = (key: string) => profileValue(profile, key, env)?.value;
  const keyId = current('aws_access_key_id');
  const secret = current('aws_secret_access_key');
  const answers: Array<[string, string]> = [];

  const newKey = (await input({ message: `Access key ID${keyId ? ` [${mask(keyId)}]` : ''}` }, CONTEXT)).trim();
  if (newKey) answers.push(['aws_access_key_id', newKey]);
  const newSecret = (await password({ message: `Secret access key${secret ? ` [${mask(secret)}]` : ''}`, mask: '*' }, CONTEXT)).trim();
  if (newSecret) answers.push(['aws_secret_access_key', newSecret]);
  const region = await askRegion(current('region'));
  if (region !== current('region')) answers.push(['region', region]);
  const output = await select(
    { message: 'Output format', choices: OUTPUT_FORMATS.map((format) => ({ name: format, value: format })), default: current('output') ?? 'json' },
    CONTEXT,
  );
  if (output !== current('output')) answers.push(['output', output]);

  const written = new Set<string>();
  for (const [key, value] of answers) written.add(saveProfileSetting(profile, key, value, env));
  process.stderr.write(written.size ? `Saved profile "${profile}" in ${[...written].join(' and ')}\n` : 'Nothing changed\n');
}
