// Reads V8 .cpuprofile files (node --cpu-prof) and summarises where the time went: self time per
// function and inclusive time per nimbus function, with compiled dist/ positions mapped back to
// src/ through the build's source maps.
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT } from './paths.mjs';

const maps = new Map();

/** `src/lib/x.ts:12 name` for a call frame (1-based line), mapped through the source map when there is one. */
function place(frame) {
  const name = frame.functionName || '(anonymous)';
  if (!frame.url) return name;
  if (!frame.url.startsWith('file://')) return `${name} ${frame.url}:${frame.lineNumber + 1}`;
  const path = fileURLToPath(frame.url);
  if (!maps.has(path)) maps.set(path, existsSync(`${path}.map`) ? new SourceMap(JSON.parse(readFileSync(`${path}.map`, 'utf8'))) : null);
  const map = maps.get(path);
  const entry = map?.findEntry(frame.lineNumber, frame.columnNumber);
  if (entry?.originalSource) {
    const source = entry.originalSource.startsWith('file://') ? fileURLToPath(entry.originalSource) : new URL(entry.originalSource, frame.url).pathname;
    return `${name} ${relative(ROOT, source)}:${entry.originalLine + 1}`;
  }
  return `${name} ${relative(ROOT, path)}:${frame.lineNumber + 1}`;
}

/** Which part of the stack a frame belongs to. */
function area(frame) {
  const url = frame.url;
  if (!url) return frame.functionName.startsWith('(') ? frame.functionName : 'native';
  if (url.startsWith('node:')) return 'node internals';
  if (url.includes('/node_modules/')) {
    const rest = url.split('/node_modules/').pop();
    return `node_modules/${rest
      .split('/')
      .slice(0, rest.startsWith('@') ? 2 : 1)
      .join('/')}`;
  }
  if (url.includes('/dist/')) return 'nimbus';
  return 'other';
}

/**
 * Summarises one profile: `{totalMs, areas: [[area, ms]], self: [[place, ms]], nimbus: [[place, ms]]}`,
 * each list sorted by time, `top` entries at most.
 */
export function summarise(profile, top = 20) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const counts = new Map();
  for (const id of profile.samples) counts.set(id, (counts.get(id) ?? 0) + 1);
  const msPerSample = (profile.endTime - profile.startTime) / 1000 / profile.samples.length;
  const selfMs = (node) => (counts.get(node.id) ?? 0) * msPerSample;
  const add = (map, key, ms) => map.set(key, (map.get(key) ?? 0) + ms);
  const self = new Map();
  const areas = new Map();
  const inclusive = new Map();
  const totals = new Map();
  const total = (node) => {
    if (!totals.has(node.id)) totals.set(node.id, selfMs(node) + (node.children ?? []).reduce((sum, id) => sum + total(nodes.get(id)), 0));
    return totals.get(node.id);
  };
  const walk = (node, seen) => {
    const key = place(node.callFrame);
    add(self, key, selfMs(node));
    add(areas, area(node.callFrame), selfMs(node));
    if (area(node.callFrame) === 'nimbus' && !seen.has(key)) add(inclusive, key, total(node));
    const below = area(node.callFrame) === 'nimbus' ? new Set([...seen, key]) : seen;
    for (const id of node.children ?? []) walk(nodes.get(id), below);
  };
  walk(profile.nodes[0], new Set());
  const sorted = (map) => [...map].sort((a, b) => b[1] - a[1]).slice(0, top);
  return { totalMs: (profile.endTime - profile.startTime) / 1000, areas: sorted(areas), self: sorted(self), nimbus: sorted(inclusive) };
}
