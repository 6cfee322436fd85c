import type { MobileOperations } from '../../services/mobile/types.js';
import { wireOutput } from '../protocol/json-output.js';
import type { LocalContext, LocalRequest, LocalResponse } from '../types.js';
import { describeBundle, exportBundle, listBundles } from './bundle-operations.js';
import { downloadBundle, downloadSnapshot, exportProject } from './export-operations.js';
import { mobileModel } from './model.js';
import { createProject, deleteProject, describeProject, listProjects, updateProject } from './project-operations.js';
import { booleanParam, maxResultsParam, optionalParam, pathSegment, requiredParam } from './request-params.js';

/** Serves one request; `params` are the decoded path parameters. */
type Serve = (ctx: LocalContext, req: LocalRequest, params: string[]) => Promise<LocalResponse>;

/** One operation of the mobile API (or a download) and where it is served. */
export interface Route {
  operation: keyof MobileOperations | 'DownloadSnapshot' | 'DownloadBundle';
  method: string;
  pattern: RegExp;
  serve: Serve;
}

/**
 * An operation of the API: `read` takes its input (the generated request type) from the query
 * string, the path parameters and the body; `handle` answers with its output (the generated
 * result type), written as a 200 JSON answer against the model's output shape.
 */
function api<Op extends keyof MobileOperations, Input>(
  operation: Op,
  method: string,
  pattern: RegExp,
  read: (req: LocalRequest, params: string[]) => Input,
  handle: (ctx: LocalContext, req: LocalRequest, input: Input) => Promise<MobileOperations[Op]['output']>,
): Route {
  const serve: Serve = async (ctx, req, params) => {
    const output = await handle(ctx, req, read(req, params));
    return { status: 200, headers: { 'content-type': 'application/json' }, body: wireOutput(mobileModel().operation(operation)!, output) };
  };
  return { operation, method, pattern, serve };
}

/** The body as the `contents` member: absent when empty. */
const contents = (req: LocalRequest) => (req.body.length > 0 ? req.body : undefined);
/** The page of a listing: `maxResults` (the maximum when absent) and `nextToken`. */
const page = (req: LocalRequest) => ({ maxResults: maxResultsParam(req.query), nextToken: optionalParam(req.query, 'nextToken') });

const ID = '([^/]+)';

/** The REST-JSON routes of the mobile API (model 2017-07-01) and of the downloads it hands out. */
export const ROUTES: readonly Route[] = [
  api(
    'CreateProject',
    'POST',
    /^\/projects$/,
    (req) => ({
      snapshotId: optionalParam(req.query, 'snapshotId'),
      name: optionalParam(req.query, 'name'),
      region: optionalParam(req.query, 'region'),
      contents: contents(req),
    }),
    createProject,
  ),
  api('ListProjects', 'GET', /^\/projects$/, page, listProjects),
  api('DeleteProject', 'DELETE', new RegExp(`^/projects/${ID}$`), (_req, [projectId]) => ({ projectId: projectId! }), deleteProject),
  api(
    'DescribeProject',
    'GET',
    /^\/project$/,
    (req) => ({ projectId: requiredParam(req.query, 'projectId'), syncFromResources: booleanParam(req.query, 'syncFromResources') }),
    describeProject,
  ),
  api('UpdateProject', 'POST', /^\/update$/, (req) => ({ projectId: requiredParam(req.query, 'projectId'), contents: contents(req) }), updateProject),
  api('ExportProject', 'POST', new RegExp(`^/exports/${ID}$`), (_req, [projectId]) => ({ projectId: projectId! }), exportProject),
  api('ListBundles', 'GET', /^\/bundles$/, page, listBundles),
  api('DescribeBundle', 'GET', new RegExp(`^/bundles/${ID}$`), (_req, [bundleId]) => ({ bundleId: bundleId! }), describeBundle),
  api(
    'ExportBundle',
    'POST',
    new RegExp(`^/bundles/${ID}$`),
    (req, [bundleId]) => ({ bundleId: bundleId!, platform: optionalParam(req.query, 'platform'), projectId: optionalParam(req.query, 'projectId') }),
    exportBundle,
  ),
  { operation: 'DownloadSnapshot', method: 'GET', pattern: /^\/downloads\/exports\/([^/]+)\.zip$/, serve: downloadSnapshot },
  { operation: 'DownloadBundle', method: 'GET', pattern: /^\/downloads\/bundles\/([^/]+)\.zip$/, serve: downloadBundle },
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

/** Serves a matched route with its path parameters decoded. */
export function runRoute(ctx: LocalContext, req: LocalRequest, found: { route: Route; raw: string[] }): Promise<LocalResponse> {
  return found.route.serve(ctx, req, found.raw.map(pathSegment));
}
