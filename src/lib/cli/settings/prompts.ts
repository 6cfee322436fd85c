import { confirm, password, search, select } from '@inquirer/prompts';
import { REGIONS } from './regions.js';

/** Prompts draw on stderr: stdout carries data only. */
const CONTEXT = { output: process.stderr };

/**
 * Asks for a region from a list filtered as the user types (code or place); `current`, when
 * given, is listed first.
 */
export function askRegion(current?: string): Promise<string> {
  return search(
    {
      message: 'Region',
      source: (term) => {
        const text = (term ?? '').trim().toLowerCase();
        const matches = REGIONS.filter((region) => !text || region.code.includes(text) || region.name.toLowerCase().includes(text));
        if (current && !text) matches.sort((a, b) => Number(b.code === current) - Number(a.code === current));
        const choices = matches.map((region) => ({ name: `${region.code}  ${region.name}${region.code === current ? '  (current)' : ''}`, value: region.code }));
        // A region nimbus does not list (a new one, or a local name) can still be typed in full.
        if (text && /^[a-z0-9-]+$/.test(text) && !matches.some((region) => region.code === text)) {
          choices.push({ name: `${text}  (as typed)`, value: text });
        }
        return choices;
      },
      pageSize: 10,
    },
    CONTEXT,
  );
}

/** Asks for an API version: `latest` (the default) or one of the versions nimbus ships. */
export function askVersion(service: string, versions: readonly string[]): Promise<string> {
  return select(
    {
      message: `API version of the ${service} service`,
      choices: [
        { name: `latest (${versions.at(-1)})`, value: 'latest' },
        ...[...versions].reverse().map((version) => ({ name: version, value: version })),
      ],
      default: 'latest',
    },
    CONTEXT,
  );
}

/** Asks whether to save a setting in the profile (default yes). */
export function askSave(setting: string, value: string, profile: string): Promise<boolean> {
  return confirm({ message: `Save ${setting} = ${value} in profile "${profile}"?`, default: true }, CONTEXT);
}

/** Asks for the current code of an MFA device, masked as it is typed. */
export async function askMfaCode(serialNumber: string): Promise<string> {
  const code = await password(
    { message: `MFA code for ${serialNumber}`, mask: '*', validate: (value) => value.trim() !== '' || 'Type the code your device shows' },
    CONTEXT,
  );
  return code.trim();
}
