import { CommandHelp, Help, type Command } from '@oclif/core';

/** Option lists longer than this are listed in the flag's text (wrapped at commas), not as `A|B|C`. */
const LONG_OPTIONS = 30;

type Example = NonNullable<Command.Loadable['examples']>[number];

/**
 * A command's help where everything meant to be copied stays whole at any terminal width:
 * each example command is one line (a narrow terminal wraps it, but a copy is the command as
 * typed, with its quotes and JSON intact), and long lists of allowed values are written as
 * words in the flag's text rather than one `A|B|C` token that wrapping would cut mid-word.
 */
export class NimbusCommandHelp extends CommandHelp {
  constructor(command: Command.Loadable, config: ConstructorParameters<typeof CommandHelp>[1], opts: ConstructorParameters<typeof CommandHelp>[2]) {
    super(withListedOptions(command), config, opts);
  }

  /**
   * oclif's USAGE line, with the flags of the operation's required members shown as required
   * (`--index-id <value>`, not `[--index-id <value>]`; `(--documents … | --from …)` for one with
   * alternatives). They are not declared `required` to oclif, whose own check would refuse a
   * run that gives them in `--cli-input-json`; the operation checks them after merging that.
   */
  protected override defaultUsage(): string {
    const command = this.command;
    this.command = withRequiredMembers(command);
    try {
      return super.defaultUsage();
    } finally {
      this.command = command;
    }
  }

  /**
   * oclif's USAGE, split where the terminal ends: oclif measures the line with a
   * `<%= command.id %>` placeholder in it and renders the id only afterwards, so a command id
   * longer than the placeholder pushed the first line past the edge.
   */
  protected override usage(): string {
    const id = this.command.id.replaceAll(':', this.config.topicSeparator);
    const flags = this.defaultUsage().replace(COMMAND_ID_PLACEHOLDER, '').trim();
    const line = `$ ${this.config.bin} ${id} ${flags}`.trim();
    const width = this.opts.maxWidth - this.indentSpacing;
    if (line.length <= width) return this.wrap(line);
    const split = line.slice(0, width).lastIndexOf(' ');
    return `${line.slice(0, split)}\n${this.indent(this.wrap(line.slice(split), this.indentSpacing * 2))}`;
  }

  protected override examples(examples: Example[] | string | undefined): string | undefined {
    if (!examples || examples.length === 0) return undefined;
    const list = typeof examples === 'string' ? [examples] : examples;
    return list
      .map((example) => {
        if (typeof example === 'string') return example;
        const description = this.wrap(example.description ?? '', this.indentSpacing * 2);
        return `${description}\n\n${this.indent(`$ ${example.command}`)}`;
      })
      .join('\n\n');
  }

  /**
   * oclif's list, except that in the one-item-a-paragraph layout (used when a flag's text runs
   * to many lines) the text is wrapped to fit the terminal: oclif wraps it for an indent of
   * `indentation + 2` but writes it at `indentation + 4`, two columns past the edge.
   */
  override renderList(input: (string | undefined)[][], opts: Parameters<CommandHelp['renderList']>[1]): string {
    const rendered = super.renderList(input, opts);
    const paragraphs = opts.multiline || rendered === super.renderList(input, { ...opts, multiline: true });
    return paragraphs ? super.renderList(input, { ...opts, multiline: true, indentation: opts.indentation + 2 }) : rendered;
  }
}

/** What oclif writes in a USAGE line for the command's id, rendered after the line is wrapped. */
const COMMAND_ID_PLACEHOLDER = '<%= command.id %>';

/** The command with each long option list moved from the flag's value into its summary. */
function withListedOptions(command: Command.Loadable): Command.Loadable {
  const flags: Command.Loadable['flags'] = {};
  for (const [name, flag] of Object.entries(command.flags ?? {})) {
    if (flag.type === 'option' && flag.options && !flag.helpValue && flag.options.join('|').length > LONG_OPTIONS) {
      const listed = `One of: ${flag.options.join(', ')}.`;
      flags[name] = { ...flag, helpValue: '<value>', summary: flag.summary ? `${flag.summary} ${listed}` : listed };
    } else {
      flags[name] = flag;
    }
  }
  return { ...command, flags };
}

/** The command with the flags of its operation's required members marked `required` (for USAGE only). */
function withRequiredMembers(command: Command.Loadable): Command.Loadable {
  const required = (command as { operation?: { required?: readonly string[] } }).operation?.required ?? [];
  if (!required.length) return command;
  const flags: Command.Loadable['flags'] = { ...command.flags };
  for (const name of required) if (flags[name]) flags[name] = { ...flags[name], required: true };
  return { ...command, flags };
}

/** nimbus's help: oclif's, with {@link NimbusCommandHelp} for commands. */
export class NimbusHelp extends Help {
  protected override CommandHelpClass = NimbusCommandHelp;
}
