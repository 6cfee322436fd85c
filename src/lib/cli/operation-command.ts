import { NimbusCommand } from './nimbus-command.js';
import { GLOBAL_FLAGS } from './global-flags.js';
import type { OperationFlags } from './operation-session.js';
import type { OperationSpec } from './operation-spec.js';

/**
 * The base of the search and mobile commands. A command only declares its operation and
 * flags; running it (configuration, client, output) is loaded on demand, so that importing a
 * command costs nothing but its declarations.
 */
export abstract class OperationCommand extends NimbusCommand {
  /** The operation the command runs, with its flag → member mapping. */
  static operation: OperationSpec;
  static override baseFlags = GLOBAL_FLAGS;

  /** Parses the flags and runs the command. */
  async run(): Promise<void> {
    const command = this.constructor as typeof OperationCommand;
    const { flags } = await this.parse(command);
    await this.execute(command.operation, flags);
  }

  /**
   * Runs the operation once with the parsed flags, with the command's environment and streams.
   * Commands that do more (bulk loads, downloads) override it with their own runner, imported
   * on demand.
   */
  protected async execute(spec: OperationSpec, flags: OperationFlags): Promise<void> {
    const { runOperation } = await import('./run-operation.js');
    await runOperation(spec, flags, this.io);
  }
}
