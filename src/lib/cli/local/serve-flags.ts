import { Flags, type Interfaces } from '@oclif/core';

/** The flags of `nimbus local start`. */
export const SERVE_FLAGS = {
  host: Flags.string({ summary: 'Address to listen on.', default: '127.0.0.1' }),
  port: Flags.integer({ summary: 'Port to listen on (0 for any free port).', default: 4599, min: 0, max: 65535 }),
  'data-dir': Flags.string({ summary: 'Directory of the service\'s database (default ~/.nimbus/local).' }),
  's3-dir': Flags.string({ summary: 'Directory that stands for S3: s3://bucket/key is <s3-dir>/bucket/key (default <data-dir>/s3).' }),
  credentials: Flags.string({ summary: 'Accepted access key and secret, as KEY:SECRET; repeat for more (default test:test).', multiple: true, multipleNonGreedy: true }),
  'create-delay': Flags.string({ summary: 'Seconds new and updated resources stay CREATING/UPDATING (default 1).', helpValue: '<seconds>' }),
  'account-id': Flags.string({ summary: 'Account id in resource ARNs (12 digits).', default: '000000000000' }),
};

/** The parsed flags of `nimbus local start`, as oclif infers them from {@link SERVE_FLAGS}. */
export type ServeFlags = Interfaces.InferredFlags<typeof SERVE_FLAGS>;
