import { randomUUID } from 'node:crypto';
import { encodePageToken } from '../protocol/page-token.js';
import type {
  DescribeBundleRequest,
  DescribeBundleResult,
  ExportBundleRequest,
  ExportBundleResult,
  ListBundlesRequest,
  ListBundlesResult,
} from '../../services/mobile/types.js';
import type { LocalContext, LocalRequest } from '../types.js';
import { BUNDLES, bundleDetails, PLATFORMS, type Bundle, type Platform } from './bundle-catalogue.js';
import type { ConfigSource } from './bundle-config.js';
import { DownloadStore } from './download-store.js';
import { bundlePath, presignedDownloadUrl } from './download-urls.js';
import { DOWNLOAD_URL_SECONDS } from './limits.js';
import { badRequest, notFound } from './mobile-error.js';
import { findProject, type Paged } from './project-operations.js';
import { ProjectStore } from './project-store.js';
import { decodeToken } from './request-params.js';
import { buildZip, type ZipFileEntry } from './zip-writer.js';

function findBundle(bundleId: string): Bundle {
  const bundle = BUNDLES.find((b) => b.bundleId === bundleId);
  if (bundle === undefined) throw notFound(`bundle ${bundleId} does not exist`);
  return bundle;
}

/** DescribeBundle. */
export async function describeBundle(_ctx: LocalContext, _req: LocalRequest, input: DescribeBundleRequest): Promise<DescribeBundleResult> {
  return { details: bundleDetails(findBundle(input.bundleId)) };
}

/** ListBundles: the catalogue, paginated with an opaque `nextToken`. */
export async function listBundles(_ctx: LocalContext, _req: LocalRequest, input: Paged<ListBundlesRequest>): Promise<ListBundlesResult> {
  const limit = input.maxResults;
  const after = decodeToken(input.nextToken, 'bundles', (p): p is number => Number.isInteger(p) && (p as number) >= 0);
  const start = after ?? 0;
  const page = BUNDLES.slice(start, start + limit);
  const next = start + page.length;
  return {
    bundleList: page.map(bundleDetails),
    ...(next < BUNDLES.length ? { nextToken: encodePageToken('bundles', next) } : {}),
  };
}

/** An ExportBundle request whose `platform` is not checked yet (the bundle is looked up first). */
export type ExportBundleInput = Omit<ExportBundleRequest, 'platform'> & { platform?: string };

/**
 * ExportBundle: builds the bundle's zip for `platform` (for every
 * platform of the bundle, one folder each, when none is given), filled with the resources of
 * `projectId` when given, and returns a download URL valid for an hour.
 */
export async function exportBundle(ctx: LocalContext, req: LocalRequest, input: ExportBundleInput): Promise<ExportBundleResult> {
  const bundle = findBundle(input.bundleId);
  const { platform } = input;
  if (platform !== undefined && !(PLATFORMS as readonly string[]).includes(platform)) {
    throw badRequest(`platform must be one of ${PLATFORMS.join(', ')}, not ${platform}`);
  }
  if (platform !== undefined && !(bundle.availablePlatforms as string[]).includes(platform)) {
    throw badRequest(`bundle ${bundle.bundleId} is available for ${bundle.availablePlatforms.join(', ')}, not ${platform}`);
  }
  const { projectId } = input;
  let source: ConfigSource = { region: req.region, resources: [] };
  if (projectId !== undefined) {
    const store = new ProjectStore(ctx.db);
    const project = findProject(store, req, projectId);
    source = { projectId, projectName: project.name, region: project.region, resources: store.resources(projectId) };
  }
  const files: ZipFileEntry[] =
    platform !== undefined
      ? bundle.files(platform as Platform, source)
      : bundle.availablePlatforms.flatMap((p) => bundle.files(p, source).map((file) => ({ ...file, name: `${p.toLowerCase()}/${file.name}` })));
  const now = ctx.now();
  const zip = await buildZip(files, now);
  const downloadId = randomUUID();
  new DownloadStore(ctx.db).putBundle(
    {
      downloadId,
      accountId: req.accountId,
      accessKey: req.accessKey,
      bundleId: bundle.bundleId,
      fileName: `${bundle.bundleId}${platform ? `-${platform.toLowerCase()}` : ''}.zip`,
      zip,
      expiresAt: now.getTime() + DOWNLOAD_URL_SECONDS * 1000,
    },
    now.getTime(),
  );
  return { downloadUrl: presignedDownloadUrl(ctx, req, bundlePath(downloadId), DOWNLOAD_URL_SECONDS) };
}
