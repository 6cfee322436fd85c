// Set-up through nimbus's own client: a SearchClient for the local service, an active index,
// and the document count the index reports.
import { SearchClient } from 'nimbus';
import { CREDENTIALS, REGION } from './cli-env.mjs';

/** A SearchClient for `endpoint` with the bench's credentials. */
export function searchClient(endpoint) {
  return new SearchClient({ region: REGION, version: '2019-02-03', endpoint, credentials: CREDENTIALS });
}

/** Creates an enterprise-edition index (no developer-edition document quota) and waits until it is ACTIVE; resolves to its id. */
export async function createActiveIndex(client, name) {
  const { Id } = await client.createIndexAsync({ Name: name, Edition: 'ENTERPRISE_EDITION', RoleArn: 'arn:aws:iam::000000000000:role/nimbus-bench' });
  for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
    const { Status } = await client.describeIndexAsync({ Id });
    if (Status === 'ACTIVE') return Id;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`index ${name} did not become ACTIVE within 30 s`);
}

/** The number of text documents the index reports as indexed. */
export async function indexedCount(client, id) {
  const { IndexStatistics } = await client.describeIndexAsync({ Id: id });
  return IndexStatistics?.TextDocumentStatistics?.IndexedTextDocumentsCount ?? NaN;
}
