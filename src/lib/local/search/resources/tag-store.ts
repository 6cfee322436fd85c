import type Database from 'better-sqlite3';
import { invalid } from '../core/errors.js';

/** The most tags a resource can carry. */
const MAX_TAGS = 200;

/** A tag in the model's form. */
export interface Tag {
  Key: string;
  Value: string;
}

/** The tags of a resource, sorted by key. */
export function readTags(db: Database.Database, arn: string): Tag[] {
  return (db.prepare('SELECT key, value FROM search_tags WHERE arn = ? ORDER BY key').all(arn) as Array<{ key: string; value: string }>).map((row) => ({
    Key: row.key,
    Value: row.value,
  }));
}

/**
 * Adds or overwrites tags on a resource; refuses (and changes nothing) when the resource
 * would carry more than {@link MAX_TAGS} tags. Keys starting with `aws:` are reserved.
 */
export function addTags(db: Database.Database, arn: string, tags: readonly Tag[]): void {
  for (const tag of tags) {
    if (tag.Key.toLowerCase().startsWith('aws:')) throw invalid(`The tag key ${tag.Key} uses the reserved prefix aws:.`);
  }
  const existing = new Set(readTags(db, arn).map((tag) => tag.Key));
  for (const tag of tags) existing.add(tag.Key);
  if (existing.size > MAX_TAGS) {
    throw invalid(`A resource can have at most ${MAX_TAGS} tags; this request would leave ${existing.size}.`);
  }
  const upsert = db.prepare('INSERT INTO search_tags (arn, key, value) VALUES (?, ?, ?) ON CONFLICT (arn, key) DO UPDATE SET value = excluded.value');
  for (const tag of tags) upsert.run(arn, tag.Key, tag.Value);
}

/** Removes the tags with the given keys (absent keys are fine). */
export function removeTags(db: Database.Database, arn: string, keys: readonly string[]): void {
  const remove = db.prepare('DELETE FROM search_tags WHERE arn = ? AND key = ?');
  for (const key of keys) remove.run(arn, key);
}

/** Removes every tag of a resource and of the resources under it (`<arn>/…`). */
export function dropTags(db: Database.Database, arn: string): void {
  db.prepare("DELETE FROM search_tags WHERE arn = ? OR arn LIKE ? ESCAPE '\\'").run(arn, `${arn.replace(/[\\%_]/g, '\\$&')}/%`);
}
