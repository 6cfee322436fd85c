import type { ExtractedTable } from './html-tables.js';

/** The text of a document and, when its format carries them, its own title and its tables (HTML). */
export interface ExtractedText {
  text: string;
  title?: string;
  tables?: ExtractedTable[];
}
