import type Database from 'better-sqlite3';

/** An exported snapshot of a project: its definition and the zip that was handed out. */
export interface SnapshotRecord {
  snapshotId: string;
  accountId: string;
  /** The access key the snapshot was exported with; its download URLs are signed with it. */
  accessKey: string;
  projectId: string;
  name: string;
  region: string;
  definition: string;
  zip: Buffer;
  createdAt: number;
}

/** A bundle zip built by ExportBundle, kept until its download URL expires. */
export interface BundleDownloadRecord {
  downloadId: string;
  accountId: string;
  accessKey: string;
  bundleId: string;
  fileName: string;
  zip: Buffer;
  expiresAt: number;
}

/** Snapshots and bundle downloads in the shared SQLite database. */
export class DownloadStore {
  constructor(private readonly db: Database.Database) {}

  /** Stores a snapshot. */
  putSnapshot(snapshot: SnapshotRecord): void {
    this.db
      .prepare(
        `INSERT INTO mobile_snapshots (snapshot_id, account_id, access_key, project_id, name, region, definition, zip, created_at)
         VALUES (@snapshotId, @accountId, @accessKey, @projectId, @name, @region, @definition, @zip, @createdAt)`,
      )
      .run(snapshot);
  }

  /** A snapshot of the account, or undefined. */
  snapshot(accountId: string, snapshotId: string): SnapshotRecord | undefined {
    return this.db
      .prepare(
        `SELECT snapshot_id AS snapshotId, account_id AS accountId, access_key AS accessKey, project_id AS projectId,
         name, region, definition, zip, created_at AS createdAt FROM mobile_snapshots
         WHERE account_id = ? AND snapshot_id = ?`,
      )
      .get(accountId, snapshotId) as SnapshotRecord | undefined;
  }

  /** Stores a bundle download and forgets those that expired before `now`. */
  putBundle(download: BundleDownloadRecord, now: number): void {
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM mobile_bundle_downloads WHERE expires_at < ?').run(now);
      this.db
        .prepare(
          `INSERT INTO mobile_bundle_downloads (download_id, account_id, access_key, bundle_id, file_name, zip, expires_at)
           VALUES (@downloadId, @accountId, @accessKey, @bundleId, @fileName, @zip, @expiresAt)`,
        )
        .run(download);
    })();
  }

  /** A bundle download of the account, or undefined. */
  bundle(accountId: string, downloadId: string): BundleDownloadRecord | undefined {
    return this.db
      .prepare(
        `SELECT download_id AS downloadId, account_id AS accountId, access_key AS accessKey, bundle_id AS bundleId,
         file_name AS fileName, zip, expires_at AS expiresAt FROM mobile_bundle_downloads
         WHERE account_id = ? AND download_id = ?`,
      )
      .get(accountId, downloadId) as BundleDownloadRecord | undefined;
  }
}
