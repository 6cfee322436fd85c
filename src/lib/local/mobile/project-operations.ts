import { randomUUID } from 'node:crypto';
import { encodePageToken } from '../protocol/page-token.js';
import type {
  CreateProjectRequest,
  CreateProjectResult,
  DeleteProjectRequest,
  DeleteProjectResult,
  DescribeProjectRequest,
  DescribeProjectResult,
  ListProjectsRequest,
  ListProjectsResult,
  UpdateProjectRequest,
  UpdateProjectResult,
} from '../../services/mobile/types.js';
import type { LocalContext, LocalRequest } from '../types.js';
import { decodeContents } from './contents.js';
import { DownloadStore } from './download-store.js';
import { mobileError, badRequest, notFound } from './mobile-error.js';
import { DATA_RESOURCE_TYPES, projectDetails, projectState } from './project-details.js';
import { checkImportCapacity, checkName, checkRegion } from './project-rules.js';
import { ProjectStore, type ProjectCursor, type ProjectRecord } from './project-store.js';
import { emptyProjectYaml, parseProjectYaml, renderProjectYaml, type ProjectDefinition } from './project-yaml.js';
import { mapResources } from './resource-mapping.js';
import { projectPrefix, ResourceNamer } from './resource-names.js';
import { decodeToken } from './request-params.js';

/** The name of a project created without a name anywhere. */
const DEFAULT_PROJECT_NAME = 'mobile-project';

/** A request whose `contents` is the body as received. */
export type WithContents<Request> = Request & { contents?: Buffer };

/** A listing request whose page size was resolved (the maximum when absent). */
export type Paged<Request> = Request & { maxResults: number };

/** CreateProject: from nothing, from `contents` (zip or YAML) or from an exported `snapshotId`. */
export async function createProject(ctx: LocalContext, req: LocalRequest, input: WithContents<CreateProjectRequest>): Promise<CreateProjectResult> {
  const { snapshotId } = input;
  if (snapshotId !== undefined && input.contents !== undefined) throw badRequest('give contents or snapshotId, not both');
  let imported: ProjectDefinition | undefined;
  if (snapshotId !== undefined) {
    const snapshot = new DownloadStore(ctx.db).snapshot(req.accountId, snapshotId);
    if (snapshot === undefined) throw notFound(`snapshot ${snapshotId} does not exist`);
    imported = parseProjectYaml(snapshot.definition);
  } else if (input.contents !== undefined) {
    imported = await decodeContents(input.contents);
  }
  const name = checkName(input.name ?? imported?.name ?? DEFAULT_PROJECT_NAME);
  const region = checkRegion(input.region ?? imported?.region ?? req.region);
  const definition = imported ?? parseProjectYaml(emptyProjectYaml(name, region));
  const projectId = randomUUID();
  const prefix = projectPrefix(name, projectId);
  const resources = mapResources(definition, new ResourceNamer(projectId, prefix, region, req.accountId));
  const now = ctx.now().getTime();
  const project: ProjectRecord = {
    projectId,
    accountId: req.accountId,
    name,
    region,
    prefix,
    definition: renderProjectYaml(definition, name, region),
    createdAt: now,
    updatedAt: now,
    importUntil: imported === undefined ? 0 : now + ctx.createDelay * 1000,
  };
  const store = new ProjectStore(ctx.db);
  ctx.db
    .transaction(() => {
      if (imported !== undefined) checkImportCapacity(store, req.accountId, now);
      store.insert(project, resources);
    })
    .immediate();
  return { details: projectDetails(project, resources, now) };
}

/** DescribeProject; with `syncFromResources`, the resources are derived again from the stored definition. */
export async function describeProject(ctx: LocalContext, req: LocalRequest, input: DescribeProjectRequest): Promise<DescribeProjectResult> {
  const { projectId } = input;
  const sync = input.syncFromResources === true;
  const store = new ProjectStore(ctx.db);
  const project = findProject(store, req, projectId);
  const now = ctx.now().getTime();
  let resources = store.resources(project.projectId);
  if (sync) {
    const derived = mapResources(parseProjectYaml(project.definition), namer(project));
    if (JSON.stringify(derived) !== JSON.stringify(resources)) {
      project.updatedAt = Math.max(now, project.updatedAt + 1);
      store.update(project, derived);
      resources = derived;
    }
  }
  return { details: projectDetails(project, resources, now) };
}

