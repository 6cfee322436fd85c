import type { ExtractedText } from './extracted-text.js';
import { docxText } from './docx.js';
import { pdfText } from './pdf.js';
import { pptxText } from './pptx.js';
import { xlsxText } from './xlsx.js';

/**
 * The text (and title) of a PDF, Word (.docx), PowerPoint (.pptx) or Excel (.xlsx) document.
 * Throws an `ExtractionError` saying why one cannot be read.
 */
export function binaryText(bytes: Buffer, contentType: string, maxChars: number): Promise<ExtractedText> {
  switch (contentType) {
    case 'PDF':
      return pdfText(bytes, maxChars);
    case 'MS_WORD':
      return docxText(bytes);
    case 'PPT':
      return pptxText(bytes);
    default:
      return xlsxText(bytes);
  }
}
