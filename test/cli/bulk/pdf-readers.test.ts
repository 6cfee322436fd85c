import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MAX_READERS, readerCounts } from '../../../src/lib/local/search/core/extract/extract-pool.js';
import { pdfFile } from '../../fixtures/documents/build-documents.js';
import { requireBuild } from '../helpers/cli.js';
import { startTestService, type TestService } from '../helpers/service.js';
import { createActiveIndex, localClient, storedIds } from '../../integration/bulk/support.js';

describe('nimbus search document put --from of PDFs: the local service reads them on a bounded pool of reader threads', function () {
  this.timeout(120_000);
  let t: TestService;

  before(async () => {
    requireBuild();
    t = await startTestService();
  });
  after(async () => t?.close());

  it(`reads 48 PDFs sent 8 calls at a time with at most ${MAX_READERS} reader threads (one per core), all of them at work`, async () => {
    const indexId = await createActiveIndex(localClient(t.service.endpoint));
    const dir = join(t.dir, 'pdfs');
    mkdirSync(dir);
    for (let i = 0; i < 48; i++) writeFileSync(join(dir, `report-${i}.pdf`), pdfFile(`Report ${i}`, [`quarterly figures of branch${i}`, 'lorem ipsum']));
    const before = readerCounts().started;
    const result = await t.run(['search', 'document', 'put', '--index-id', indexId, '--from', dir, '--concurrency', '8']);
    assert.equal(result.code, 0, result.stderr);
    assert.equal(JSON.parse(result.stdout).acknowledged, 48);
    assert.equal(storedIds(join(t.dir, 'data'), indexId).size, 48);
    const counts = readerCounts();
    assert.ok(counts.started - before <= MAX_READERS, `${counts.started - before} reader threads started for 48 documents; at most ${MAX_READERS} should be`);
    assert.equal(counts.mostAtOnce, MAX_READERS, `at most ${counts.mostAtOnce} of ${MAX_READERS} readers worked at once`);
    const { ResultItems } = await localClient(t.service.endpoint).queryAsync({ IndexId: indexId, QueryText: 'branch17' });
    assert.equal(ResultItems?.[0]?.DocumentId, 'report-17.pdf');
    assert.equal(ResultItems?.[0]?.DocumentTitle?.Text, 'Report 17');
  });
});
