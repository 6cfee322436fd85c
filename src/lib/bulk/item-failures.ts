/** A document the service reported as not processed in a batch answer. */
export interface ItemFailure {
  id: string;
  code: string;
  message: string;
}

/** The `FailedDocuments` of a batch answer (BatchPutDocument, BatchDeleteDocument) as {@link ItemFailure}s. */
export function itemFailures(failed: readonly { Id?: string; ErrorCode?: string; ErrorMessage?: string }[] = []): ItemFailure[] {
  return failed.map((item) => ({
    id: item.Id ?? '',
    code: item.ErrorCode ?? 'Unknown',
    message: item.ErrorMessage ?? 'the service gave no reason',
  }));
}
