import type Database from 'better-sqlite3';
import { documentsFts } from '../core/fts-tables.js';
import { sql } from '../core/statements.js';
import { tokenize, type Token } from './analyzer.js';

/** How much of a long text is read for its words. */
const MAX_READ_CHARS = 100_000;

/** A document's text, read once, and its words when they are needed. */
interface ReadText {
  text: string;
  lower: string;
  tokens?: Token[];
}

/**
 * The words of the bodies of an index's documents as they are written (in lower case), found
 * through the terms the full-text table indexes them as: the written forms of a stem are read in
 * the bodies that hold it. Texts read are kept for the life of the object (one spelling check).
 */
export class SurfaceWords {
  private readonly texts = new Map<number, ReadText>();
  private readonly forms = new Map<string, Map<string, number>>();

  constructor(
    private readonly db: Database.Database,
    private readonly indexRowid: number,
    /** The fts5vocab `instance` table over the index's documents. */
    private readonly instances: string,
  ) {}

  /** Whether `word` (in lower case) is written in one of the first `maxDocs` documents holding `stem`, the term it is indexed as. */
  isWritten(word: string, stem: string, maxDocs: number): boolean {
    for (const doc of this.docsHolding(stem, maxDocs)) {
      const read = this.read(doc);
      // most documents do not have the word at all: only those that might are split into words
      if (
        read.lower.includes(word) &&
        this.tokensOf(read).some((token) => token.term === stem && read.text.slice(token.start, token.end).toLowerCase() === word)
      )
        return true;
    }
    return false;
  }

  /** The words indexed as `stem`, each with the number of documents (of the first `maxDocs` holding it) it is written in. */
  of(stem: string, maxDocs: number): Map<string, number> {
    const key = `${maxDocs}:${stem}`;
    const known = this.forms.get(key);
    if (known) return known;
    const found = new Map<string, number>();
    for (const doc of this.docsHolding(stem, maxDocs)) {
      const read = this.read(doc);
      const words = new Set(this.tokensOf(read).flatMap((token) => (token.term === stem ? [read.text.slice(token.start, token.end).toLowerCase()] : [])));
      for (const word of words) found.set(word, (found.get(word) ?? 0) + 1);
    }
    this.forms.set(key, found);
    return found;
  }

  private docsHolding(stem: string, maxDocs: number): number[] {
    return sql(this.db, `SELECT doc FROM ${this.instances} WHERE term = ? AND col = 'body' GROUP BY doc LIMIT ?`).pluck().all(stem, maxDocs) as number[];
  }

  private read(doc: number): ReadText {
    let read = this.texts.get(doc);
    if (!read) {
      const row = sql(this.db, `SELECT title, body, fields FROM ${documentsFts(this.indexRowid)} WHERE rowid = CAST(? AS INTEGER)`)
        .raw()
        .get(doc) as Array<string | null> | undefined;
      const text = (row ?? [])
        .map((column) => column ?? '')
        .join('\n')
        .slice(0, MAX_READ_CHARS);
      read = { text, lower: text.toLowerCase() };
      this.texts.set(doc, read);
    }
    return read;
  }

  private tokensOf(read: ReadText): Token[] {
    read.tokens ??= tokenize(read.text);
    return read.tokens;
  }
}
