// The environment every measured CLI runs in: the same credentials, region and empty home for
// all of them, so no one reads a real ~/.aws or pays for a pager.
import { join } from 'node:path';
import { tempDir } from './temp-dir.mjs';

/** The region and credentials the local service and every client use. */
export const REGION = 'us-east-1';
export const CREDENTIALS = { key: 'test', secret: 'test' };

let home;

/** A minimal environment (PATH, an empty HOME, credentials and region in the standard variables). */
export function cliEnv() {
  home ??= tempDir('home').path;
  return {
    PATH: process.env.PATH,
    HOME: home,
    LANG: 'C.UTF-8',
    AWS_ACCESS_KEY_ID: CREDENTIALS.key,
    AWS_SECRET_ACCESS_KEY: CREDENTIALS.secret,
    AWS_REGION: REGION,
    AWS_DEFAULT_REGION: REGION,
    AWS_CONFIG_FILE: join(home, 'config'),
    AWS_SHARED_CREDENTIALS_FILE: join(home, 'credentials'),
    AWS_PAGER: '',
    AWS_EC2_METADATA_DISABLED: 'true',
    NO_COLOR: '1',
  };
}
