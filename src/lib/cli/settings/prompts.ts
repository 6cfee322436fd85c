import { confirm, password, search, select } from '@inquirer/prompts';
import { REGIONS, SERVICE_REGIONS } from './regions.js';

/** The width of the code column of the region list, so that the place names line up. */
const CODE_WIDTH = Math.max(...REGIONS.map((region) => region.code.length));

/** Prompts draw on stderr: stdout carries data only. */
const CONTEXT = { output: process.stderr };

/**
 * Asks for a region from a list filtered as the user types (code or place), saying why it is
 * needed; `current`, when given, is listed first. For a service, only the regions where it has
 * an endpoint are listed ({@link SERVICE_REGIONS}); another region can still be typed in full,
 * and is then marked as having no endpoint of the service.
 * @param current - the region the profile has now, if any.
 * @param service - the service the region is for, e.g. `search`; none for a profile's default.
 */
export function askRegion(current?: string, service?: string): Promise<string> {
  const why = service ? `each region has its own ${service} endpoint and data` : 'where commands send their requests';
  const served = service ? SERVICE_REGIONS[service] : undefined;
  const offered = served ? REGIONS.filter((region) => served.includes(region.code)) : REGIONS;
  return search(
    {
      message: `Region (${why})`,
      source: (term) => {
        const text = (term ?? '').trim().toLowerCase();
        const matches = offered.filter((region) => !text || region.code.includes(text) || region.name.toLowerCase().includes(text));
        if (current && !text) matches.sort((a, b) => Number(b.code === current) - Number(a.code === current));
        // The answer line repeats only the code: with the place name it would not fit 80 columns.
        const choices = matches.map((region) => ({
          name: `${region.code.padEnd(CODE_WIDTH)}  ${region.name}${region.code === current ? '  (current)' : ''}`,
          value: region.code,
          short: region.code,
        }));
        // A region nimbus does not list (a new one, or a local name) can still be typed in full.
        if (text && /^[a-z0-9-]+$/.test(text) && !matches.some((region) => region.code === text)) {
          const note = served && REGIONS.some((region) => region.code === text) ? `no ${service} endpoint there` : 'as typed';
          choices.push({ name: `${text}  (${note})`, value: text, short: text });
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
      choices: [{ name: `latest (${versions.at(-1)})`, value: 'latest' }, ...[...versions].reverse().map((version) => ({ name: version, value: version }))],
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
