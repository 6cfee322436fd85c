/** The ARN of an index. */
export function indexArn(region: string, account: string, indexId: string): string {
  return `arn:aws:kendra:${region}:${account}:index/${indexId}`;
}

/** The kinds of resources that live inside an index and have their own ARN. */
export type ChildKind = 'data-source' | 'faq' | 'thesaurus' | 'query-suggestions-block-list' | 'featured-results-set';

/** The ARN of a data source, FAQ, thesaurus, block list or featured results set of an index. */
export function childArn(region: string, account: string, indexId: string, kind: ChildKind, id: string): string {
  return `${indexArn(region, account, indexId)}/${kind}/${id}`;
}

/** The parts of a search resource ARN. */
export interface ParsedArn {
  region: string;
  account: string;
  indexId: string;
  child?: { kind: ChildKind; id: string };
}

/** Reads a search resource ARN; `undefined` when it is not one. */
export function parseArn(arn: string): ParsedArn | undefined {
  const match =
    /^arn:aws:kendra:([a-z0-9-]+):(\d{12}):index\/([^/]+)(?:\/(data-source|faq|thesaurus|query-suggestions-block-list|featured-results-set)\/([^/]+))?$/.exec(
      arn,
    );
  if (!match) return undefined;
  const [, region, account, indexId, kind, id] = match as unknown as [string, string, string, string, ChildKind?, string?];
  return { region, account, indexId, ...(kind && id ? { child: { kind, id } } : {}) };
}
