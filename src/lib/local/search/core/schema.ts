import type { Migration } from '../../types.js';
import { featuredResultsMigration } from './migrations/featured-results.js';
import { queryLogMigration } from './migrations/query-log.js';
import { querySuggestionsMigration } from './migrations/query-suggestions.js';
import { accessControlConfigurationsMigration } from './migrations/access-control-configurations.js';
import { experiencesMigration } from './migrations/experiences.js';
import { principalMappingsMigration } from './migrations/principal-mappings.js';
import { documentFailures } from './migrations/document-failures.js';
import { languageIndexMigration } from './migrations/language-index.js';
import { otherLanguageIndexMigration } from './migrations/other-language-index.js';
import { syncFailuresMigration } from './migrations/sync-failures.js';
import { rankingTiersMigration } from './migrations/ranking-tiers.js';
import { cjkWordsMigration } from './migrations/cjk-words.js';
import { documentTablesMigration } from './migrations/document-tables.js';
import { crawlFrontierMigration } from './migrations/crawl-frontier.js';
import { semanticPassagesMigration } from './migrations/semantic-passages.js';
import { impactTokensMigration } from './migrations/impact-tokens.js';

/**
 * The search module's tables. Times are epoch milliseconds. Every index has its own FTS5
 * tables for documents and FAQ entries, created with the index (see `fts-tables.ts`).
 * `search_doc_changes` logs which documents changed, so that every process refreshes its
 * in-memory attribute cache incrementally.
 */
