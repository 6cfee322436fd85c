import type { OperationSpec } from '../operation-spec.js';

/**
 * One flag of an operation command as the fast path knows it: only the features it parses
 * exactly as oclif does. A command with a flag that needs anything else gets no table entry.
 */
export interface FastFlag {
  type: 'boolean' | 'string' | 'integer';
  /** Repeatable: the value is the list of every occurrence's value. */
  multiple?: true;
  /** The values a string flag accepts. */
  options?: string[];
  /** Bounds of an integer flag. */
  min?: number;
  max?: number;
  /** A boolean flag that also takes `--no-<name>`. */
  allowNo?: true;
  /** The value when the flag is not given. */
  default?: string | number | boolean;
  /** Flags that cannot be given with this one. */
  exclusive?: string[];
}

/**
 * What the fast path needs to run a generated operation command without oclif: the command's
 * operation and every flag it takes (its own, the global and the pagination flags), by name.
 * scripts/build.mjs writes one per command as dist/cli/fast/<topic>/<command>.json, with the
 * model slice it names.
 */
export interface FastCommand {
  /** The oclif command id, topics joined with `:`. */
  id: string;
  spec: OperationSpec;
  flags: Record<string, FastFlag>;
  /**
   * Where the slice of the service's model for the command's operation is, relative to the
   * table's folder (`models/search/ListIndices/`): one folder per shipped version.
   */
  models: string;
}
