/** The limits of the local mobile service, in one place. */

/** The largest `contents` body accepted by CreateProject and UpdateProject (10 MiB). */
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;

/** The most entries an imported zip may hold. */
export const MAX_ZIP_ENTRIES = 1000;

/** The most bytes all entries of an imported zip may inflate to, counted while inflating. */
export const MAX_ZIP_UNCOMPRESSED_BYTES = 64 * 1024 * 1024;

/** The largest `mobile-hub-project.yml` accepted (1 MiB). */
export const MAX_PROJECT_YAML_BYTES = 1024 * 1024;

/** The most YAML nodes (aliases expanded) a project definition may have. */
export const MAX_YAML_NODES = 20000;

/** The deepest nesting of a project definition. */
export const MAX_YAML_DEPTH = 64;

/** The most resources one project may have. */
export const MAX_PROJECT_RESOURCES = 500;

/** The most projects of one account that may be importing at the same time. */
export const MAX_CONCURRENT_IMPORTS = 5;

/** How long a `downloadUrl` stays valid, in seconds. */
export const DOWNLOAD_URL_SECONDS = 3600;

/** How long a `shareUrl` stays valid, in seconds (the longest a SigV4 presigned URL may live). */
export const SHARE_URL_SECONDS = 7 * 24 * 3600;

/** The default and largest page size of the list operations. */
export const MAX_PAGE_SIZE = 100;

/** Requests one access key may burst to before it is throttled. */
export const RATE_BURST = 200;

/** Requests per second one access key is allowed once its burst is spent. */
export const RATE_PER_SECOND = 50;
