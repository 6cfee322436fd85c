import type { Migration } from '../../../types.js';

/**
 * What a web crawl's items need beyond an S3 key: how many links from a seed a URL is (its
 * depth, the seeds being 1) and whether it is a page or a sitemap.
 */
export const crawlFrontierMigration: Migration = {
  version: 16,
  up(db) {
    db.exec(`
      ALTER TABLE search_sync_items ADD COLUMN depth INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE search_sync_items ADD COLUMN kind TEXT NOT NULL DEFAULT 'object';
    `);
  },
};
