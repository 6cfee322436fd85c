import type {
  CreateDataSourceRequest,
  CustomDocumentEnrichmentConfiguration,
  DataSourceConfiguration,
  DataSourceVpcConfiguration,
} from '../../../services/search/types.js';
import { parseCron } from '../core/cron.js';
import { invalid } from '../core/errors.js';
import { AccessControlError, aclFileLocation } from '../core/s3-acl-file.js';
import { CrawlConfigurationError, crawlSettings } from '../maintenance/web-crawler/crawl-settings.js';
import { MalformedTemplateError, readCrawlTemplate, templateType, WEB_CRAWLER_TEMPLATE_TYPE } from '../maintenance/web-crawler/crawl-template.js';

/** The `DataSourceConfiguration` member each data source type is configured with. */
const CONFIGURATION_MEMBER: Record<string, string> = {
  S3: 'S3Configuration',
  SHAREPOINT: 'SharePointConfiguration',
  DATABASE: 'DatabaseConfiguration',
  SALESFORCE: 'SalesforceConfiguration',
  ONEDRIVE: 'OneDriveConfiguration',
  SERVICENOW: 'ServiceNowConfiguration',
  CONFLUENCE: 'ConfluenceConfiguration',
  GOOGLEDRIVE: 'GoogleDriveConfiguration',
  WEBCRAWLER: 'WebCrawlerConfiguration',
  WORKDOCS: 'WorkDocsConfiguration',
  FSX: 'FsxConfiguration',
  SLACK: 'SlackConfiguration',
  BOX: 'BoxConfiguration',
  QUIP: 'QuipConfiguration',
  JIRA: 'JiraConfiguration',
  GITHUB: 'GitHubConfiguration',
  ALFRESCO: 'AlfrescoConfiguration',
  TEMPLATE: 'TemplateConfiguration',
};

/** The settings of a data source stored as given and described back. */
export interface DataSourceSettings {
  Configuration?: DataSourceConfiguration;
  VpcConfiguration?: DataSourceVpcConfiguration;
  /** Applied by its sync jobs to every document they index. */
  CustomDocumentEnrichmentConfiguration?: CustomDocumentEnrichmentConfiguration;
}

/** The members of a create or update request that configure a data source. */
export type DataSourceConfigInput = Pick<
  CreateDataSourceRequest,
  'Configuration' | 'VpcConfiguration' | 'RoleArn' | 'Schedule' | 'CustomDocumentEnrichmentConfiguration'
>;

/**
 * Checks a data source's configuration against its type, as the real service does: a CUSTOM
 * data source has no configuration, role or schedule; every other type needs a role and the
 * configuration member of its type (and only that one). Schedules are cron expressions.
 */
export function checkDataSourceConfig(type: string, input: DataSourceConfigInput, existing?: { role_arn: string | null }): void {
  if (input.Schedule !== undefined && input.Schedule !== '') {
    try {
      parseCron(input.Schedule);
    } catch (error) {
      throw invalid(`The Schedule ${input.Schedule} is not valid: ${(error as Error).message}.`);
    }
  }
  if (type === 'CUSTOM') {
    if (input.Configuration || input.RoleArn || input.Schedule || input.VpcConfiguration) {
      throw invalid('A CUSTOM data source has no Configuration, RoleArn, Schedule or VpcConfiguration.');
    }
    return;
  }
  if (!input.RoleArn && !existing?.role_arn) throw invalid(`A ${type} data source needs a RoleArn.`);
  const configuration = input.Configuration;
  if (!configuration) {
    if (!existing) throw invalid(`A ${type} data source needs a Configuration with ${CONFIGURATION_MEMBER[type]}.`);
    return;
  }
  const members = Object.entries(configuration).flatMap(([key, value]) => (value === undefined || value === null ? [] : [key]));
  const expected = CONFIGURATION_MEMBER[type]!;
  if (members.length !== 1 || members[0] !== expected) {
    throw invalid(`The Configuration of a ${type} data source has exactly one member, ${expected}; this one has ${members.join(', ') || 'none'}.`);
  }
  checkAclKeyPath(configuration.S3Configuration);
  checkWebCrawler(configuration.WebCrawlerConfiguration);
  checkTemplate(configuration.TemplateConfiguration);
}

/**
 * Refuses a template that is no JSON object with a `type`, and a WEBCRAWLERV2 template that
 * breaks the documented schema. A template the local service cannot run (another connector's,
 * or a sign-in it cannot do) is accepted, as Kendra accepts it: its sync fails with the reason.
 */
function checkTemplate(template: DataSourceConfiguration['TemplateConfiguration']): void {
  if (!template) return;
  try {
    if (templateType(template.Template) !== WEB_CRAWLER_TEMPLATE_TYPE) return;
    readCrawlTemplate(template.Template);
  } catch (error) {
    if (error instanceof MalformedTemplateError) throw invalid(error.message);
    if (!(error instanceof CrawlConfigurationError)) throw error;
  }
}

/** Refuses a web crawler configuration that cannot run: no seed and no sitemap, or a URL pattern that is not a regular expression. */
function checkWebCrawler(webCrawler: DataSourceConfiguration['WebCrawlerConfiguration']): void {
  if (!webCrawler) return;
  try {
    crawlSettings(webCrawler);
  } catch (error) {
    if (error instanceof CrawlConfigurationError) throw invalid(error.message);
    throw error;
  }
}

/** Refuses an S3 `AccessControlListConfiguration.KeyPath` that cannot name a file (`s3://bucket` without a key). */
function checkAclKeyPath(s3: DataSourceConfiguration['S3Configuration']): void {
  const keyPath = s3?.AccessControlListConfiguration?.KeyPath;
  if (!s3 || !keyPath) return;
  try {
    aclFileLocation(keyPath, s3.BucketName);
  } catch (error) {
    if (error instanceof AccessControlError) throw invalid(`${error.message.replace(/\.$/, '')}.`);
    throw error;
  }
}
