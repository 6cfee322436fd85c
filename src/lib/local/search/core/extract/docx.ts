import type { ExtractedText } from './extracted-text.js';
import { ExtractionError } from './extraction-error.js';
import { readOfficeParts } from './office-zip.js';
import { firstElementText, xmlText } from './xml-text.js';

const BODY = 'word/document.xml';
const NOTES = /^word\/(header|footer)\d*\.xml$|^word\/(footnotes|endnotes)\.xml$/;

const RULES = {
  text: new Set(['w:t']),
  lineBreaks: new Set(['w:p', 'w:br', 'w:cr']),
  spaces: new Set(['w:tab']),
};

/**
 * The text of a Word (.docx) document: its body's paragraphs, then its headers, footers,
 * footnotes and endnotes; its title from the document properties.
 */
export async function docxText(bytes: Buffer): Promise<ExtractedText> {
  const parts = await readOfficeParts(bytes, {
    contentType: 'MS_WORD',
    name: 'Word (.docx)',
    keep: (name) => name === BODY || NOTES.test(name),
  });
  const body = parts.get(BODY);
  if (body === undefined) throw new ExtractionError(`the MS_WORD document has no ${BODY}, so it is not a Word (.docx) file`);
  const notes = [...parts.keys()].filter((name) => NOTES.test(name)).sort();
  const text = [body, ...notes.map((name) => parts.get(name)!)].map((xml) => xmlText(xml, RULES)).join('\n');
  const title = firstElementText(parts.get('docProps/core.xml') ?? '', 'dc:title');
  return { text, ...(title ? { title } : {}) };
}