/** UpdateProject: new `contents` replace the definition; the resources are derived again. */
export async function updateProject(ctx: LocalContext, req: LocalRequest, input: WithContents<UpdateProjectRequest>): Promise<UpdateProjectResult> {
  const store = new ProjectStore(ctx.db);
  const { projectId, contents } = input;
  const before = findProject(store, req, projectId);
  if (contents === undefined) throw badRequest('contents are required: a zip with mobile-hub-project.yml, or that YAML');
  checkNotImporting(before, ctx.now().getTime());
  const definition = await decodeContents(contents);
  const project = findProject(store, req, projectId);
  const now = ctx.now().getTime();
  checkNotImporting(project, now);
  if (definition.region !== undefined && definition.region !== project.region) {
    throw mobileError(
      'AccountActionRequiredException',
      `the contents are for region ${definition.region} but project ${projectId} is in ${project.region}; moving a project between regions needs an account action: export it and create it in ${definition.region}`,
    );
  }
  if (definition.name !== undefined) project.name = checkName(definition.name);
  const resources = mapResources(definition, namer(project));
  project.definition = renderProjectYaml(definition, project.name, project.region);
  project.updatedAt = Math.max(now, project.updatedAt + 1);
  project.importUntil = now + ctx.createDelay * 1000;
  ctx.db
    .transaction(() => {
      checkImportCapacity(store, req.accountId, now);
      store.update(project, resources);
    })
    .immediate();
  return { details: projectDetails(project, resources, now) };
}

/** DeleteProject: data-bearing resources are reported orphaned, the others deleted. */
export async function deleteProject(ctx: LocalContext, req: LocalRequest, input: DeleteProjectRequest): Promise<DeleteProjectResult> {
  const store = new ProjectStore(ctx.db);
  const project = findProject(store, req, input.projectId);
  const resources = store.resources(project.projectId);
  store.delete(project.projectId);
  return {
    deletedResources: resources.filter((r) => !DATA_RESOURCE_TYPES.has(r.type)),
    orphanedResources: resources.filter((r) => DATA_RESOURCE_TYPES.has(r.type)),
  };
}

/** ListProjects: the account's projects, oldest first, paginated with an opaque `nextToken`. */
export async function listProjects(ctx: LocalContext, req: LocalRequest, input: Paged<ListProjectsRequest>): Promise<ListProjectsResult> {
  const limit = input.maxResults;
  const after = decodeToken(input.nextToken, 'projects', isCursor);
  const rows = new ProjectStore(ctx.db).list(req.accountId, after, limit + 1);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    projects: page.map((p) => ({ name: p.name, projectId: p.projectId })),
    ...(rows.length > limit && last ? { nextToken: encodePageToken('projects', { createdAt: last.createdAt, projectId: last.projectId }) } : {}),
  };
}

/** A project of the request's account, or a `NotFoundException`. */
export function findProject(store: ProjectStore, req: LocalRequest, projectId: string): ProjectRecord {
  const project = store.get(req.accountId, projectId);
  if (project === undefined) throw notFound(`project ${projectId} does not exist`);
  return project;
}

function namer(project: ProjectRecord): ResourceNamer {
  return new ResourceNamer(project.projectId, project.prefix, project.region, project.accountId);
}

function checkNotImporting(project: ProjectRecord, now: number): void {
  if (projectState(project, now) === 'IMPORTING') {
    throw badRequest(`project ${project.projectId} is still importing; update it once its state is NORMAL`);
  }
}

function isCursor(value: unknown): value is ProjectCursor {
  const cursor = value as ProjectCursor;
  return typeof value === 'object' && value !== null && Number.isFinite(cursor.createdAt) && typeof cursor.projectId === 'string';
}
