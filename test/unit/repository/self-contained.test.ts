import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const { COMPAT } = createRequire(import.meta.url)('../../support/suites.cjs') as { COMPAT: string[] };

/** Every file under `dir` (relative to the repository root), skipping installed and built trees. */
function filesUnder(dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .filter((path) => !/(^|\/)(node_modules|dist|\.git)\//.test(path));
}

/** True when `path` is one of the compat entries: a folder ("x/"), a suffix ("**\/*.compat.test.ts") or a file. */
const inCompat = (path: string) =>
  COMPAT.some((entry) => (entry.endsWith('/') ? path.startsWith(entry) : entry.startsWith('**/*') ? path.endsWith(entry.slice(4)) : path === entry));

/** The source of a test file and of the local modules it imports directly. */
function sourceWithHelpers(path: string): string {
  const text = readFileSync(join(root, path), 'utf8');
  const helpers = [...text.matchAll(/from '(\.{1,2}\/[^']+)\.js'/g)]
    .map((match) => join(dirname(path), `${match[1]}.ts`))
    .filter((helper) => existsSync(join(root, helper)));
  return [text, ...helpers.map((helper) => readFileSync(join(root, helper), 'utf8'))].join('\n');
}

/**
 * Suites of `npm test` that also run an AWS CLI or botocore as a reference, but only where it is
 * installed (each use sits behind a presence check), so that they pass with nothing but `npm ci`
 * and compare with the reference in CI, where `.ci/run` installs it.
 */
const REFERENCE_WHERE_PRESENT = [
  'test/cli/credentials/configure.test.ts',
  'test/cli/credentials/container-imds.test.ts',
  'test/cli/credentials/matrix.test.ts',
  'test/cli/credentials/sso-https.test.ts',
  'test/cli/credentials/sso.test.ts',
];

describe('the repository tests itself', () => {
  it('lists only compat suites that exist', () => {
    for (const entry of COMPAT.filter((item) => !item.startsWith('**/'))) assert.ok(existsSync(join(root, entry)), `${entry} does not exist`);
  });

  it('runs every suite that starts an AWS CLI or imports botocore or awscli in test:compat, but for the listed reference checks that run only where it is present', () => {
    const runsAwsCli = /\/usr\/bin\/aws|execFile(Sync)?\(\s*'aws'|=\s'aws';|from botocore|import botocore|from awscli|botocoreSign|botocoreLimiterTrace/;
    const offenders = filesUnder('test')
      .filter((path) => path.endsWith('.test.ts') && !inCompat(path) && path !== 'test/unit/repository/self-contained.test.ts')
      .filter((path) => !REFERENCE_WHERE_PRESENT.includes(path))
      .filter((path) => runsAwsCli.test(sourceWithHelpers(path)));
    assert.deepEqual(offenders, []);
  });

  it('reads nothing from outside the repository', () => {
    // The pattern is assembled so that this file does not match itself.
    const sibling = 'shared';
    const outside = new RegExp(`\\.\\./${sibling}\\b|'\\.\\.',\\s*'${sibling}'|\\.\\.\\/\\.\\.\\/\\.\\.\\/\\.\\.\\/${sibling}`);
    const readers = ['test', 'scripts', 'src', 'bench', '.ci']
      .flatMap(filesUnder)
      .filter((path) => /\.(ts|mjs|cjs|js|py|sh|json)$|(^|\/)run$/.test(path))
      .filter((path) => outside.test(readFileSync(join(root, path), 'utf8')));
    assert.deepEqual(readers, []);
  });

  it('keeps the official SigV4 vectors with their licence, and the source models', () => {
    for (const file of ['LICENSE', 'NOTICE', 'get-vanilla/request.txt']) assert.ok(existsSync(join(root, 'test/fixtures/sigv4', file)), file);
    for (const model of ['kendra-2019-02-03', 'mobile-2017-07-01', 'sts-2011-06-15', 'sso-2019-06-10', 'sso-oidc-2019-06-10']) {
      const json = JSON.parse(readFileSync(join(root, 'models', `${model}.api.json`), 'utf8')) as { operations: object };
      assert.ok(Object.keys(json.operations).length > 0, model);
    }
  });
});
