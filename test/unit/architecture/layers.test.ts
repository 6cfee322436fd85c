import { strict as assert } from 'node:assert';
import { importEdges, sourceFiles } from './import-graph.js';

/**
 * The layers of the code, lowest first. A module may import from its own layer and the layers
 * below it, never from a layer above: arrows point down.
 *
 * - errors: every library error class and the option-value checks; imports nothing of nimbus.
 * - model, config, signing, http, retry, credentials: the building blocks — a service model,
 *   the shared config files, request signing, the HTTP transport, retry strategies, and the
 *   credential chain. They know nothing of the wire protocols or the client.
 * - protocols, validation: the wire protocols (JSON 1.1, REST-JSON) and input validation
 *   against a model.
 * - client: the generic client (options, handler list, middleware, paginators, waiters, the
 *   synchronous forms).
 * - services: the service clients (SearchClient, MobileClient), their models and generated
 *   types and methods; `index.ts`, the library's public entry, sits here too.
 * - bulk, download, local: work built on the clients (batch ingest, file downloads) and the
 *   local service that implements both APIs.
 * - cli: the command-line tool's machinery.
 * - commands (src/commands): the oclif commands, and their index, the CLI bundle's entry.
 */
const LAYERS: ReadonlyArray<readonly string[]> = [
  ['errors'],
  ['model', 'config', 'signing', 'http', 'retry', 'credentials'],
  ['protocols', 'validation'],
  ['client'],
  ['services', 'index.ts'],
  ['bulk', 'download', 'local'],
  ['cli'],
  ['commands'],
];

/** The layer of a module (its index in LAYERS); throws for a module no layer holds. */
function layerOf(path: string): number {
  const part = path.startsWith('src/commands/') ? 'commands' : path.replace(/^src\/lib\//, '').split('/')[0]!;
  const layer = LAYERS.findIndex((names) => names.includes(part));
  if (layer < 0) throw new Error(`${path} is in no layer: add "${part}" to LAYERS in ${import.meta.url}`);
  return layer;
}

describe('architecture: layers', () => {
  // Imports of files outside src (a path into node_modules) are package imports, not arrows between layers.
  const edges = [...importEdges('src/lib'), ...importEdges('src/commands')].filter((edge) => edge.to.startsWith('src/'));

  it('places every module of src/lib and src/commands in a layer', () => {
    const files = [...sourceFiles('src/lib'), ...sourceFiles('src/commands')];
    assert.ok(files.length > 300, `expected the whole source tree, found ${files.length} modules`);
    for (const file of files) assert.doesNotThrow(() => layerOf(file));
  });

  it('has no import from a lower layer into a higher one', () => {
    const upward = edges.filter((edge) => layerOf(edge.to) > layerOf(edge.from)).map((edge) => `${edge.from} → ${edge.to}${edge.typeOnly ? ' (type)' : ''}`);
    assert.deepEqual(upward, [], `imports that point up the layers:\n  ${upward.join('\n  ')}`);
  });

  it('keeps the errors layer free of any other nimbus module', () => {
    const outward = edges.filter((edge) => edge.from.startsWith('src/lib/errors/') && !edge.to.startsWith('src/lib/errors/'));
    assert.deepEqual(
      outward.map((edge) => `${edge.from} → ${edge.to}`),
      [],
    );
  });

  it('sees the imports it judges (the check is not vacuous)', () => {
    const clientToErrors = edges.filter((edge) => edge.from.startsWith('src/lib/client/') && edge.to.startsWith('src/lib/errors/'));
    assert.ok(clientToErrors.length > 5, 'the client imports the errors layer');
    assert.ok(
      edges.some((edge) => edge.from === 'src/commands/index.ts' && edge.to.startsWith('src/commands/search/')),
      'the commands index imports the commands',
    );
  });
});
