import type { AttributeFilter, ContentSourceConfiguration } from '../../services/search/types.js';
import type { OperationCall } from './page-calls.js';

/** Every item of a paged list operation, following NextToken. */
export async function listAll<T>(call: OperationCall, operation: string, input: Record<string, unknown>, member: string): Promise<T[]> {
  const items: T[] = [];
  let token: string | undefined;
  do {
    const page = await call<Record<string, unknown>>(operation, { ...input, ...(token ? { NextToken: token } : {}) });
    items.push(...((page[member] ?? []) as T[]));
    token = page.NextToken as string | undefined;
  } while (token);
  return items;
}

const equalsTo = (key: string, value: string): AttributeFilter => ({ EqualsTo: { Key: key, Value: { StringValue: value } } });

const anyOf = (filters: AttributeFilter[]): AttributeFilter => (filters.length === 1 ? filters[0]! : { OrAllFilters: filters });

/** What the content sources of an experience let its page search. */
export type ContentScope = { filter: AttributeFilter | undefined } | 'nothing';

/**
 * The filter that keeps a query to the content sources of an experience: the documents of its
 * data sources (`_data_source_id`), its FAQs (their answers carry the FAQ's id as `_document_id`)
 * and, with DirectPutContent, the documents put with BatchPutDocument (those of no data source
 * and no FAQ of the index). No ContentSourceConfiguration means the whole index.
 */
export async function contentScope(call: OperationCall, indexId: string, sources: ContentSourceConfiguration | undefined): Promise<ContentScope> {
  if (!sources) return { filter: undefined };
  const parts = [
    ...(sources.DataSourceIds ?? []).map((id) => equalsTo('_data_source_id', id)),
    ...(sources.FaqIds ?? []).map((id) => equalsTo('_document_id', id)),
  ];
  if (sources.DirectPutContent) {
    const dataSources = await listAll<{ Id: string }>(call, 'ListDataSources', { IndexId: indexId }, 'SummaryItems');
    const faqs = await listAll<{ Id: string }>(call, 'ListFaqs', { IndexId: indexId }, 'FaqSummaryItems');
    const others = [...dataSources.map((source) => equalsTo('_data_source_id', source.Id)), ...faqs.map((faq) => equalsTo('_document_id', faq.Id))];
    if (others.length === 0) return { filter: undefined };
    parts.push({ NotFilter: anyOf(others) });
  }
  return parts.length === 0 ? 'nothing' : { filter: anyOf(parts) };
}
