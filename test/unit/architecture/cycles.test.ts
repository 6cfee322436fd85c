import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { tmpdir } from 'node:os';
import { findCycles, repoRoot } from './import-graph.js';

describe('architecture: import cycles', () => {
  it('finds no import cycle in src/lib (type-only imports count too)', () => {
    const cycles = findCycles('src/lib');
    assert.deepEqual(
      cycles.map((cycle) => cycle.join(' → ')),
      [],
    );
  });

  it('finds no import cycle between src/commands and the library', () => {
    assert.deepEqual(
      findCycles('src').map((cycle) => cycle.join(' → ')),
      [],
    );
  });

  describe('the walk itself', () => {
    let dir: string;
    before(() => {
      dir = mkdtempSync(join(tmpdir(), 'nimbus-cycles-'));
      const write = (name: string, text: string): void => {
        mkdirSync(join(dir, name, '..'), { recursive: true });
        writeFileSync(join(dir, name), text);
      };
      write('a.ts', "import { b } from './b.js';\nexport const a = b;\n");
      write('b.ts', "import type { C } from './sub/c.js';\nexport const b = 1 as unknown as C;\n");
      write('sub/c.ts', "export type C = number;\nexport const later = () => import('../a.js');\n");
      write('d.ts', "export { a } from './a.js';\n");
    });
    after(() => rmSync(dir, { recursive: true, force: true }));

    it('follows static, type-only, re-export and dynamic imports to report a cycle once', () => {
      const root = relative(repoRoot, dir);
      const cycles = findCycles(root);
      assert.equal(cycles.length, 1);
      assert.deepEqual(
        cycles[0]!.map((file) => file.slice(root.length + 1)),
        ['a.ts', 'b.ts', 'sub/c.ts', 'a.ts'],
      );
    });
  });
});
