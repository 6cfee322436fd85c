import { readFileSync } from 'node:fs';

/** A shape of the botocore service model, as far as the local service reads it. */
export interface Shape {
  type: 'structure' | 'list' | 'map' | 'string' | 'integer' | 'long' | 'float' | 'double' | 'boolean' | 'timestamp' | 'blob';
  members?: Record<string, { shape: string }>;
  required?: string[];
  member?: { shape: string };
  key?: { shape: string };
  value?: { shape: string };
  enum?: string[];
  min?: number;
  max?: number;
  pattern?: string;
  /** A free-form JSON value (a structure with `document: true`). */
  document?: boolean;
}

/** The parts of the search API model the local service uses. */
export interface SearchApiModel {
  metadata: { targetPrefix: string; apiVersion: string };
  operations: Record<string, { name: string; input?: { shape: string }; output?: { shape: string } }>;
  shapes: Record<string, Shape>;
}

let cached: SearchApiModel | undefined;

/** The search API model shipped with nimbus (read once, on first use). */
export function searchModel(): SearchApiModel {
  cached ??= JSON.parse(
    readFileSync(new URL('../../../services/search/models/2019-02-03/api.json', import.meta.url), 'utf8'),
  ) as SearchApiModel;
  return cached;
}
