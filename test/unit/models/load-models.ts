import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** A member or shape reference in a botocore model. */
export interface ShapeRef {
  shape: string;
  [trait: string]: unknown;
}

/** A botocore shape (only the fields the tests read). */
export interface Shape {
  type: string;
  members?: Record<string, ShapeRef>;
  member?: ShapeRef;
  key?: ShapeRef;
  value?: ShapeRef;
  required?: string[];
  enum?: string[];
  [trait: string]: unknown;
}

/** A botocore operation (only the fields the tests read). */
export interface Operation {
  name: string;
  input?: ShapeRef;
  output?: ShapeRef;
  errors?: ShapeRef[];
  [trait: string]: unknown;
}

/** A botocore service model. */
export interface Model {
  version: string;
  metadata: Record<string, unknown>;
  operations: Record<string, Operation>;
  shapes: Record<string, Shape>;
}

/** One of the project's services, with its model directory and expected operation count. */
export interface ServiceModels {
  service: 'search' | 'mobile';
  dir: string;
  operations: number;
}

/** The two services of the project. */
export const SERVICES: ServiceModels[] = [
  { service: 'search', dir: 'src/lib/services/search/models/2019-02-03', operations: 66 },
  { service: 'mobile', dir: 'src/lib/services/mobile/models/2017-07-01', operations: 9 },
];

/** Reads a JSON file of a service's model directory (api.json, paginators.json, waiters.json). */
export function readModelFile<T>(svc: ServiceModels, file: string): T {
  return JSON.parse(readFileSync(join(repoRoot, svc.dir, file), 'utf8')) as T;
}

/** The members of an operation's input or output shape (empty when it has none). */
export function membersOf(model: Model, ref: ShapeRef | undefined): Record<string, ShapeRef> {
  return ref ? (model.shapes[ref.shape]?.members ?? {}) : {};
}

/**
 * The operations paginated by token: input and output both have a `NextToken`-like member
 * (`NextToken` or `nextToken`). Returns name → token member name.
 */
export function tokenPaginated(model: Model): Map<string, string> {
  const found = new Map<string, string>();
  for (const [name, op] of Object.entries(model.operations)) {
    const input = membersOf(model, op.input);
    const output = membersOf(model, op.output);
    const token = ['NextToken', 'nextToken'].find((t) => t in input && t in output);
    if (token) found.set(name, token);
  }
  return found;
}
