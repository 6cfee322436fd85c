import assert from 'node:assert/strict';
import { PassThrough, Writable } from 'node:stream';
import { Parser } from '@oclif/core';
import SearchIndexCreate from '../../../src/commands/search/index/create.js';
import SearchIndexList from '../../../src/commands/search/index/list.js';
import { type CliIO, isTerminal } from '../../../src/lib/cli/cli-io.js';
import { CliError } from '../../../src/lib/cli/errors/cli-error.js';
import type { OperationCommand } from '../../../src/lib/cli/operation-command.js';
import { openSession, type OperationFlags } from '../../../src/lib/cli/operation-session.js';
import { runOperation } from '../../../src/lib/cli/run-operation.js';
import { isInteractive } from '../../../src/lib/cli/settings/resolve-settings.js';
import { makeTempHome, type TempHome } from '../config/temp-home.js';

/** A writable stream that keeps what is written, shown as a terminal (of `columns` width) or not. */
function captureStream(terminal = false, columns = 100): Writable & { isTTY: boolean; columns: number; text(): string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  return Object.assign(stream, { isTTY: terminal, columns, text: () => chunks.join('') });
}

/** An environment and streams for one run: stdin a stream with nothing in it, stdout and stderr captured. */
function fakeIO(env: NodeJS.ProcessEnv, terminal = false) {
  const stdin = Object.assign(new PassThrough(), { isTTY: terminal });
  stdin.end();
  const stdout = captureStream(terminal);
  const stderr = captureStream(terminal);
  const io: CliIO = { env, stdin, stdout, stderr };
  return { io, stdout, stderr };
}

/** The flags of a command as oclif parses them from the words given. */
async function parseFlags(command: typeof OperationCommand, argv: string[]): Promise<OperationFlags> {
  const { flags } = await Parser.parse(argv, { flags: { ...command.baseFlags, ...command.flags }, strict: true });
  return flags as OperationFlags;
}

const LISTED = { IndexConfigurationSummaryItems: [{ Name: 'handbook', Id: 'abc', Edition: 'DEVELOPER_EDITION', Status: 'ACTIVE' }] };

describe('operation session with given environment and streams', () => {
  let home: TempHome;
  before(() => {
    home = makeTempHome({ '.aws/config': '[default]\nregion = eu-west-1\n[profile texty]\nregion = eu-west-2\noutput = text\n' });
  });
  after(() => home.cleanup());

  /** Opens a session of `search index list`, prints LISTED with it and returns what reached stdout and stderr. */
  async function printListed(argv: string[], env: NodeJS.ProcessEnv, terminal = false) {
    const { io, stdout, stderr } = fakeIO({ ...home.env, ...env }, terminal);
    const session = await openSession(SearchIndexList.operation, await parseFlags(SearchIndexList, argv), { io });
    try {
      assert.equal(session.io, io);
      await session.print(LISTED);
    } finally {
      await session.close();
    }
    return { stdout: stdout.text(), stderr: stderr.text(), settings: session.settings };
  }

  it("prints the result as JSON on the given stdout, with the region of the given environment's profile", async () => {
    const { stdout, stderr, settings } = await printListed([], {});
    assert.deepEqual(JSON.parse(stdout), LISTED);
    assert.equal(stderr, '');
    assert.equal(settings.region, 'eu-west-1');
  });

  it('takes the output format from the given environment (profile, then AWS_DEFAULT_OUTPUT), and the flag over both', async () => {
    assert.equal((await printListed([], { AWS_PROFILE: 'texty' })).stdout, 'INDEXCONFIGURATIONSUMMARYITEMS\tDEVELOPER_EDITION\tabc\thandbook\tACTIVE\n');
    assert.equal((await printListed(['--query', 'IndexConfigurationSummaryItems[].Name'], { AWS_DEFAULT_OUTPUT: 'text' })).stdout, 'handbook\n');
    assert.deepEqual(JSON.parse((await printListed(['--output', 'json'], { AWS_PROFILE: 'texty' })).stdout), LISTED);
  });

  it('colours a table only when the given stdout is a terminal and the environment allows it', async () => {
    const escape = /\x1b\[/;
    const piped = await printListed(['--output', 'table'], {});
    assert.match(piped.stdout, /handbook/);
    assert.doesNotMatch(piped.stdout, escape);
    const terminal = await printListed(['--output', 'table'], {}, true);
    assert.match(terminal.stdout, /handbook/);
    assert.match(terminal.stdout, escape);
    assert.doesNotMatch((await printListed(['--output', 'table'], { NO_COLOR: '1' }, true)).stdout, escape);
    assert.match((await printListed(['--output', 'table', '--color', 'on'], {})).stdout, escape);
  });

  it('prints the input skeleton on the given stdout', async () => {
    const { io, stdout, stderr } = fakeIO(home.env);
    await runOperation(SearchIndexCreate.operation, await parseFlags(SearchIndexCreate, ['--generate-cli-skeleton']), io);
    const skeleton = JSON.parse(stdout.text()) as Record<string, unknown>;
    assert.ok('Name' in skeleton && 'RoleArn' in skeleton, stdout.text());
    assert.equal(stderr.text(), '');
  });

  describe('interactive or not', () => {
    const decide = (io: CliIO, flags: { 'no-input'?: boolean; local?: boolean } = {}) => isInteractive({ flags, env: io.env, terminal: isTerminal(io) });

    it('asks only when stdin and stderr are terminals, CI is unset and neither --no-input nor --local is given', () => {
      assert.equal(decide(fakeIO({}, true).io), true);
      assert.equal(decide(fakeIO({ CI: 'true' }, true).io), false);
      assert.equal(decide(fakeIO({}, false).io), false);
      assert.equal(decide(fakeIO({}, true).io, { 'no-input': true }), false);
      assert.equal(decide(fakeIO({}, true).io, { local: true }), false);
      const { io } = fakeIO({}, true);
      assert.equal(decide({ ...io, stderr: captureStream(false) }), false);
    });

    it('a run that may not ask fails on a missing region with a configuration error instead of a prompt', async () => {
      const empty = makeTempHome();
      try {
        for (const [env, terminal] of [
          [{ CI: 'true' }, true],
          [{}, false],
        ] as const) {
          const { io, stdout } = fakeIO({ ...empty.env, ...env }, terminal);
          await assert.rejects(openSession(SearchIndexList.operation, await parseFlags(SearchIndexList, []), { io }), (error: unknown) => {
            assert.ok(error instanceof CliError);
            assert.equal(error.exitCode, 253);
            assert.match(error.message, /^No region: use --region/);
            return true;
          });
          assert.equal(stdout.text(), '');
        }
      } finally {
        empty.cleanup();
      }
    });
  });
});
