// Shell completion (`nimbus autocomplete`): @oclif/plugin-autocomplete's command for the set-up instructions.
// It is built into the CLI bundle instead of registered as an oclif plugin, which oclif would load
// from node_modules on every start. The plugin's package exports only its entry point, so the
// command's file is imported by its path; test/unit/cli/build-tricks.test.ts fails when that path
// no longer names the installed plugin, or once the package exports its commands.
export { default } from '../../../node_modules/@oclif/plugin-autocomplete/lib/commands/autocomplete/index.js';
