import { randomUUID } from 'node:crypto';
import type { ExportProjectRequest, ExportProjectResult } from '../../services/mobile/types.js';
import type { LocalContext, LocalRequest, LocalResponse } from '../types.js';
import { DownloadStore } from './download-store.js';
import { presignedDownloadUrl, snapshotPath } from './download-urls.js';
import { DOWNLOAD_URL_SECONDS, SHARE_URL_SECONDS } from './limits.js';
import { mobileError, notFound } from './mobile-error.js';
import { findProject } from './project-operations.js';
import { ProjectStore } from './project-store.js';
import { PROJECT_FILE_NAME } from './project-yaml.js';
import { buildZip } from './zip-writer.js';

/**
 * ExportProject: stores a snapshot of the project's definition (a zip with
 * `mobile-hub-project.yml`) and returns its id, a download URL valid for an hour and a share
 * URL valid for a week.
 */
export async function exportProject(ctx: LocalContext, req: LocalRequest, input: ExportProjectRequest): Promise<ExportProjectResult> {
  const store = new ProjectStore(ctx.db);
  const project = findProject(store, req, input.projectId);
  const created = ctx.now();
  const zip = await buildZip([{ name: PROJECT_FILE_NAME, data: project.definition }], created);
  const snapshotId = randomUUID();
  const downloads = new DownloadStore(ctx.db);
  if (store.get(req.accountId, project.projectId) === undefined) throw notFound(`project ${project.projectId} does not exist`);
  downloads.putSnapshot({
    snapshotId,
    accountId: req.accountId,
    accessKey: req.accessKey,
    projectId: project.projectId,
    name: project.name,
    region: project.region,
    definition: project.definition,
    zip,
    createdAt: created.getTime(),
  });
  const path = snapshotPath(snapshotId);
  return {
    downloadUrl: presignedDownloadUrl(ctx, req, path, DOWNLOAD_URL_SECONDS),
    shareUrl: presignedDownloadUrl(ctx, req, path, SHARE_URL_SECONDS),
    snapshotId,
  };
}

/** GET of a snapshot's zip (`params`: the snapshot id). */
export async function downloadSnapshot(ctx: LocalContext, req: LocalRequest, params: string[]): Promise<LocalResponse> {
  const snapshot = new DownloadStore(ctx.db).snapshot(req.accountId, params[0]!);
  if (snapshot === undefined) throw notFound(`snapshot ${params[0]} does not exist`);
  checkIssuedTo(snapshot.accessKey, req);
  return zipResponse(snapshot.zip, `${snapshot.name}.zip`);
}

/** GET of a bundle zip made by ExportBundle (`params`: the download id). */
export async function downloadBundle(ctx: LocalContext, req: LocalRequest, params: string[]): Promise<LocalResponse> {
  const download = new DownloadStore(ctx.db).bundle(req.accountId, params[0]!);
  if (download === undefined || download.expiresAt < ctx.now().getTime()) {
    throw notFound(`bundle download ${params[0]} does not exist or has expired; export the bundle again`);
  }
  checkIssuedTo(download.accessKey, req);
  return zipResponse(download.zip, download.fileName);
}

function checkIssuedTo(accessKey: string, req: LocalRequest): void {
  if (accessKey !== req.accessKey) {
    throw mobileError('UnauthorizedException', 'this download was issued to another access key; use the URL the export returned');
  }
}

function zipResponse(zip: Buffer, fileName: string): LocalResponse {
  const safeName = fileName.replace(/[^A-Za-z0-9._-]+/g, '_');
  return {
    status: 200,
    headers: { 'content-type': 'application/zip', 'content-disposition': `attachment; filename="${safeName}"` },
    body: zip,
  };
}
