// Shell completion (`nimbus autocomplete`): @oclif/plugin-autocomplete's command for building the completion cache,
// built into the CLI bundle instead of loaded as a plugin on every start. The plugin's package
// exports only its plugin entry, hence the path to the command's file.
export { default } from '../../../node_modules/@oclif/plugin-autocomplete/lib/commands/autocomplete/create.js';
