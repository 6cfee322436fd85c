/** The output formats of `configure export-credentials`, as the AWS CLI names them (plus fish). */
export const EXPORT_FORMATS = ['process', 'env', 'env-no-export', 'powershell', 'windows-cmd', 'fish'] as const;

/** One of {@link EXPORT_FORMATS}. */
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
