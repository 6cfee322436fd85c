/** The text of a document and, when its format carries one, its own title. */
export interface ExtractedText {
  text: string;
  title?: string;
}
