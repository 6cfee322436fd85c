import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { call, rawZip, testContext, type TestContext } from './support.js';

const YAML = 'features: {}\nname: ok\n';

describe('local mobile: hostile uploads are refused without side effects', () => {
  let ctx: TestContext;
  let target: string;
  before(() => {
    ctx = testContext();
  });
  after(() => ctx.cleanup());
  beforeEach(async () => {
    target = (await call(ctx, 'POST', '/projects', { query: { name: 'target' } })).json.details.projectId;
  });

  /** Sends the body to CreateProject and UpdateProject; both must answer 400 and change nothing. */
  async function refused(body: Buffer | string, message: RegExp): Promise<void> {
    const before = await call(ctx, 'GET', '/projects');
    const described = await call(ctx, 'GET', '/project', { query: { projectId: target } });
    const filesBefore = readdirSync(ctx.dataDir).sort();
    const create = await call(ctx, 'POST', '/projects', { body });
    assert.equal(create.status, 400, JSON.stringify(create.json));
    assert.equal(create.headers?.['x-amzn-errortype'], 'BadRequestException');
    assert.match(create.json.message, message);
    assert.doesNotMatch(create.json.message, /\n/, 'a one-line message');
    const update = await call(ctx, 'POST', '/update', { query: { projectId: target }, body });
    assert.equal(update.status, 400);
    assert.match(update.json.message, message);
    assert.deepEqual((await call(ctx, 'GET', '/projects')).json, before.json, 'no project created');
    assert.deepEqual((await call(ctx, 'GET', '/project', { query: { projectId: target } })).json, described.json, 'project unchanged');
    assert.deepEqual(readdirSync(ctx.dataDir).sort(), filesBefore, 'no file written');
  }

  it('refuses zip entries with .. segments', async () => {
    await refused(
      rawZip([
        { name: 'mobile-hub-project.yml', data: YAML },
        { name: '../../escape.txt', data: 'x' },
      ]),
      /unsafe entry name refused \(invalid relative path: \.\.\/\.\.\/escape\.txt\)/,
    );
    await refused(
      rawZip([
        { name: 'uploads/../../x', data: 'x' },
        { name: 'mobile-hub-project.yml', data: YAML },
      ]),
      /invalid relative path/,
    );
  });

  it('refuses absolute and drive-letter paths and backslash traversal', async () => {
    await refused(
      rawZip([
        { name: '/etc/passwd', data: 'x' },
        { name: 'mobile-hub-project.yml', data: YAML },
      ]),
      /absolute path: \/etc\/passwd/,
    );
    await refused(
      rawZip([
        { name: 'C:/Windows/x', data: 'x' },
        { name: 'mobile-hub-project.yml', data: YAML },
      ]),
      /absolute path/,
    );
    await refused(
      rawZip([
        { name: '..\\..\\x', data: 'x' },
        { name: 'mobile-hub-project.yml', data: YAML },
      ]),
      /invalid relative path/,
    );
  });

  const bomb = Buffer.alloc(65 * 1024 * 1024);

  it('refuses a zip bomb whose headers tell the truth, before inflating it', async () => {
    const zip = rawZip([
      { name: 'mobile-hub-project.yml', data: YAML },
      { name: 'bomb.bin', data: bomb, deflate: true },
    ]);
    assert.ok(zip.length < 200_000);
    await refused(zip, /inflates to more than 67108864 bytes/);
  });

  it('refuses a zip bomb whose headers lie about its size, while inflating it', async () => {
    const zip = rawZip([
      { name: 'mobile-hub-project.yml', data: YAML },
      { name: 'bomb.bin', data: bomb, deflate: true, declaredSize: 10 },
    ]);
    await refused(zip, /bomb\.bin is corrupt: too many bytes in the stream|inflates to more than/);
  });

  it('refuses a project file that inflates past 1 MiB, and more than 1000 entries', async () => {
    const big = `features: {}\n# ${'x'.repeat(2 * 1024 * 1024)}\n`;
    await refused(rawZip([{ name: 'mobile-hub-project.yml', data: big, deflate: true }]), /mobile-hub-project\.yml is larger than 1048576 bytes/);
    const many = Array.from({ length: 1001 }, (_, i) => ({ name: `f${i}`, data: '' }));
    await refused(rawZip([{ name: 'mobile-hub-project.yml', data: YAML }, ...many]), /1002 entries; at most 1000/);
  });

  it('refuses bodies over 10 MB, broken zips and zips without the project file at the root', async () => {
    await refused(Buffer.alloc(10 * 1024 * 1024 + 1, 0x20), /10485761 bytes; the import limit is 10485760 bytes/);
    await refused(Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(50)]), /not a valid zip archive/);
    await refused(rawZip([{ name: 'project/mobile-hub-project.yml', data: YAML }]), /no mobile-hub-project\.yml at its root/);
    await refused(
      rawZip([
        { name: 'mobile-hub-project.yml', data: YAML },
        { name: 'mobile-hub-project.yml', data: YAML },
      ]),
      /more than once/,
    );
  });

  it('refuses malformed YAML, foreign tags, alias bombs and text that is not UTF-8', async () => {
    await refused('features: [unclosed\nname: x\n', /mobile-hub-project\.yml is not valid YAML: .*line \d+, column \d+/);
    await refused('name: a\nname: b\n', /Map keys must be unique/);
    await refused('--- a\n--- b\n', /not valid YAML/);
    await refused('features: !!js/function "x"\n', /unknown tag/);
    await refused('features:\n  x: !evil {}\n', /unknown tag !evil/);
    const laughs = ['a: &a [x, x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < 8; i++)
      laughs.push(
        `${'abcdefgh'[i]}: &${'abcdefgh'[i]} [${Array(10)
          .fill(`*${'abcdefgh'[i - 1]}`)
          .join(', ')}]`,
      );
    await refused(laughs.join('\n'), /expands to more than 20000 values/);
    await refused(Buffer.from([0xff, 0xfe, 0x00, 0x61]), /neither a zip archive nor UTF-8/);
  });
});