export const searchMigrations: Migration[] = [
  {
    version: 1,
    up(db) {
      db.exec(`
        CREATE TABLE search_indices (
          rowid INTEGER PRIMARY KEY AUTOINCREMENT,
          id TEXT NOT NULL UNIQUE,
          region TEXT NOT NULL,
          name TEXT NOT NULL,
          edition TEXT NOT NULL,
          role_arn TEXT,
          description TEXT,
          settings TEXT NOT NULL,
          fields TEXT NOT NULL,
          created_at INTEGER NOT NULL,
          updated_at INTEGER NOT NULL,
          busy_state TEXT NOT NULL,
          busy_until INTEGER NOT NULL,
          deleted_at INTEGER,
          doc_count INTEGER NOT NULL DEFAULT 0,
          text_bytes INTEGER NOT NULL DEFAULT 0
        );
        CREATE INDEX search_indices_region ON search_indices (region, created_at);

        CREATE TABLE search_idempotency (
          scope TEXT NOT NULL,
          token TEXT NOT NULL,
          request_hash TEXT NOT NULL,
          result_id TEXT NOT NULL,
          created_at INTEGER NOT NULL,
          PRIMARY KEY (scope, token)
        );

        CREATE TABLE search_documents (
          rowid INTEGER PRIMARY KEY,
          index_rowid INTEGER NOT NULL,
          doc_id TEXT NOT NULL,
          title TEXT,
          content_type TEXT,
          source_uri TEXT,
          data_source_id TEXT,
          attributes TEXT NOT NULL,
          acl TEXT,
          content_hash TEXT NOT NULL,
          text_bytes INTEGER NOT NULL,
          view_count INTEGER NOT NULL DEFAULT 0,
          created_at INTEGER NOT NULL,
          updated_at INTEGER NOT NULL,
          UNIQUE (index_rowid, doc_id)
        );
        CREATE INDEX search_documents_source ON search_documents (index_rowid, data_source_id);

        CREATE TABLE search_doc_changes (
          seq INTEGER PRIMARY KEY AUTOINCREMENT,
          index_rowid INTEGER NOT NULL,
          doc_rowid INTEGER NOT NULL
        );
        CREATE INDEX search_doc_changes_index ON search_doc_changes (index_rowid, seq);

        CREATE TABLE search_faqs (
          rowid INTEGER PRIMARY KEY,
          index_rowid INTEGER NOT NULL,
          id TEXT NOT NULL UNIQUE,
          name TEXT NOT NULL,
          description TEXT,
          s3_bucket TEXT NOT NULL,
          s3_key TEXT NOT NULL,
          role_arn TEXT NOT NULL,
          file_format TEXT NOT NULL,
          language_code TEXT NOT NULL,
          final_status TEXT NOT NULL,
          error_message TEXT,
          created_at INTEGER NOT NULL,
          updated_at INTEGER NOT NULL,
          busy_state TEXT NOT NULL,
          busy_until INTEGER NOT NULL,
          deleted_at INTEGER
        );
        CREATE INDEX search_faqs_index ON search_faqs (index_rowid, created_at);

        CREATE TABLE search_faq_items (
          rowid INTEGER PRIMARY KEY,
          faq_rowid INTEGER NOT NULL,
          index_rowid INTEGER NOT NULL,
          question TEXT NOT NULL,
          answer TEXT NOT NULL,
          source_uri TEXT,
          attributes TEXT NOT NULL
        );
        CREATE INDEX search_faq_items_faq ON search_faq_items (faq_rowid);

        CREATE TABLE search_thesauri (
          rowid INTEGER PRIMARY KEY,
          index_rowid INTEGER NOT NULL,
          id TEXT NOT NULL UNIQUE,
          name TEXT NOT NULL,
          description TEXT,
          role_arn TEXT NOT NULL,
          s3_bucket TEXT NOT NULL,
          s3_key TEXT NOT NULL,
          rules TEXT NOT NULL,
          term_count INTEGER NOT NULL,
          rule_count INTEGER NOT NULL,
          file_size INTEGER NOT NULL,
          final_status TEXT NOT NULL,
          error_message TEXT,
          created_at INTEGER NOT NULL,
          updated_at INTEGER NOT NULL,
          busy_state TEXT NOT NULL,
          busy_until INTEGER NOT NULL,
          deleted_at INTEGER
        );
        CREATE INDEX search_thesauri_index ON search_thesauri (index_rowid, created_at);

        CREATE TABLE search_data_sources (
          rowid INTEGER PRIMARY KEY,
          index_rowid INTEGER NOT NULL,
          id TEXT NOT NULL UNIQUE,
          name TEXT NOT NULL,
          type TEXT NOT NULL,
          settings TEXT NOT NULL,
          description TEXT,
          schedule TEXT,
          role_arn TEXT,
          language_code TEXT NOT NULL,
          created_at INTEGER NOT NULL,
          updated_at INTEGER NOT NULL,
          busy_state TEXT NOT NULL,
          busy_until INTEGER NOT NULL,
          deleted_at INTEGER,
          next_run_at INTEGER
        );
        CREATE INDEX search_data_sources_index ON search_data_sources (index_rowid, created_at);

        CREATE TABLE search_sync_jobs (
          rowid INTEGER PRIMARY KEY,
          ds_rowid INTEGER NOT NULL,
          execution_id TEXT NOT NULL UNIQUE,
          status TEXT NOT NULL,
          start_time INTEGER NOT NULL,
          end_time INTEGER,
          error_code TEXT,
          error_message TEXT,
          data_source_error_code TEXT,
          added INTEGER NOT NULL DEFAULT 0,
          modified INTEGER NOT NULL DEFAULT 0,
          deleted INTEGER NOT NULL DEFAULT 0,
          failed INTEGER NOT NULL DEFAULT 0,
          scanned INTEGER NOT NULL DEFAULT 0,
          phase TEXT NOT NULL,
          not_before INTEGER NOT NULL,
          lease_owner TEXT,
          lease_until INTEGER NOT NULL DEFAULT 0
        );
        CREATE INDEX search_sync_jobs_ds ON search_sync_jobs (ds_rowid, start_time);
        CREATE INDEX search_sync_jobs_open ON search_sync_jobs (status) WHERE status IN ('SYNCING', 'STOPPING');

        CREATE TABLE search_sync_items (
          job_rowid INTEGER NOT NULL,
          key TEXT NOT NULL,
          done INTEGER NOT NULL DEFAULT 0,
          doc_id TEXT,
          PRIMARY KEY (job_rowid, key)
        );

        CREATE TABLE search_tags (
          arn TEXT NOT NULL,
          key TEXT NOT NULL,
          value TEXT NOT NULL,
          PRIMARY KEY (arn, key)
        );

        CREATE TABLE search_queries (
          query_id TEXT PRIMARY KEY,
          index_rowid INTEGER NOT NULL,
          query_key TEXT NOT NULL,
          visitor_id TEXT,
          results TEXT NOT NULL,
          created_at INTEGER NOT NULL
        );
        CREATE INDEX search_queries_age ON search_queries (created_at);

        CREATE TABLE search_relevance (
          index_rowid INTEGER NOT NULL,
          query_key TEXT NOT NULL,
          doc_key TEXT NOT NULL,
          score INTEGER NOT NULL,
          PRIMARY KEY (index_rowid, query_key, doc_key)
        );
      `);
    },
  },
  {
    version: 2,
    up(db) {
      db.exec('CREATE INDEX search_documents_acl ON search_documents (index_rowid) WHERE acl IS NOT NULL');
    },
  },
  queryLogMigration,
  querySuggestionsMigration,
  featuredResultsMigration,
  accessControlConfigurationsMigration,
  principalMappingsMigration,
  experiencesMigration,
  documentFailures,
  syncFailuresMigration,
  languageIndexMigration,
  rankingTiersMigration,
  otherLanguageIndexMigration,
  cjkWordsMigration,
  documentTablesMigration,
  crawlFrontierMigration,
  semanticPassagesMigration,
  impactTokensMigration,
];
