import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalService, type LocalService } from '../../src/lib/local/server.js';
import { cliEnv, json, nimbus, requireBuild } from './helpers/cli.js';
import { inTmux, requireTmux } from './helpers/tmux.js';

const ROLE = 'arn:aws:iam::000000000000:role/search';
const FILES = 300;
/** Colour codes and the cursor/line controls a redrawn bar writes. */
const CONTROL = /\x1b\[[0-9;?]*[A-Za-z]/g;

describe('issue 15, small things: the bulk progress bar fits the terminal (tmux)', function () {
  this.timeout(120_000);
  let dir: string;
  let service: LocalService;
  let env: NodeJS.ProcessEnv;
  let tree: string;

  before(async () => {
    requireBuild();
    requireTmux();
    dir = mkdtempSync(join(tmpdir(), 'nimbus-progress-'));
    // Every batch takes a while to answer, so that the bar is drawn (and redrawn) while the run goes on;
    // a few documents fail once and are sent again, so the line has its widest form (with "retried").
    service = await startLocalService({
      port: 0,
      dataDir: join(dir, 'data'),
      createDelay: 0,
      faults: { latencyMs: 400, documentFailureRate: 0.05, seed: 15, operations: ['BatchPutDocument'] },
    });
    mkdirSync(join(dir, 'home'));
    env = cliEnv(join(dir, 'home'), { AWS_ACCESS_KEY_ID: 'test', AWS_SECRET_ACCESS_KEY: 'test', AWS_REGION: 'us-east-1', AWS_ENDPOINT_URL: service.endpoint });
    tree = join(dir, 'notes');
    for (let i = 0; i < FILES; i++) {
      const folder = join(tree, `part-${i % 10}`);
      mkdirSync(folder, { recursive: true });
      writeFileSync(join(folder, `note-${i}.txt`), `Note ${i} about harbours and lighthouses.\n`);
    }
  });
  after(async () => {
    await service?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  for (const width of [80, 200]) {
    it(`document put --from ${FILES} files in ${width} columns: no line wider than the terminal, the bar's parts there`, async () => {
      const index = json(await nimbus(['search', 'index', 'create', '--name', `notes-${width}`, '--role-arn', ROLE, '--wait'], { env })).Id;
      const screen = await inTmux(['search', 'document', 'put', '--index-id', index, '--from', tree, '--concurrency', '2'], env, width);
      assert.equal(screen.code, 0, screen.joined);
      const lines = screen.joined.split('\n').map((line) => line.replace(CONTROL, ''));
      const widest = Math.max(...lines.map((line) => line.length));
      assert.ok(widest <= width, `no line wider than ${width} columns (widest ${widest}):\n${lines.join('\n')}`);
      const bars = lines.filter((line) => /[█░]/.test(line));
      assert.equal(bars.length, 1, `one bar, redrawn in place (a wrapped one leaves pieces behind):\n${lines.join('\n')}`);
      const bar = bars[0]!;
      assert.match(bar, /^[█░]{8,24} \d+% \| [\d,]+ sent \| .*[\d,]+ failed/, bar);
      if (width === 200)
        assert.match(
          bar,
          /^█{24} 100% \| 300 sent \| [\d.]+ [KMG]?B \| [\d,]+\/s \| (ETA|elapsed) [^|]+ \| 0 failed \| [1-9]\d* retried *$/,
          'every part at 200 columns',
        );
      else assert.ok(bar.length < 80, `the bar line leaves the last column free: ${bar.length}`);
      assert.match(screen.joined, new RegExp(`^${FILES} documents sent, 0 failed, [1-9]\\d* retried `, 'm'), 'the summary follows');
    });
  }
});
