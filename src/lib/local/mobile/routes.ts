import type { LocalContext, LocalRequest, LocalResponse } from '../types.js';
import { describeBundle, exportBundle, listBundles } from './bundle-operations.js';
import { downloadBundle, downloadSnapshot, exportProject } from './export-operations.js';
import { createProject, deleteProject, describeProject, listProjects, updateProject } from './project-operations.js';
import { pathSegment } from './request-params.js';

/** Serves one operation; `params` are the decoded path parameters. */
export type OperationHandler = (ctx: LocalContext, req: LocalRequest, params: string[]) => Promise<LocalResponse>;

/** One operation of the mobile API (or a download) and where it is served. */
export interface Route {
  operation: string;
  method: string;
  pattern: RegExp;
  handler: OperationHandler;
}

const ID = '([^/]+)';

/** The REST-JSON routes of the mobile API (model 2017-07-01) and of the downloads it hands out. */
export const ROUTES: readonly Route[] = [
  { operation: 'CreateProject', method: 'POST', pattern: /^\/projects$/, handler: createProject },
  { operation: 'ListProjects', method: 'GET', pattern: /^\/projects$/, handler: listProjects },
  { operation: 'DeleteProject', method: 'DELETE', pattern: new RegExp(`^/projects/${ID}$`), handler: deleteProject },
  { operation: 'DescribeProject', method: 'GET', pattern: /^\/project$/, handler: describeProject },
  { operation: 'UpdateProject', method: 'POST', pattern: /^\/update$/, handler: updateProject },
  { operation: 'ExportProject', method: 'POST', pattern: new RegExp(`^/exports/${ID}$`), handler: exportProject },
  { operation: 'ListBundles', method: 'GET', pattern: /^\/bundles$/, handler: listBundles },
  { operation: 'DescribeBundle', method: 'GET', pattern: new RegExp(`^/bundles/${ID}$`), handler: describeBundle },
  { operation: 'ExportBundle', method: 'POST', pattern: new RegExp(`^/bundles/${ID}$`), handler: exportBundle },
  { operation: 'DownloadSnapshot', method: 'GET', pattern: /^\/downloads\/exports\/([^/]+)\.zip$/, handler: downloadSnapshot },
  { operation: 'DownloadBundle', method: 'GET', pattern: /^\/downloads\/bundles\/([^/]+)\.zip$/, handler: downloadBundle },
];

/** The route of a request and its raw (still percent-encoded) path parameters, or undefined. */
export function findRoute(method: string, path: string): { route: Route; raw: string[] } | undefined {
  for (const route of ROUTES) {
    if (route.method !== method.toUpperCase()) continue;
    const match = route.pattern.exec(path);
    if (match) return { route, raw: match.slice(1) };
  }
  return undefined;
}

/** Runs the handler of a matched route with its path parameters decoded. */
export function runRoute(ctx: LocalContext, req: LocalRequest, found: { route: Route; raw: string[] }): Promise<LocalResponse> {
  return found.route.handler(ctx, req, found.raw.map(pathSegment));
}
