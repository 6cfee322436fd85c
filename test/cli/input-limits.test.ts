import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BIN, json, nimbus, requireBuild, type CliResult } from './helpers/cli.js';
import { startTestService, type TestService } from './helpers/service.js';
import { createActiveIndex, localClient, storedIds } from '../integration/bulk/support.js';

/**
 * Runs the built CLI through `sh -c script` ("$1" is node, "$2" the CLI), so that a word can be
 * read from a file with "$(cat …)" and carry bytes that are not UTF-8: argv is bytes on Linux.
 */
function nimbusSh(script: string, env: NodeJS.ProcessEnv): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', script, 'sh', process.execPath, BIN], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

describe('nimbus reads small files within bounds and text input only as valid UTF-8 (issue 27 items 6 and 7)', function () {
  this.timeout(120_000);
  let t: TestService;
  let fifo: string;

  before(async () => {
    requireBuild();
    t = await startTestService();
    fifo = join(t.dir, 'fifo');
    execFileSync('mkfifo', [fifo]);
  });
  after(() => t?.close());

  /** A run that must end by itself, quickly: a read that blocks or grows for ever is killed after 20 s, and the run then fails on its signal. */
  const run = (args: string[], env: NodeJS.ProcessEnv = {}) =>
    nimbus([...args, '--endpoint-url', t.service.endpoint], { env: { ...t.env, ...env }, timeoutMs: 20_000 });

  /** Asserts the run ended by itself with `code` and one line on stderr matching `message`. */
  function refused(result: CliResult, code: number, message: RegExp): void {
    assert.equal(result.signal, null, 'the run ended by itself');
    assert.equal(result.code, code, result.stderr);
    assert.match(result.stderr.trimEnd(), message);
    assert.equal(result.stderr.trim().split('\n').length, 1, `one line: ${result.stderr}`);
  }

  it('refuses a shared config or credentials file that is a device, a FIFO, a directory or larger than 4 MiB, naming it, exit 253', async () => {
    const huge = join(t.dir, 'huge-config');
    writeFileSync(huge, `[default]\n${'# padding\n'.repeat(500_000)}`);
    const cases: Array<[NodeJS.ProcessEnv, RegExp]> = [
      [{ AWS_CONFIG_FILE: '/dev/zero' }, /^nimbus: Unable to read \/dev\/zero: it is a character device, not a regular file$/m],
      [{ AWS_CONFIG_FILE: '/dev/urandom' }, /^nimbus: Unable to read \/dev\/urandom: it is a character device, not a regular file$/m],
      [{ AWS_CONFIG_FILE: fifo }, /^nimbus: Unable to read .*fifo: it is a FIFO \(named pipe\), not a regular file$/m],
      [{ AWS_SHARED_CREDENTIALS_FILE: fifo }, /^nimbus: Unable to read .*fifo: it is a FIFO \(named pipe\), not a regular file$/m],
      [{ AWS_CONFIG_FILE: t.dir }, /^nimbus: Unable to read .*: it is a directory, not a regular file$/m],
      [{ AWS_CONFIG_FILE: huge }, /^nimbus: Unable to read .*huge-config: it is larger than 4 MiB, the limit for a shared config or credentials file$/m],
    ];
    const results = await Promise.all(cases.map(([env]) => run(['search', 'index', 'list'], env)));
    results.forEach((result, i) => refused(result, 253, cases[i]![1]));
    // configure set, which rewrites the file, refuses it too, and leaves it alone.
    const configure = await nimbus(['configure', 'set', 'output', 'json'], { env: { ...t.env, AWS_CONFIG_FILE: fifo }, timeoutMs: 20_000 });
    refused(configure, 253, /^nimbus: Unable to update .*fifo: it is a FIFO/);
  });

  it('refuses a CA bundle that is a device or a FIFO: exit 253 from the environment, 252 from --ca-bundle', async () => {
    const [fromEnv, fromFlag] = await Promise.all([
      run(['search', 'index', 'list'], { AWS_CA_BUNDLE: fifo }),
      run(['search', 'index', 'list', '--ca-bundle', '/dev/urandom']),
    ]);
    refused(fromEnv, 253, /^nimbus: The CA bundle ".*fifo" \(AWS_CA_BUNDLE\) is a FIFO \(named pipe\), not a regular file$/);
    refused(fromFlag, 252, /^nimbus: The CA bundle "\/dev\/urandom" \(--ca-bundle\) is a character device, not a regular file$/);
  });

  it('refuses a file:// parameter or --cli-input-json that is a device or a FIFO, exit 252', async () => {
    const [zero, pipe] = await Promise.all([
      run(['search', 'index', 'list', '--cli-input-json', 'file:///dev/zero']),
      run(['search', 'index', 'create', '--name', 'x', '--role-arn', 'arn:aws:iam::000000000000:role/r', '--description', `file://${fifo}`]),
    ]);
    refused(zero, 252, /^nimbus: Cannot read \/dev\/zero for --cli-input-json: it is a character device, not a regular file$/);
    refused(pipe, 252, /^nimbus: Cannot read .*fifo for --description: it is a FIFO \(named pipe\), not a regular file$/);
  });

  it('refuses a file:// parameter and --cli-input-json that are not UTF-8, naming the file and the byte offset; fileb:// stays bytes', async () => {
    const badJson = join(t.dir, 'bad.json');
    writeFileSync(
      badJson,
      Buffer.concat([Buffer.from('{"Name": "caf'), Buffer.from([0xe9]), Buffer.from('", "RoleArn": "arn:aws:iam::000000000000:role/r"}')]),
    );
    const badText = join(t.dir, 'bad.txt');
    writeFileSync(badText, Buffer.from([0x6f, 0x6b, 0x20, 0xc3, 0x28]));
    const [fromJson, fromText] = await Promise.all([
      run(['search', 'index', 'create', '--cli-input-json', `file://${badJson}`]),
      run(['search', 'index', 'create', '--name', 'bad-text', '--role-arn', 'arn:aws:iam::000000000000:role/r', '--description', `file://${badText}`]),
    ]);
    refused(fromJson, 252, /^nimbus: .*bad\.json \(for --cli-input-json\) is not valid UTF-8: byte offset 13 \(0xe9\); text input must be UTF-8$/);
    refused(fromText, 252, /^nimbus: .*bad\.txt \(for --description\) is not valid UTF-8: byte offset 3 \(0xc3\); text input must be UTF-8$/);
    const listed = json(await run(['search', 'index', 'list', '--query', 'IndexConfigurationSummaryItems[].Name']));
    assert.ok(!listed.includes('bad-text') && !listed.some((name: string) => name.startsWith('caf')), 'nothing was created');
    // A blob read with fileb:// is bytes, not text: the CLI sends the same kind of byte unchanged, and
    // the service itself finds it (had it become U+FFFD, the file would be valid UTF-8 and accepted).
    const project = join(t.dir, 'project.yml');
    writeFileSync(
      project,
      Buffer.concat([Buffer.from('--- !com.amazonaws.mobilehub.v0.Project\n# caf'), Buffer.from([0xe9]), Buffer.from('\nfeatures: {}\n')]),
    );
    const blob = await run(['mobile', 'project', 'create', '--name', 'blob', '--contents', `fileb://${project}`]);
    assert.equal(blob.code, 254, blob.stderr);
    assert.match(blob.stderr, /^nimbus: BadRequestException: contents are neither a zip archive nor UTF-8 mobile-hub-project\.yml text/);
  });

  it('refuses a --jsonl file with a line that is not UTF-8 before sending anything, naming the file, the byte offset and the line (exit 252)', async () => {
    const indexId = await createActiveIndex(localClient(t.service.endpoint));
    const file = join(t.dir, 'docs.jsonl');
    const good = `${JSON.stringify({ Id: 'good', Text: 'fine text' })}\n`;
    const bad = Buffer.concat([Buffer.from('{"Id": "bad", "Text": "na'), Buffer.from([0xff]), Buffer.from('ve"}\n')]);
    writeFileSync(file, Buffer.concat([Buffer.from(good), bad]));
    const result = await run(['search', 'document', 'put', '--index-id', indexId, '--jsonl', file]);
    refused(result, 252, /^nimbus: .*docs\.jsonl is not valid UTF-8: byte offset \d+ \(line 2, byte 0xff\)$/);
    assert.equal(result.stderr.match(/byte offset (\d+)/)![1], String(good.length + 25));
    assert.deepEqual([...storedIds(join(t.dir, 'data'), indexId)], [], 'the run is refused before anything is sent');
    // From standard input, which cannot be read twice, the run stops at the bad line.
    const badOnly = join(t.dir, 'bad.jsonl');
    writeFileSync(badOnly, bad);
    const piped = await nimbusSh(
      `exec "$1" "$2" search document put --index-id ${indexId} --jsonl - --endpoint-url ${t.service.endpoint} < '${badOnly}'`,
      t.env,
    );
    refused(piped, 252, /^nimbus: standard input is not valid UTF-8: byte offset 25 \(line 1, byte 0xff\)$/);
    assert.ok(!storedIds(join(t.dir, 'data'), indexId).has('bad'), 'the bad line is not stored');
  });

  it('refuses a --query-text whose bytes are not UTF-8 (exit 252), but takes a U+FFFD typed as such', async () => {
    const indexId = await createActiveIndex(localClient(t.service.endpoint));
    const invalid = join(t.dir, 'invalid-query');
    const replacement = join(t.dir, 'replacement-query');
    writeFileSync(invalid, Buffer.from([0x61, 0x62, 0xff, 0x63]));
    writeFileSync(replacement, 'ab\uFFFDc', 'utf8');
    const query = (form: string) => `exec "$1" "$2" search query --index-id ${indexId} --endpoint-url ${t.service.endpoint} ${form}`;
    const [separate, joined, typed] = await Promise.all([
      nimbusSh(query(`--query-text "$(cat '${invalid}')"`), t.env),
      nimbusSh(query(`--query-text="$(cat '${invalid}')"`), t.env),
      nimbusSh(query(`--query-text "$(cat '${replacement}')"`), t.env),
    ]);
    refused(separate, 252, /^nimbus: The value of --query-text is not valid UTF-8 \(byte offset 2\); text arguments must be UTF-8$/);
    refused(joined, 252, /^nimbus: The value of --query-text is not valid UTF-8 \(byte offset 2\); text arguments must be UTF-8$/);
    assert.equal(typed.code, 0, typed.stderr);
    assert.ok(Array.isArray(json(typed).ResultItems));
  });
});
