import { CliError } from '../errors/cli-error.js';
import { EXIT } from '../errors/exit-codes.js';
import type { RepairReport } from '../../local/store/repair-store.js';

/** One line for a table's recovery, or nothing when every row was copied. */
function tableLine(table: RepairReport['tables'][number]): string | undefined {
  if (table.missing) return `  ${table.table}: missing from the damaged database; made again, empty`;
  if (table.unreadable.length === 0) return undefined;
  const stretches = table.unreadable.map(([after, resumedAt]) => (resumedAt === null ? `after rowid ${after}` : `rowids ${after + 1}-${resumedAt - 1}`));
  return `  ${table.table}: ${table.copied} row(s) recovered; unreadable (damaged pages): ${stretches.join(', ')}`;
}

/** The report of a repair, as lines for stdout. */
export function repairLines(report: RepairReport): string[] {
  const rows = report.tables.reduce((sum, table) => sum + table.copied, 0);
  const damaged = report.tables.map(tableLine).filter((line): line is string => line !== undefined);
  return [
    `Repaired ${report.database}: ${rows} row(s) of ${report.tables.length} tables recovered into a fresh database.`,
    `The damaged database is kept as ${report.backup}.`,
    ...(damaged.length > 0 ? ['Tables with losses:', ...damaged] : ['Every row of every table could be read.']),
    ...(report.rebuilt.length > 0 ? ['Rebuilt:', ...report.rebuilt.map((line) => `  ${line}`)] : []),
  ];
}

/** `nimbus local repair`: repairs the data dir and prints what it did; a repair that cannot be done is one line, exit 255. */
export async function repairLocal(dataDir: string | undefined): Promise<void> {
  const { repairDataDir } = await import('../../local/server.js');
  let report: RepairReport;
  try {
    report = repairDataDir(dataDir);
  } catch (error) {
    throw new CliError(`Cannot repair the local data dir: ${(error as Error).message.split('\n')[0]}`, EXIT.OTHER, { cause: error });
  }
  process.stdout.write(`${repairLines(report).join('\n')}\n`);
}
