import yazl from 'yazl';

/** One file of a zip to build. */
export interface ZipFileEntry {
  /** A relative path inside the archive, `/`-separated. */
  name: string;
  data: Buffer | string;
}

/** Builds a zip in memory; every entry gets `mtime` as its modification time. */
export function buildZip(files: ZipFileEntry[], mtime: Date): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const file of files) {
    const data = typeof file.data === 'string' ? Buffer.from(file.data) : file.data;
    zip.addBuffer(data, file.name, { mtime, mode: 0o100644 });
  }
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('error', reject);
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}
