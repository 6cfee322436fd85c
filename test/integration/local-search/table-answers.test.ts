import { strict as assert } from 'node:assert';
import { activeIndex, ok, startTestService, type TestService } from './support.js';

// Kendra: "Tabular search for HTML", https://docs.aws.amazon.com/kendra/latest/dg/searching-tables.html
// ("The table excerpt displays up to five columns and three rows … If a table cell value is VERY_HIGH in confidence,
// then it becomes the 'top answer' and is highlighted"), "Query result types" (table excerpts),
// https://docs.aws.amazon.com/kendra/latest/dg/query-responses-types.html, and the API reference's
// https://docs.aws.amazon.com/kendra/latest/APIReference/API_TableExcerpt.html and API_TableCell.html.

const CARDS = `<html><head><title>Credit cards</title></head><body>
<p>Our credit cards compared, updated every quarter.</p>
<table>
  <thead><tr><th>Card</th><th>Interest rate</th><th>Annual fee</th></tr></thead>
  <tbody>
    <tr><td>Gold card</td><td>12%</td><td>50 USD</td></tr>
    <tr><td>Platinum card</td><td>9%</td><td>120 USD</td></tr>
    <tr><td>Basic card</td><td>18%</td><td>0 USD</td></tr>
  </tbody>
</table></body></html>`;

const WIDE = `<html><body><table>
<tr><th>Region</th><th>Jan</th><th>Feb</th><th>Mar</th><th>Apr</th><th>May</th><th>June rainfall</th></tr>
${['North', 'South', 'East', 'West', 'Central'].map((region, n) => `<tr><td>${region}</td>${[1, 2, 3, 4, 5, 6].map((m) => `<td>${n * 10 + m} mm</td>`).join('')}</tr>`).join('\n')}
</table></body></html>`;

const cells = (row: any) => row.Cells.map((cell: any) => cell.Value);

describe('local search service: TABLE answers from HTML tables', function () {
  let service: TestService;
  let endpoint: string;
  let index: string;
  const query = (QueryText: string) => ok(endpoint, 'Query', { IndexId: index, QueryText });

  before(async () => {
    service = await startTestService();
    endpoint = service.service.endpoint;
    index = await activeIndex(endpoint);
    const html = (Id: string, body: string) => ({ Id, Blob: Buffer.from(body).toString('base64'), ContentType: 'HTML' });
    const answer = await ok(endpoint, 'BatchPutDocument', {
      IndexId: index,
      Documents: [
        html('cards', CARDS),
        html('rainfall', WIDE),
        { Id: 'plain', Blob: Buffer.from('Osprey card | Interest rate | Annual fee\nOsprey card | 4% | 10 USD').toString('base64'), ContentType: 'PLAIN_TEXT' },
      ],
    });
    assert.deepEqual(answer.FailedDocuments, []);
  });
  after(() => service.stop());

  it('answers a question about a table with Format TABLE: header row, the matching row, the top answer cell highlighted', async () => {
    const [first] = (await query('What is the interest rate of the Platinum card?')).ResultItems;
    assert.equal(first.Type, 'ANSWER');
    assert.equal(first.Format, 'TABLE');
    assert.equal(first.DocumentId, 'cards');
    assert.equal(first.DocumentTitle.Text, 'Credit cards');
    assert.equal(first.ScoreAttributes.ScoreConfidence, 'VERY_HIGH');
    const excerpt = first.TableExcerpt;
    assert.equal(excerpt.TotalNumberOfRows, 4);
    assert.ok(excerpt.Rows.length <= 3);
    assert.deepEqual(cells(excerpt.Rows[0]), ['Card', 'Interest rate', 'Annual fee']);
    assert.ok(excerpt.Rows[0].Cells.every((cell: any) => cell.Header === true && cell.TopAnswer === false));
    const platinum = excerpt.Rows.find((row: any) => row.Cells[0].Value === 'Platinum card');
    assert.deepEqual(platinum.Cells[1], { Value: '9%', TopAnswer: true, Highlighted: true, Header: false });
    assert.equal(excerpt.Rows.flatMap((row: any) => row.Cells).filter((cell: any) => cell.TopAnswer).length, 1);
  });

  it('answers a keyword query too, when its words meet a row and a column header', async () => {
    const [first] = (await query('platinum card annual fee')).ResultItems;
    assert.equal(first.Format, 'TABLE');
    const platinum = first.TableExcerpt.Rows.find((row: any) => row.Cells[0].Value === 'Platinum card');
    assert.deepEqual(platinum.Cells[2], { Value: '120 USD', TopAnswer: true, Highlighted: true, Header: false });
  });

  it('shows at most five columns and three rows of a larger table, the answering column and the row names among them', async () => {
    const [first] = (await query('June rainfall in the East')).ResultItems;
    assert.equal(first.Format, 'TABLE');
    assert.equal(first.TableExcerpt.TotalNumberOfRows, 6);
    assert.ok(first.TableExcerpt.Rows.length <= 3);
    for (const row of first.TableExcerpt.Rows) assert.ok(row.Cells.length <= 5);
    assert.deepEqual(cells(first.TableExcerpt.Rows[0]).slice(0, 1), ['Region']);
    assert.ok(cells(first.TableExcerpt.Rows[0]).includes('June rainfall'));
    const east = first.TableExcerpt.Rows.find((row: any) => row.Cells[0].Value === 'East');
    assert.ok(east.Cells.some((cell: any) => cell.Value === '26 mm' && cell.TopAnswer));
  });

  it('gives no TABLE answer for a query that meets no table, nor from a document that is not HTML', async () => {
    assert.ok(!(await query('updated every quarter')).ResultItems.some((item: any) => item.Format === 'TABLE'));
    const osprey = (await query('osprey card interest rate')).ResultItems;
    assert.ok(osprey.length > 0);
    assert.ok(!osprey.some((item: any) => item.Format === 'TABLE'));
  });
});
