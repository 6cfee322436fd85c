import type Database from 'better-sqlite3';
import { unquote } from './fts-expression.js';
import { sql } from '../core/statements.js';
import { ftsTermRows, ftsTerms } from './fts-terms.js';

/** The id of the record where FTS5 keeps its row count and column token totals. */
const AVERAGES_ID = 1;

/** The first SQLite varint (big-endian groups of 7 bits, a 9th byte whole) of `bytes`. */
function firstVarint(bytes: Uint8Array): number {
  let value = 0;
  for (let i = 0; i < 9 && i < bytes.length; i++) {
    const byte = bytes[i]!;
    if (i === 8) return value * 256 + byte;
    value = value * 128 + (byte & 0x7f);
    if ((byte & 0x80) === 0) break;
  }
  return value;
}

/** The number of rows of an FTS5 table as BM25 counts them, read from the record where FTS5 keeps it. */
export function ftsRowCount(db: Database.Database, table: string): number {
  const block = sql(db, `SELECT block FROM ${table}_data WHERE id = ?`).pluck().get(AVERAGES_ID) as Buffer | undefined;
  return block ? firstVarint(block) : 0;
}

/**
 * The number of rows of an FTS5 table that hold `phrase` (a quoted FTS5 phrase, maybe a
 * prefix), as FTS5's BM25 counts them: from the vocabulary for one word, else counted
 * without scoring.
 */
export function ftsPhraseHits(db: Database.Database, table: string, phrase: string): number {
  const { text, prefix } = unquote(phrase);
  if (!prefix) {
    const terms = ftsTerms(db, text);
    if (terms.length === 1) return ftsTermRows(db, table, terms[0]!);
  }
  return sql(db, `SELECT count(*) FROM ${table} WHERE ${table} MATCH ?`).pluck().get(phrase) as number;
}
