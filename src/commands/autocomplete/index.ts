// Shell completion (`nimbus autocomplete`): @oclif/plugin-autocomplete's command for the set-up instructions,
// which builds the completion cache; nimbus then writes its own bash function and adds flag values to the zsh
// one (src/lib/cli/completion).
// It is built into the CLI bundle instead of registered as an oclif plugin, which oclif would load
// from node_modules on every start. The plugin's package exports only its entry point, so the
// command's file is imported by its path; test/unit/cli/build-tricks.test.ts fails when that path
// no longer names the installed plugin, or once the package exports its commands.
import PluginAutocomplete from '../../../node_modules/@oclif/plugin-autocomplete/lib/commands/autocomplete/index.js';
import { writeCompletionFunctions } from '../../lib/cli/completion/write-functions.js';

/** `nimbus autocomplete [SHELL]`: the plugin's set-up instructions and cache, completing flag values too. */
export default class Autocomplete extends PluginAutocomplete {
  override async run(): Promise<void> {
    await super.run();
    await writeCompletionFunctions(this.autocompleteCacheDir, this.cliBin, this.config.commands);
  }
}
