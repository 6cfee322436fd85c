/** Why a document's content cannot be turned into text. */
export class ExtractionError extends Error {
  override name = 'ExtractionError';
}
