import type { ProjectDetails } from '../../services/mobile/types.js';
import type { ProjectRecord } from './project-store.js';
import type { ProjectResource } from './resource-names.js';

/** A project's state at `now`: IMPORTING while an import is processed, then NORMAL. */
export function projectState(project: ProjectRecord, now: number): 'NORMAL' | 'IMPORTING' {
  return now < project.importUntil ? 'IMPORTING' : 'NORMAL';
}

/** The API's `ProjectDetails` of a project. */
export function projectDetails(project: ProjectRecord, resources: ProjectResource[], now: number): ProjectDetails {
  return {
    name: project.name,
    projectId: project.projectId,
    region: project.region,
    state: projectState(project, now),
    createdDate: new Date(project.createdAt),
    lastUpdatedDate: new Date(project.updatedAt),
    resources,
  };
}

/** Resource types whose data would be lost with them; DeleteProject leaves them in place (orphaned). */
export const DATA_RESOURCE_TYPES: ReadonlySet<string> = new Set([
  'AWS::DynamoDB::Table',
  'AWS::S3::Bucket',
  'AWS::Cognito::UserPool',
]);
