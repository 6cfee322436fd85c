import type { ExtractedText } from './extracted-text.js';
import { ExtractionError } from './extraction-error.js';
import { readOfficeParts, partNumber } from './office-zip.js';
import { firstElementText, xmlText } from './xml-text.js';

const SLIDE = /^ppt\/slides\/slide\d+\.xml$/;
const NOTES = /^ppt\/notesSlides\/notesSlide\d+\.xml$/;

const RULES = { text: new Set(['a:t']), lineBreaks: new Set(['a:p', 'a:br']) };

/**
 * The text of a PowerPoint (.pptx) presentation: its slides in order, then its speaker notes;
 * its title from the document properties.
 */
export async function pptxText(bytes: Buffer): Promise<ExtractedText> {
  const parts = await readOfficeParts(bytes, {
    contentType: 'PPT',
    name: 'PowerPoint (.pptx)',
    keep: (name) => SLIDE.test(name) || NOTES.test(name),
  });
  const ordered = (pattern: RegExp) => [...parts.keys()].filter((name) => pattern.test(name)).sort((a, b) => partNumber(a) - partNumber(b));
  const slides = ordered(SLIDE);
  if (slides.length === 0 && !parts.has('docProps/core.xml')) {
    throw new ExtractionError('the PPT document has no slides (ppt/slides/slide1.xml…), so it is not a PowerPoint (.pptx) file');
  }
  const text = [...slides, ...ordered(NOTES)].map((name) => xmlText(parts.get(name)!, RULES)).join('\n');
  const title = firstElementText(parts.get('docProps/core.xml') ?? '', 'dc:title');
  return { text, ...(title ? { title } : {}) };
}
