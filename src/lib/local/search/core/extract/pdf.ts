import type { ExtractedText } from './extracted-text.js';
import { ExtractionError } from './extraction-error.js';

/** pdf.js, loaded on the first PDF, with its worker code run in this thread (no worker file, no network). */
async function loadPdfJs(): Promise<typeof import('pdfjs-dist/legacy/build/pdf.mjs')> {
  const holder = globalThis as { pdfjsWorker?: unknown };
  holder.pdfjsWorker ??= await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
  return import('pdfjs-dist/legacy/build/pdf.mjs');
}

function reason(error: unknown): string {
  const name = (error as { name?: string })?.name;
  const message = error instanceof Error ? error.message : String(error);
  if (name === 'PasswordException') return 'it is encrypted with a password';
  if (name === 'InvalidPDFException') return `it is not a valid PDF file (${message})`;
  return message;
}

/**
 * The text of a PDF document, page by page, read with Mozilla's pdf.js (no fonts loaded, no
 * scripts evaluated); its title from the document information. Reading stops once `maxChars`
 * characters are taken. Throws an {@link ExtractionError} for an encrypted or corrupt file.
 */
export async function pdfText(bytes: Buffer, maxChars: number): Promise<ExtractedText> {
  const pdfjs = await loadPdfJs();
  const task = pdfjs.getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
    verbosity: 0,
  });
  try {
    const document = await task.promise;
    const pages: string[] = [];
    let size = 0;
    for (let number = 1; number <= document.numPages && size < maxChars; number += 1) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      const text = content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : '')).join('');
      page.cleanup();
      pages.push(text);
      size += text.length;
    }
    const info = (await document.getMetadata()).info as { Title?: unknown };
    const title = typeof info?.Title === 'string' ? info.Title.trim() : '';
    return { text: pages.join('\n'), ...(title ? { title } : {}) };
  } catch (error) {
    throw new ExtractionError(`the PDF document cannot be read: ${reason(error)}`);
  } finally {
    await task.destroy();
  }
}
