import { Args, Flags } from '@oclif/core';
import { usageError } from '../../lib/cli/errors/cli-error.js';
import { NimbusCommand } from '../../lib/cli/nimbus-command.js';
import { ADMIN_FLAGS } from '../../lib/cli/local/admin-flags.js';

/** `nimbus local faults`: shows, sets or clears the faults a running local service injects. */
export default class LocalFaults extends NimbusCommand {
  static override summary = 'Show, set or clear the faults a running local service injects.';
  static override description =
    'Without arguments, prints the fault injection in force at --endpoint-url (default http://127.0.0.1:4599) and how many faults were injected, over every worker. With SPEC (the compact form of local start --faults, such as "throttle=0.1,Query.latency=500ms", or JSON), puts it in force on every worker at once; --clear stops injecting.';
  static override examples = [
    { description: 'What is injected now', command: '<%= config.bin %> local faults' },
    { description: 'Throttle every Query', command: '<%= config.bin %> local faults "Query.throttle=1"' },
    { description: 'Stop injecting', command: '<%= config.bin %> local faults --clear' },
  ];
  static override args = { spec: Args.string({ description: 'The faults to inject, as for local start --faults.' }) };
  static override flags = { ...ADMIN_FLAGS, clear: Flags.boolean({ summary: 'Stop injecting faults.' }) };

  /** Shows, sets or clears the faults and prints the injection in force. */
  async run(): Promise<void> {
    const { args, flags } = await this.parse(LocalFaults);
    if (flags.clear && args.spec !== undefined) throw usageError('Give either a fault SPEC or --clear, not both');
    if (args.spec !== undefined && args.spec.trim() === '') throw usageError('The fault SPEC is empty: give faults such as "throttle=0.1", or --clear');
    const { callAdmin } = await import('../../lib/cli/local/admin-client.js');
    const answer = flags.clear
      ? await callAdmin(flags, 'DELETE', 'faults')
      : args.spec !== undefined
        ? await callAdmin(flags, 'POST', 'faults', args.spec)
        : await callAdmin(flags, 'GET', 'faults');
    process.stdout.write(`${JSON.stringify(answer, null, 2)}\n`);
  }
}
