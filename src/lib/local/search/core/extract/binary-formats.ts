import type { ExtractedText } from './extracted-text.js';
import { docxText } from './docx.js';
import { pdfText } from './pdf.js';
import { pptxText } from './pptx.js';
import { xlsxText } from './xlsx.js';
import type { Deadline } from './time-limit.js';

/**
 * The text (and title) of a PDF, Word (.docx), PowerPoint (.pptx) or Excel (.xlsx) document.
 * Throws an `ExtractionError` saying why one cannot be read. A PDF checks its `deadline`
 * page by page.
 */
export function binaryText(bytes: Buffer, contentType: string, maxChars: number, deadline?: Deadline): Promise<ExtractedText> {
  switch (contentType) {
    case 'PDF':
      return pdfText(bytes, maxChars, deadline);
    case 'MS_WORD':
      return docxText(bytes);
    case 'PPT':
      return pptxText(bytes);
    default:
      return xlsxText(bytes);
  }
}
