import type { BatchGetDocumentStatusResponse, DescribeIndexResponse } from '../../services/search/types.js';
import { listAll } from './content-filter.js';
import { html, type Html } from './html.js';
import { layout } from './layout.js';
import type { PageScope } from './page-scope.js';
import { problemText } from './search-page.js';

/** What the admin endpoints report, read in-process: `/_nimbus/health` and `/_nimbus/faults`. */
export interface ServiceReports {
  health(): Promise<Record<string, unknown>>;
  faults(): Promise<{ faults: unknown }>;
}

interface SyncJob {
  ExecutionId?: string;
  StartTime?: number;
  EndTime?: number;
  Status?: string;
  ErrorMessage?: string;
  ErrorCode?: string;
  Metrics?: Record<string, string>;
}

const when = (seconds: number | undefined) => (seconds === undefined ? '' : new Date(seconds * 1000).toISOString().replace('T', ' ').slice(0, 19) + ' UTC');

async function indicesSection(scope: PageScope): Promise<Html> {
  const summaries = await listAll<{ Id: string; Name: string }>(scope.call, 'ListIndices', {}, 'IndexConfigurationSummaryItems');
  const rows = await Promise.all(
    summaries.map(async (summary) => {
      const index = await scope.call<DescribeIndexResponse>('DescribeIndex', { Id: summary.Id });
      const documents = index.IndexStatistics?.TextDocumentStatistics?.IndexedTextDocumentsCount ?? 0;
      const faqs = index.IndexStatistics?.FaqStatistics?.IndexedQuestionAnswersCount ?? 0;
      const mark = summary.Id === scope.experience.indexId ? html` <span class="badge">this experience</span>` : '';
      return html`<tr>
        <th scope="row">${index.Name}${mark}</th>
        <td>${index.Status}${index.ErrorMessage ? html`: ${index.ErrorMessage}` : ''}</td>
        <td>${documents}</td>
        <td>${faqs}</td>
        <td class="id">${summary.Id}</td>
      </tr>`;
    }),
  );
  return html`<section class="card" aria-labelledby="indices">
    <h2 id="indices">Indices</h2>
    <div class="table-wrap">
      <table>
        <thead>
          <tr>
            <th scope="col">Index</th>
            <th scope="col">Status</th>
            <th scope="col">Documents</th>
            <th scope="col">FAQ answers</th>
            <th scope="col">ID</th>
          </tr>
        </thead>
        <tbody>
          ${rows}
        </tbody>
      </table>
    </div>
  </section>`;
}

function jobCell(job: SyncJob | undefined): Html {
  if (!job) return html`<td>never synced</td>`;
  const failure = job.ErrorMessage ? html`<p class="failure">${job.ErrorCode ? `${job.ErrorCode}: ` : ''}${job.ErrorMessage}</p>` : '';
  const added = job.Metrics?.['DocumentsAdded'];
  const failed = job.Metrics?.['DocumentsFailed'];
  const counts =
    added !== undefined
      ? html`<p class="hint">
          ${added} added, ${job.Metrics?.['DocumentsModified'] ?? 0} modified, ${job.Metrics?.['DocumentsDeleted'] ?? 0} deleted, ${failed ?? 0} failed
        </p>`
      : '';
  return html`<td><span class="job-status job-${(job.Status ?? '').toLowerCase()}">${job.Status}</span> ${when(job.StartTime)}${failure}${counts}</td>`;
}

async function dataSourcesSection(scope: PageScope): Promise<Html> {
  const indexId = scope.experience.indexId;
  const sources = await listAll<{ Id: string; Name: string; Type: string; Status: string }>(
    scope.call,
    'ListDataSources',
    { IndexId: indexId },
    'SummaryItems',
  );
  const rows = await Promise.all(
    sources.map(async (source) => {
      const jobs = await listAll<SyncJob>(scope.call, 'ListDataSourceSyncJobs', { IndexId: indexId, Id: source.Id }, 'History');
      const last = jobs.reduce<SyncJob | undefined>((latest, job) => (!latest || (job.StartTime ?? 0) >= (latest.StartTime ?? 0) ? job : latest), undefined);
      return html`<tr>
        <th scope="row">${source.Name}</th>
        <td>${source.Type}</td>
        <td>${source.Status}</td>
        ${jobCell(last)}
      </tr>`;
    }),
  );
  const table =
    rows.length === 0
      ? html`<p class="empty">This index has no data sources.</p>`
      : html`<div class="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">Data source</th>
                <th scope="col">Type</th>
                <th scope="col">Status</th>
                <th scope="col">Last sync job</th>
              </tr>
            </thead>
            <tbody>
              ${rows}
            </tbody>
          </table>
        </div>`;
  return html`<section class="card" aria-labelledby="data-sources">
    <h2 id="data-sources">Data sources</h2>
    ${table}
  </section>`;
}

