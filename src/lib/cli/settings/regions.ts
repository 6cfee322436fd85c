/** Regions offered by the region prompt: code and where it is. */
export const REGIONS: ReadonlyArray<{ code: string; name: string }> = [
  { code: 'us-east-1', name: 'US East (N. Virginia)' },
  { code: 'us-east-2', name: 'US East (Ohio)' },
  { code: 'us-west-1', name: 'US West (N. California)' },
  { code: 'us-west-2', name: 'US West (Oregon)' },
  { code: 'ca-central-1', name: 'Canada (Central)' },
  { code: 'ca-west-1', name: 'Canada West (Calgary)' },
  { code: 'mx-central-1', name: 'Mexico (Central)' },
  { code: 'sa-east-1', name: 'South America (São Paulo)' },
  { code: 'eu-west-1', name: 'Europe (Ireland)' },
  { code: 'eu-west-2', name: 'Europe (London)' },
  { code: 'eu-west-3', name: 'Europe (Paris)' },
  { code: 'eu-central-1', name: 'Europe (Frankfurt)' },
  { code: 'eu-central-2', name: 'Europe (Zurich)' },
  { code: 'eu-north-1', name: 'Europe (Stockholm)' },
  { code: 'eu-south-1', name: 'Europe (Milan)' },
  { code: 'eu-south-2', name: 'Europe (Spain)' },
  { code: 'il-central-1', name: 'Israel (Tel Aviv)' },
  { code: 'me-central-1', name: 'Middle East (UAE)' },
  { code: 'me-south-1', name: 'Middle East (Bahrain)' },
  { code: 'af-south-1', name: 'Africa (Cape Town)' },
  { code: 'ap-east-1', name: 'Asia Pacific (Hong Kong)' },
  { code: 'ap-south-1', name: 'Asia Pacific (Mumbai)' },
  { code: 'ap-south-2', name: 'Asia Pacific (Hyderabad)' },
  { code: 'ap-northeast-1', name: 'Asia Pacific (Tokyo)' },
  { code: 'ap-northeast-2', name: 'Asia Pacific (Seoul)' },
  { code: 'ap-northeast-3', name: 'Asia Pacific (Osaka)' },
  { code: 'ap-southeast-1', name: 'Asia Pacific (Singapore)' },
  { code: 'ap-southeast-2', name: 'Asia Pacific (Sydney)' },
  { code: 'ap-southeast-3', name: 'Asia Pacific (Jakarta)' },
  { code: 'ap-southeast-4', name: 'Asia Pacific (Melbourne)' },
  { code: 'ap-southeast-5', name: 'Asia Pacific (Malaysia)' },
  { code: 'ap-southeast-7', name: 'Asia Pacific (Thailand)' },
];

/**
 * The regions where each service has an endpoint, from botocore's endpoint data (endpoints.json,
 * partition `aws`; 1.43): Amazon Kendra's for `search`. botocore has no entry for AWS Mobile
 * Hub, whose API (`mobile.us-east-1.amazonaws.com`) was served from US East (N. Virginia) only.
 * GovCloud's `us-gov-west-1` (Kendra) is in another partition and can be typed in full.
 */
export const SERVICE_REGIONS: Readonly<Record<string, readonly string[]>> = {
  search: ['us-east-1', 'us-east-2', 'us-west-2', 'ca-central-1', 'eu-west-1', 'eu-west-2', 'ap-south-1', 'ap-northeast-1', 'ap-southeast-1', 'ap-southeast-2'],
  mobile: ['us-east-1'],
};
