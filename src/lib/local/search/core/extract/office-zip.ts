import { readZip } from '../../../mobile/zip-reader.js';
import { ExtractionError } from './extraction-error.js';

/** The most entries an Office document's zip may hold. */
const MAX_ENTRIES = 10_000;
/** The most bytes all of its entries may inflate to (images included), whatever the headers claim. */
const MAX_INFLATED_BYTES = 256 * 1024 * 1024;
/** The most bytes one XML part that is read may hold. */
const MAX_PART_BYTES = 64 * 1024 * 1024;

/** The signature of an OLE compound file: legacy .doc/.ppt/.xls, and password-protected Office files. */
const OLE_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** What a reader of one Office Open XML format needs to say about it. */
export interface OfficeFormat {
  /** The content type, for messages (`MS_WORD`). */
  contentType: string;
  /** The format, for messages (`Word (.docx)`). */
  name: string;
  /** The parts to read. */
  keep(part: string): boolean;
}

/**
 * The XML parts `format.keep` selects of an Office Open XML document, decoded as UTF-8, plus
 * docProps/core.xml when present. The archive is read within bounds on entries and inflated
 * size (zip bombs are refused, whatever their headers claim). Throws an {@link ExtractionError}
 * saying why for a legacy binary or password-protected file and for one that is not a zip.
 */
export async function readOfficeParts(bytes: Buffer, format: OfficeFormat): Promise<Map<string, string>> {
  if (bytes.subarray(0, OLE_SIGNATURE.length).equals(OLE_SIGNATURE)) {
    throw new ExtractionError(
      `the ${format.contentType} document is a legacy binary Office file (.doc, .ppt, .xls) or a password-protected one; ` +
        `the local service reads only unprotected Office Open XML files (.docx, .pptx, .xlsx)`,
    );
  }
  let parts: Map<string, Buffer>;
  try {
    parts = await readZip(bytes, {
      maxEntries: MAX_ENTRIES,
      maxTotalBytes: MAX_INFLATED_BYTES,
      maxKeptBytes: MAX_PART_BYTES,
      keep: (name) => name === 'docProps/core.xml' || format.keep(name),
    });
  } catch (error) {
    const reason = (error as Error).message.replace(/^contents are /, 'it is ').replace(/^contents: /, '');
    throw new ExtractionError(`the ${format.contentType} document is not a readable ${format.name} file: ${reason}`);
  }
  const decoder = new TextDecoder('utf-8');
  return new Map([...parts].map(([name, data]) => [name, decoder.decode(data)]));
}

/** The number in a numbered part's name (`ppt/slides/slide12.xml` → 12), for ordering. */
export function partNumber(name: string): number {
  return Number(/(\d+)\.xml$/.exec(name)?.[1] ?? 0);
}
