import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** The repository root. */
export const repoRoot = resolve(dirname(new URL(import.meta.url).pathname), '..', '..', '..');

/** One import between two modules, as written in the importing file. */
export interface ImportEdge {
  /** The importing module, relative to the repository root (`src/lib/http/types.ts`). */
  from: string;
  /** The imported module, relative to the repository root. */
  to: string;
  /** True for `import type` / `export type` (still an arrow between layers, gone at run time). */
  typeOnly: boolean;
}

/** Every `.ts` file under `dir` (relative to the repository root), sorted. */
export function sourceFiles(dir: string): string[] {
  const found: string[] = [];
  const walk = (folder: string): void => {
    for (const name of readdirSync(join(repoRoot, folder)).sort()) {
      const path = `${folder}/${name}`;
      if (statSync(join(repoRoot, path)).isDirectory()) walk(path);
      else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) found.push(path);
    }
  };
  walk(dir);
  return found;
}

const TYPE_ONLY = /^\s*(import|export)\s+type\s/;

/**
 * The relative imports of the modules under `dir` (static, `export … from`, and `import()`),
 * resolved to the `.ts` files they name. Package imports are left out.
 */
export function importEdges(dir: string): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const from of sourceFiles(dir)) {
    const text = readFileSync(join(repoRoot, from), 'utf8');
    const info = ts.preProcessFile(text, true, true);
    for (const imported of info.importedFiles) {
      if (!imported.fileName.startsWith('.')) continue;
      const target = relative(repoRoot, resolve(repoRoot, dirname(from), imported.fileName))
        .replaceAll('\\', '/')
        .replace(/\.js$/, '.ts');
      const lineStart = text.lastIndexOf('\n', imported.pos) + 1;
      const statement = text.slice(lineStart, imported.pos);
      edges.push({ from, to: target, typeOnly: TYPE_ONLY.test(statement) });
    }
  }
  return edges;
}

/** The import cycles among the modules under `dir`: each as a list of modules, the first repeated at the end. */
export function findCycles(dir: string): string[][] {
  const graph = new Map<string, string[]>();
  for (const edge of importEdges(dir)) {
    if (!graph.has(edge.from)) graph.set(edge.from, []);
    graph.get(edge.from)!.push(edge.to);
  }
  // Tarjan's strongly connected components; every component of more than one module (or a
  // module importing itself) holds a cycle, reported once through its first module.
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const connect = (node: string): void => {
    indices.set(node, index);
    low.set(node, index);
    index++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, indices.get(next)!));
      }
    }
    if (low.get(node) === indices.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) components.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!indices.has(node)) connect(node);
  return components.map((component) => pathThrough(graph, component));
}

/** One cycle through the modules of a strongly connected component, starting at its first module. */
function pathThrough(graph: Map<string, string[]>, component: string[]): string[] {
  const members = new Set(component);
  const start = component[0]!;
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const node = queue.shift()!;
    for (const next of graph.get(node) ?? []) {
      if (!members.has(next)) continue;
      if (next === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(previous.get(path[0]!)!);
        return [...path, start];
      }
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return [...component, start];
}
