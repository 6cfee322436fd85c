// Shell completion (`nimbus autocomplete`): @oclif/plugin-autocomplete's command for building the completion cache,
// after which nimbus writes its own bash function and adds flag values to the zsh one (src/lib/cli/completion).
// It is built into the CLI bundle instead of registered as an oclif plugin, which oclif would load
// from node_modules on every start. The plugin's package exports only its entry point, so the
// command's file is imported by its path; test/unit/cli/build-tricks.test.ts fails when that path
// no longer names the installed plugin, or once the package exports its commands.
import PluginCreate from '../../../node_modules/@oclif/plugin-autocomplete/lib/commands/autocomplete/create.js';
import { writeCompletionFunctions } from '../../lib/cli/completion/write-functions.js';

/** `nimbus autocomplete create` (hidden): the plugin's completion functions, completing flag values too. */
export default class AutocompleteCreate extends PluginCreate {
  override async run(): Promise<void> {
    await super.run();
    await writeCompletionFunctions(this.autocompleteCacheDir, this.cliBin, this.config.commands);
  }
}
