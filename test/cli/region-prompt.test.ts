import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { cliEnv, requireBuild } from './helpers/cli.js';
import { startTestService, type TestService } from './helpers/service.js';
import { inTmux, requireTmux } from './helpers/tmux.js';

/** The regions of Amazon Kendra's endpoint data (botocore's endpoints.json, partition aws), in the prompt's order. */
const KENDRA = [
  ['us-east-1', 'US East \\(N\\. Virginia\\)'],
  ['us-east-2', 'US East \\(Ohio\\)'],
  ['us-west-2', 'US West \\(Oregon\\)'],
  ['ca-central-1', 'Canada \\(Central\\)'],
  ['eu-west-1', 'Europe \\(Ireland\\)'],
  ['eu-west-2', 'Europe \\(London\\)'],
  ['ap-south-1', 'Asia Pacific \\(Mumbai\\)'],
  ['ap-northeast-1', 'Asia Pacific \\(Tokyo\\)'],
  ['ap-southeast-1', 'Asia Pacific \\(Singapore\\)'],
  ['ap-southeast-2', 'Asia Pacific \\(Sydney\\)'],
];

/** The prompt's whole list, `regions` one a line and nothing else between them, the first one selected. */
function listOf(regions: string[][]): RegExp {
  const rows = regions.map(([code, place], i) => `${i === 0 ? '❯' : ' '} ${code} +${place}`);
  return new RegExp(`endpoint and data\\)\\s*\\n${rows.join('\\n')}\\n(?! *[a-z]{2}-[a-z]+-\\d)`);
}

describe('issue 26, item 14: the region prompt offers only the regions where the service has an endpoint (tmux)', function () {
  this.timeout(60_000);
  let t: TestService;

  before(async () => {
    requireBuild();
    requireTmux();
    t = await startTestService();
  });
  after(() => t?.close());

  /** A run that needs a region, in an 80-column terminal, with no region set anywhere. */
  function prompted(args: string[], steps: Parameters<typeof inTmux>[3]) {
    const home = join(t.dir, `home-${args[0]}`);
    mkdirSync(home, { recursive: true });
    return inTmux([...args, '--endpoint-url', t.service.endpoint], cliEnv(home, { AWS_ACCESS_KEY_ID: 'test', AWS_SECRET_ACCESS_KEY: 'test' }), 80, steps);
  }

  it("search lists Kendra's ten regions and no other; another region typed in full is marked as having no endpoint", async () => {
    const screen = await prompted(
      ['search', 'index', 'list'],
      [
        { expect: listOf(KENDRA), keys: ['us-west-1'] },
        { expect: /❯ us-west-1 +\(no search endpoint there\)/, keys: ['C-c'] },
      ],
    );
    assert.equal(screen.code, 130, screen.joined);
  });

  it('mobile lists us-east-1 alone, where Mobile Hub has its endpoint', async () => {
    const screen = await prompted(
      ['mobile', 'project', 'list'],
      [
        { expect: listOf([['us-east-1', 'US East \\(N\\. Virginia\\)']]), keys: ['sa-east-1'] },
        { expect: /❯ sa-east-1 +\(no mobile endpoint there\)/, keys: ['C-c'] },
      ],
    );
    assert.equal(screen.code, 130, screen.joined);
  });
});
