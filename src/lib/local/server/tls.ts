import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** The PEM files of the service's TLS certificate (with its chain) and private key. */
export interface TlsFiles {
  certFile: string;
  keyFile: string;
}

/** TLS files that cannot be read or used, told in one line (never their content). */
export class TlsFilesError extends Error {
  override name = 'TlsFilesError';
}

function read(path: string, what: string): Buffer {
  try {
    return readFileSync(path);
  } catch (error) {
    throw new TlsFilesError(`Cannot read the TLS ${what} ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}

/** The certificate and key of `files`, read now; an unreadable file is an error that names it (never its content). */
export function readTlsFiles(files: TlsFiles): { cert: Buffer; key: Buffer } {
  return { cert: read(files.certFile, 'certificate'), key: read(files.keyFile, 'key') };
}

/** An HTTPS server with the certificate and key of `files`; a key that does not match the certificate is an error. */
export function createTlsServer(files: TlsFiles, handler: (req: IncomingMessage, res: ServerResponse) => void): Server {
  try {
    return createServer(readTlsFiles(files), handler);
  } catch (error) {
    if (error instanceof TlsFilesError) throw error;
    throw new TlsFilesError(`Cannot use the TLS certificate ${files.certFile} with the key ${files.keyFile}: ${(error as Error).message}`);
  }
}
