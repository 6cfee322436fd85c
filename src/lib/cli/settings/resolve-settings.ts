import { resolveOutputFormat, type OutputFormat } from '../../config/output-format.js';
import { loadProfile, resolveProfileName, type Profile } from '../../config/profile.js';
import { resolveRegion } from '../../config/region.js';
import { loadSharedConfig } from '../../config/shared-config.js';
import type { Env } from '../../config/types.js';
import { configError } from '../errors/cli-error.js';
import type { GlobalFlags } from '../global-flags.js';
import { saveProfileSetting } from './profile-store.js';

/** The region of `--local` runs when none is configured: the embedded service accepts any. */
const LOCAL_DEFAULT_REGION = 'us-east-1';

/** What a run needs to know before it builds a client. */
export interface RunSettings {
  /** The profile's name. */
  profileName: string;
  profile: Profile;
  region: string;
  /** True when `--local` runs in its default region because none was set (the run says so). */
  localDefaultRegion: boolean;
  /** `latest` or a date. */
  version: string;
  /** Where the version came from: a bad one from the profile is a configuration error, from the flag a usage error. */
  versionSource: 'flag' | 'profile' | 'prompt' | 'default';
  output: OutputFormat;
}

/** The service and the flags settings are resolved for. */
export interface SettingsRequest {
  service: string;
  /** The key of the service under a profile's `api_versions` (botocore's service name, e.g. `kendra`). */
  versionKey: string;
  versions: readonly string[];
  flags: Partial<Pick<GlobalFlags, 'region' | 'profile' | 'api-version' | 'output' | 'local' | 'no-input'>>;
  env: Env;
  /** True when stdin and stderr are terminals. */
  terminal: boolean;
}

/** True when the run may ask questions: terminals on stdin and stderr, `CI` unset, no `--no-input`. */
export function isInteractive(request: Pick<SettingsRequest, 'flags' | 'env' | 'terminal'>): boolean {
  return request.terminal && !request.env.CI && !request.flags['no-input'] && !request.flags.local;
}

/**
 * Fails as the run would, when no credentials can be found for the profile.
 * @throws ConfigurationError (CredentialsNotFoundError) when the credential chain has none.
 */
async function checkCredentials(profile: string | undefined, env: Env): Promise<void> {
  const { defaultProvider } = await import('../../credentials/default-provider.js');
  await defaultProvider({ profile, env })();
}

/** The profile's `api_versions` entry for the service, from the config file. */
function profileVersion(profile: string, key: string, env: Env): string | undefined {
  const section = loadSharedConfig({ env }).configProfiles[profile];
  return section?.subsections.api_versions?.[key] || undefined;
}

/**
 * Resolves profile, region, API version and output format, each from its flag, then the
 * environment, then the profile, then, in an interactive run, a prompt (whose answer may be
 * saved in the profile). A missing region in a non-interactive run is a configuration error;
 * a missing version is `latest`. Credentials are checked before the region is asked for, and
 * the version is asked for only when nimbus ships more than one.
 * @throws CliError (configuration) when no region can be found; ConfigurationError for an unusable profile.
 */
export async function resolveSettings(request: SettingsRequest): Promise<RunSettings> {
  const { flags, env } = request;
  const profileName = resolveProfileName({ profile: flags.profile, env });
  const explicit = flags.profile !== undefined || Boolean(env.AWS_PROFILE || env.AWS_DEFAULT_PROFILE);
  const profile = loadProfile(profileName, { env, explicit });
  const interactive = isInteractive(request);

  let region = flags.region || resolveRegion(profile, env);
  let version = flags['api-version'] || profileVersion(profileName, request.versionKey, env);
  let versionSource: RunSettings['versionSource'] = flags['api-version'] ? 'flag' : version ? 'profile' : 'default';
  let localDefault = false;
  if (!region && flags.local) {
    // The local service keeps data per region, as the real one does: say which one is used.
    region = LOCAL_DEFAULT_REGION;
    localDefault = true;
  }
  // Only a choice is worth a question: with one version shipped, `latest` is that version.
  const askVersion = !version && request.versions.length > 1;
  if ((!region || askVersion) && interactive) {
    const prompts = await import('./prompts.js');
    if (!region) {
      // No answer is wasted on a run that would fail for want of credentials anyway.
      await checkCredentials(flags.profile, env);
      region = await prompts.askRegion(undefined, request.service);
      if (await prompts.askSave('region', region, profileName)) saveProfileSetting(profileName, 'region', region, env);
    }
    if (askVersion) {
      version = await prompts.askVersion(request.service, request.versions);
      versionSource = 'prompt';
      const key = `api_versions.${request.versionKey}`;
      if (await prompts.askSave(key, version, profileName)) saveProfileSetting(profileName, key, version, env);
    }
  }
  if (!region) {
    throw configError(
      `No region: use --region, set AWS_REGION, or save one with "nimbus configure set region REGION${profileName === 'default' ? '' : ` --profile ${profileName}`}"`,
    );
  }
  return {
    profileName,
    profile,
    region,
    localDefaultRegion: localDefault,
    version: version ?? 'latest',
    versionSource,
    output: (flags.output as OutputFormat | undefined) ?? resolveOutputFormat(profile, env) ?? 'json',
  };
}