async function documentSection(scope: PageScope, documentId: string): Promise<Html> {
  let answer: Html = html``;
  if (documentId !== '') {
    const output = await scope.call<BatchGetDocumentStatusResponse>('BatchGetDocumentStatus', {
      IndexId: scope.experience.indexId,
      DocumentInfoList: [{ DocumentId: documentId }],
    });
    const status = output.DocumentStatusList?.[0];
    const error = output.Errors?.[0];
    answer = status
      ? html`<p role="status">
          Document ${documentId}:
          <strong>${status.DocumentStatus}</strong>${status.FailureReason ? html` (${status.FailureCode}: ${status.FailureReason})` : ''}
        </p>`
      : html`<p role="status">Document ${documentId}: ${error?.ErrorMessage ?? 'no status'}</p>`;
  }
  return html`<section class="card" aria-labelledby="document-status">
    <h2 id="document-status">Document status</h2>
    <form method="get" action="${scope.base}/status" class="inline">
      <label for="document">Document ID</label> <input id="document" name="document" value="${documentId}" spellcheck="false" />
      <button type="submit">Look up</button>
    </form>
    ${answer}
  </section>`;
}

/** The embedding backlog, if the service's health reports one (a member, or a member of a member, named for embeddings). */
function backlogSection(health: Record<string, unknown>): Html {
  const nested = Object.values(health).flatMap((value) => (value && typeof value === 'object' ? Object.entries(value as Record<string, unknown>) : []));
  const entries = [...Object.entries(health), ...nested].filter(([key]) => /embedding/i.test(key));
  const body =
    entries.length === 0
      ? html`<p>Semantic search (embeddings) is not enabled.</p>`
      : html`<dl class="facts">
          ${entries.map(
            ([key, value]) =>
              html`<dt>${key}</dt>
                <dd><code>${JSON.stringify(value)}</code></dd>`,
          )}
        </dl>`;
  return html`<section class="card" aria-labelledby="backlog">
    <h2 id="backlog">Embedding backlog</h2>
    ${body}
  </section>`;
}

/** The faults set, one line per operation scope and kind (`Query: latencyMs 500`), those at zero left out. */
function faultLines(config: Record<string, unknown>): string[] {
  const set = (scope: string, values: Record<string, unknown>) =>
    Object.entries(values).flatMap(([kind, value]) => (typeof value === 'number' && value !== 0 && kind !== 'seed' ? [`${scope}: ${kind} ${value}`] : []));
  const perOperation = (config['perOperation'] ?? {}) as Record<string, Record<string, unknown>>;
  return [...set('Every operation', config), ...Object.entries(perOperation).flatMap(([operation, values]) => set(operation, values))];
}

function faultsSection(report: { faults: unknown }): Html {
  const lines = report.faults && typeof report.faults === 'object' ? faultLines(report.faults as Record<string, unknown>) : [];
  const body =
    lines.length === 0
      ? html`<p>No faults are injected.</p>`
      : html`<ul>
          ${lines.map((line) => html`<li>${line}</li>`)}
        </ul>`;
  return html`<section class="card" aria-labelledby="faults">
    <h2 id="faults">Faults in effect</h2>
    ${body}
  </section>`;
}

/** The Status tab: the region's indices and their counts, the index's data sources and their last sync jobs, document status, embedding backlog, faults. */
export async function statusPage(scope: PageScope, query: URLSearchParams, reports: ServiceReports): Promise<Html> {
  const documentId = (query.get('document') ?? '').trim();
  const part = async (what: string, build: () => Promise<Html>) => {
    try {
      return await build();
    } catch (error) {
      return html`<p class="error" role="alert">${problemText(what, error)}</p>`;
    }
  };
  const main = html`<h1>Status</h1>
    ${await part('Listing the indices', () => indicesSection(scope))}${await part('Listing the data sources', () =>
      dataSourcesSection(scope),
    )}${await part('The document status lookup', () => documentSection(scope, documentId))}${backlogSection(await reports.health())}${faultsSection(await reports.faults())}`;
  return layout({ title: 'Status', experience: scope.experience, session: scope.session, tab: 'status', main });
}
