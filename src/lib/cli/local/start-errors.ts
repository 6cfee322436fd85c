import { CliError } from '../errors/cli-error.js';
import { EXIT } from '../errors/exit-codes.js';

/**
 * The one-line CLI error for a local service that cannot start over its data dir (damaged, or on
 * a full disk) or its PostgreSQL store (a bad URL, no primary to be reached, another version's
 * log, a data dir that is no copy), shared by `nimbus local start` and `--local` runs; `undefined` for other errors.
 * The errors are told by name: the local service is a side file of the CLI bundle, with classes
 * of its own.
 */
export function dataDirStartError(error: unknown): CliError | undefined {
  const name = (error as Error | undefined)?.name;
  const message = (error as Error | undefined)?.message;
  if (name === 'DamagedStoreError') return new CliError(`The local service will not serve ${message}`, EXIT.OTHER, { cause: error });
  if (name === 'StoreFullError') return new CliError(`The local service cannot start: ${message}`, EXIT.OTHER, { cause: error });
  if (name === 'DatabaseUrlError') return new CliError(`Invalid --database-url: ${message}`, EXIT.USAGE, { cause: error });
  if (name === 'DatabaseUnavailableError' || name === 'StoreSchemaError' || name === 'NotACopyError')
    return new CliError(`The local service cannot start: ${message}`, EXIT.OTHER, { cause: error });
  return undefined;
}
