import { Document, parseDocument, visit } from 'yaml';
import { badRequest } from './mobile-error.js';
import { MAX_PROJECT_YAML_BYTES } from './limits.js';
import { documentToTree, isTreeMap, MOBILE_HUB_TAG_PREFIX, typeOf, type TreeMap } from './yaml-tree.js';

/** The name of the project definition file, at the root of an export zip. */
export const PROJECT_FILE_NAME = 'mobile-hub-project.yml';

const PROJECT_TAG = `${MOBILE_HUB_TAG_PREFIX}v0.Project`;
const CORE_TAGS = new Set(['str', 'int', 'float', 'bool', 'null', 'map', 'seq'].map((t) => `tag:yaml.org,2002:${t}`));

/** A parsed and checked `mobile-hub-project.yml`. */
export interface ProjectDefinition {
  /** The document, kept to write the definition back with its tags and order. */
  doc: Document;
  /** The whole definition as plain data. */
  tree: TreeMap;
  /** `features`, one entry per feature (`sign-in`, `database`, …). */
  features: TreeMap;
  name?: string;
  region?: string;
}

/**
 * Parses a `mobile-hub-project.yml`. Malformed YAML, several documents, duplicate keys, foreign
 * custom tags and a definition that is not a mapping are refused with a `BadRequestException`.
 */
export function parseProjectYaml(text: string): ProjectDefinition {
  if (Buffer.byteLength(text) > MAX_PROJECT_YAML_BYTES) {
    throw badRequest(`${PROJECT_FILE_NAME} is larger than ${MAX_PROJECT_YAML_BYTES} bytes`);
  }
  const doc = parseDocument(text, { uniqueKeys: true, prettyErrors: true });
  const [error] = doc.errors;
  if (error !== undefined) throw badRequest(`${PROJECT_FILE_NAME} is not valid YAML: ${firstLine(error.message)}`);
  visit(doc, {
    Node(_key, node) {
      const tag = node.tag;
      if (tag !== undefined && !tag.startsWith(MOBILE_HUB_TAG_PREFIX) && !CORE_TAGS.has(tag)) {
        throw badRequest(`${PROJECT_FILE_NAME} uses the unknown tag ${tag}`);
      }
    },
  });
  const tree = documentToTree(doc);
  if (!isTreeMap(tree)) throw badRequest(`${PROJECT_FILE_NAME} must be a mapping with features, name and region`);
  const rootType = typeOf(tree);
  if (rootType !== undefined && rootType !== 'Project') {
    throw badRequest(`${PROJECT_FILE_NAME} must be a Project, not a ${rootType}`);
  }
  const features = tree['features'] ?? {};
  if (!isTreeMap(features)) throw badRequest(`${PROJECT_FILE_NAME}: features must be a mapping`);
  const definition: ProjectDefinition = { doc, tree, features };
  const name = optionalString(tree, 'name');
  const region = optionalString(tree, 'region');
  if (name !== undefined) definition.name = name;
  if (region !== undefined) definition.region = region;
  return definition;
}

/** Writes a definition back as YAML, with the project's current name and region. */
export function renderProjectYaml(definition: ProjectDefinition, name: string, region: string): string {
  const doc = definition.doc.clone();
  if (doc.contents !== null && doc.contents.tag === undefined) doc.contents.tag = PROJECT_TAG;
  doc.set('name', name);
  doc.set('region', region);
  return doc.toString();
}

/** The definition of a project created from nothing: no features yet. */
export function emptyProjectYaml(name: string, region: string): string {
  const doc = new Document({ features: {}, name, region });
  if (doc.contents !== null) doc.contents.tag = PROJECT_TAG;
  return doc.toString();
}

function optionalString(tree: TreeMap, key: string): string | undefined {
  const value = tree[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' && typeof value !== 'number') {
    throw badRequest(`${PROJECT_FILE_NAME}: ${key} must be a string`);
  }
  return String(value);
}

function firstLine(message: string): string {
  return message.split('\n', 1)[0]!.replace(/:$/, '');
}
