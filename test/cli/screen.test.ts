import assert from 'node:assert/strict';
import { json, requireBuild } from './helpers/cli.js';
import { startTestService, type TestService } from './helpers/service.js';
import { inTmux, requireTmux, type Screen } from './helpers/tmux.js';

const ROLE = 'arn:aws:iam::000000000000:role/search';
const ESC = '\x1b';

/** The lines of a table (box drawing) in a capture. */
function tableLines(text: string): string[] {
  return text.split('\n').filter((line) => /^(\x1b\[[0-9;]*m)*[┌│├└]/.test(line));
}

/** Asserts that every value shows whole on one line of the (joined) capture, and no colour code is cut. */
function assertWhole(screen: Screen, values: string[], color: boolean): void {
  const lines = tableLines(screen.joined);
  assert.ok(lines.length > 0, screen.joined);
  for (const value of values)
    assert.ok(
      lines.some((line) => line.includes(value)),
      `"${value}" whole on a line:\n${screen.joined}`,
    );
  assert.doesNotMatch(screen.joined.replaceAll(`${ESC}[`, ''), /\[\d+m/, 'no colour code without its escape');
  if (color) {
    for (const line of lines.filter((l) => l.includes(`${ESC}[36m`))) {
      assert.equal(line.split(`${ESC}[36m`).length, line.split(`${ESC}[39m`).length, `each header colour is closed on its line: ${JSON.stringify(line)}`);
    }
    assert.ok(
      lines.some((line) => line.includes(`${ESC}[36m`)),
      'headers are coloured',
    );
  } else {
    assert.ok(
      lines.every((line) => !line.includes(ESC)),
      'no colour codes with --color off',
    );
  }
}

describe('nimbus tables in a real terminal (tmux), at 80 and 200 columns, colour on and off', function () {
  this.timeout(120_000);
  let t: TestService;
  let env: NodeJS.ProcessEnv;
  let ids: string[];
  let created: string[];

  before(async () => {
    requireBuild();
    requireTmux();
    t = await startTestService();
    env = { ...t.env, AWS_ENDPOINT_URL: t.service.endpoint };
    for (const name of ['handbook', 'support']) json(await t.run(['search', 'index', 'create', '--name', name, '--role-arn', ROLE]));
    const listed = json(await t.run(['search', 'index', 'list'])).IndexConfigurationSummaryItems;
    ids = listed.map((item: { Id: string }) => item.Id);
    created = listed.map((item: { CreatedAt: string }) => item.CreatedAt);
    const docs = [
      {
        Id: 'vacation-policy',
        Title: 'Vacation policy',
        Blob: Buffer.from('Employees get twenty days of vacation a year; vacation requests go to the manager.').toString('base64'),
        ContentType: 'PLAIN_TEXT',
      },
      {
        Id: 'travel-policy',
        Title: 'Travel policy',
        Blob: Buffer.from('Book travel two weeks ahead; vacation days cannot be used for business travel.').toString('base64'),
        ContentType: 'PLAIN_TEXT',
      },
    ];
    json(await t.run(['search', 'document', 'put', '--index-id', ids[0]!, '--documents', JSON.stringify(docs)]));
  });
  after(() => t?.close());

  for (const width of [80, 200]) {
    for (const color of ['on', 'off'] as const) {
      it(`index list at ${width} columns, colour ${color}: fits, values and colour codes whole`, async () => {
        const screen = await inTmux(['search', 'index', 'list', '--output', 'table', '--color', color], env, width);
        assert.equal(screen.code, 0, screen.joined);
        const widest = Math.max(...tableLines(screen.joined).map((line) => line.replace(/\x1b\[[0-9;]*m/g, '').length));
        assert.ok(widest <= width, `fits: ${widest}`);
        assert.doesNotMatch(screen.joined, /the table is/);
        for (const id of ids)
          assert.ok(
            screen.rows.some((row) => row.includes(id)),
            'on screen, each id on one row',
          );
        if (width === 80) {
          // Ids and names stay; the columns that do not fit are left out, and the terminal is told which.
          assertWhole(screen, ids, color === 'on');
          assert.match(screen.joined, /nimbus: to fit 80 columns, the IndexConfigurationSummaryItems table leaves out [\w, ]*CreatedAt/);
        } else {
          assertWhole(screen, [...ids, ...created], color === 'on');
          assert.doesNotMatch(screen.joined, /leaves out/);
        }
      });

      it(`search query at ${width} columns, colour ${color}: fits, ids and titles whole, text wrapped, tokens shortened`, async () => {
        const screen = await inTmux(['search', 'query', '--index-id', ids[0]!, '--query-text', 'vacation', '--output', 'table', '--color', color], env, width);
        assert.equal(screen.code, 0, screen.joined);
        assertWhole(screen, ['vacation-policy', 'travel-policy', 'Vacation policy', 'Travel policy', 'Employees get twenty'], color === 'on');
        const lines = tableLines(screen.joined).map((line) => line.replace(/\x1b\[[0-9;]*m/g, ''));
        assert.ok(Math.max(...lines.map((line) => line.length)) <= width, 'fits');
        if (width === 80) {
          // Each result as Key/Value rows: its 73-character id whole, its token shortened.
          const tokens = lines.filter((line) => /│ FeedbackToken +│/.test(line));
          assert.equal(tokens.length, 2, screen.joined);
          for (const line of tokens) assert.match(line, /│ [A-Za-z0-9+/=.]{20,}… +│$/, 'the token shortened with a marker');
        } else {
          // One row a result; what does not fit is left out, and the terminal is told which.
          assert.match(screen.joined, /the ResultItems table leaves out [\w, ]*FeedbackToken/);
        }
      });
    }
  }

  it('a single row too wide for 80 columns turns into Key/Value rows that fit', async () => {
    const screen = await inTmux(['search', 'index', 'list', '--query', 'IndexConfigurationSummaryItems[:1]', '--output', 'table', '--color', 'on'], env, 80);
    assert.equal(screen.code, 0, screen.joined);
    assertWhole(screen, [ids[0]!, created[0]!], true);
    assert.match(screen.joined, new RegExp(`│ (\\x1b\\[[0-9;]*m)*Id *│ ${ids[0]} +│`));
    const widest = Math.max(...tableLines(screen.joined).map((line) => line.replace(/\x1b\[[0-9;]*m/g, '').length));
    assert.ok(widest <= 80, `fits: ${widest}`);
    assert.doesNotMatch(screen.joined, /the table is/);
  });

  it('an empty table result says so on stderr', async () => {
    const screen = await inTmux(['search', 'index', 'list', '--output', 'table', '--region', 'eu-west-3'], env, 80);
    assert.equal(screen.code, 0, screen.joined);
    assert.match(screen.joined, /nimbus: the result is empty: no table to show/);
    assert.equal(tableLines(screen.joined).length, 0);
  });
});
