import type { ProjectRecord } from './project-store.js';
import type { ProjectResource } from './resource-names.js';

/** A project's state at `now`: IMPORTING while an import is processed, then NORMAL. */
export function projectState(project: ProjectRecord, now: number): 'NORMAL' | 'IMPORTING' {
  return now < project.importUntil ? 'IMPORTING' : 'NORMAL';
}

/** The API's `ProjectDetails` of a project (dates as epoch seconds, as REST-JSON sends them). */
export function projectDetails(project: ProjectRecord, resources: ProjectResource[], now: number): Record<string, unknown> {
  return {
    name: project.name,
    projectId: project.projectId,
    region: project.region,
    state: projectState(project, now),
    createdDate: project.createdAt / 1000,
    lastUpdatedDate: project.updatedAt / 1000,
    resources,
  };
}

/** Resource types whose data would be lost with them; DeleteProject leaves them in place (orphaned). */
export const DATA_RESOURCE_TYPES: ReadonlySet<string> = new Set([
  'AWS::DynamoDB::Table',
  'AWS::S3::Bucket',
  'AWS::Cognito::UserPool',
]);
