import { Flags, type Interfaces } from '@oclif/core';
import { GLOBAL_FLAGS } from '../global-flags.js';

/** The local service's default address, as `nimbus local start` listens without flags. */
export const DEFAULT_LOCAL_ENDPOINT = 'http://127.0.0.1:4599';

/** The flags of the commands that use a running local service's admin endpoints. */
export const ADMIN_FLAGS = {
  'endpoint-url': Flags.string({ summary: `The local service to manage (default ${DEFAULT_LOCAL_ENDPOINT}).` }),
  profile: GLOBAL_FLAGS.profile,
  'ca-bundle': GLOBAL_FLAGS['ca-bundle'],
  'no-verify-ssl': GLOBAL_FLAGS['no-verify-ssl'],
};

/** The parsed {@link ADMIN_FLAGS}. */
export type AdminFlags = Interfaces.InferredFlags<typeof ADMIN_FLAGS>;
