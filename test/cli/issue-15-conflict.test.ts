import assert from 'node:assert/strict';
import { json, requireBuild } from './helpers/cli.js';
import { startTestService, type TestService } from './helpers/service.js';

const ROLE = 'arn:aws:iam::000000000000:role/search';
const DOCUMENT = JSON.stringify([{ Id: 'readme', Blob: Buffer.from('Read me first.').toString('base64'), ContentType: 'PLAIN_TEXT' }]);

describe('issue 15, item 5: an index being updated', function () {
  this.timeout(60_000);
  let t: TestService;

  before(async () => {
    requireBuild();
    // An update keeps the index UPDATING for three seconds: time for the next command to meet it.
    t = await startTestService({ createDelay: 3 });
  });
  after(() => t?.close());

  it('a one-batch put that meets it gets one sentence, not ending in ".."', async () => {
    const index = json(await t.run(['search', 'index', 'create', '--name', 'docs', '--role-arn', ROLE, '--wait'])).Id;
    json(await t.run(['search', 'index', 'update', '--id', index, '--description', 'v2']));
    const refused = await t.run(['search', 'document', 'put', '--index-id', index, '--documents', DOCUMENT]);
    assert.equal(refused.code, 254, refused.stderr);
    assert.match(
      refused.stderr,
      new RegExp(
        `^nimbus: ConflictException: Index ${index} is UPDATING; BatchPutDocument needs an ACTIVE index\\. Retry when it is ACTIVE\\. \\(request id [\\w-]+\\)\\n$`,
      ),
    );
    assert.doesNotMatch(refused.stderr, /\.\./);
  });
});
