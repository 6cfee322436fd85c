/** A config file with comments, two profiles and a nested section, as people write them. */
export const ORIGINAL = [
  '# my settings',
  '[default]',
  'region = us-east-1',
  '',
  '[profile dev]',
  'output = table',
  'api_versions =',
  '    kendra = 2019-02-03',
  '; trailing comment',
  '',
].join('\n');
