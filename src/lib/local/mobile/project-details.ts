import type { ProjectDetails } from '../../services/mobile/types.js';
import type { ProjectRecord } from './project-store.js';
import type { ProjectResource } from './resource-names.js';

/** A project's state at `now`: IMPORTING while an import is processed, then NORMAL. */
export function projectState(project: ProjectRecord, now: number): 'NORMAL' | 'IMPORTING' {
  return now < project.importUntil ? 'IMPORTING' : 'NORMAL';
}

/**
 * The address of a project in the Mobile Hub console, in the form that console used
 * (`https://console.aws.amazon.com/mobilehub/home?region=<region>#/<projectId>/build`).
 */
export function consoleUrl(projectId: string, region: string): string {
  return `https://console.aws.amazon.com/mobilehub/home?region=${encodeURIComponent(region)}#/${encodeURIComponent(projectId)}/build`;
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
    consoleUrl: consoleUrl(project.projectId, project.region),
    resources,
  };
}

/** Resource types whose data would be lost with them; DeleteProject leaves them in place (orphaned). */
export const DATA_RESOURCE_TYPES: ReadonlySet<string> = new Set(['AWS::DynamoDB::Table', 'AWS::S3::Bucket', 'AWS::Cognito::UserPool']);
