/** Environment variables, as in `process.env`; passed explicitly so that tests never touch the real ones. */
export type Env = Readonly<Record<string, string | undefined>>;

/** Where the shared config and credentials files are looked for. */
export interface SharedFileOptions {
  /** The environment: `HOME`, `AWS_CONFIG_FILE`, `AWS_SHARED_CREDENTIALS_FILE`, … */
  env: Env;
  /** The home directory that `~` stands for; defaults to the env's `HOME` (or `USERPROFILE`), then the OS's. */
  homedir?: string;
}
