/** Assume-role arguments whose cache keys are checked against botocore's: plain, every key, and non-ASCII text. */
export const CACHE_KEY_CASES: Array<Record<string, string | number>> = [
  { RoleArn: 'arn:aws:iam::123456789012:role/dev' },
  {
    RoleArn: 'arn:aws:iam::123456789012:role/dev',
    RoleSessionName: 'me',
    ExternalId: 'ext-42',
    SerialNumber: 'arn:aws:iam::123456789012:mfa/me',
    DurationSeconds: 3600,
  },
  { RoleArn: 'arn:aws:iam::123456789012:role/ünïcode', RoleSessionName: 'tab\there "quoted" \\ 😀' },
];
