/** pdf.js's worker code, which ships without types; loaded to run it in the calling thread. */
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs' {
  /** The worker's message handler, which pdf.js looks for on `globalThis.pdfjsWorker`. */
  export const WorkerMessageHandler: unknown;
}
