/**
 * Downloads to disk (export zips from a `downloadUrl`): streamed, atomic, length-checked, with
 * progress. `mobile project export --download` and `mobile bundle export --download` call
 * {@link downloadToFile} with {@link createDownloadProgress}.
 */
export { downloadToFile } from './download-file.js';
export type { DownloadOptions } from './download-file.js';
export { createDownloadProgress } from './download-progress.js';
export type { DownloadProgressListener, DownloadProgressOptions, DownloadResult } from './download-progress.js';
export { DownloadError } from '../errors/download-error.js';
