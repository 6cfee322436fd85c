import type { BundleDetails } from '../../services/mobile/types.js';
import { awsConfiguration, awsExports, projectEnv, type ConfigSource } from './bundle-config.js';
import type { ZipFileEntry } from './zip-writer.js';

/** The platforms a bundle can be exported for. */
export const PLATFORMS = ['OSX', 'WINDOWS', 'LINUX', 'OBJC', 'SWIFT', 'ANDROID', 'JAVASCRIPT'] as const;

/** One of {@link PLATFORMS}. */
export type Platform = (typeof PLATFORMS)[number];

/** A bundle of the built-in catalogue: the API's `BundleDetails` plus how its files are made. */
export interface Bundle {
  bundleId: string;
  title: string;
  version: string;
  description: string;
  iconUrl: string;
  availablePlatforms: Platform[];
  /** The files of the bundle's zip for one platform. */
  files(platform: Platform, source: ConfigSource): ZipFileEntry[];
}

const DESKTOP: Platform[] = ['OSX', 'WINDOWS', 'LINUX'];

function icon(letter: string, colour: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" rx="12" fill="${colour}"/><text x="32" y="44" font-size="36" text-anchor="middle" fill="#fff" font-family="sans-serif">${letter}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/** The configuration files of one platform, at the root of the zip. */
function configFiles(platform: Platform, source: ConfigSource): ZipFileEntry[] {
  if (platform === 'JAVASCRIPT') return [{ name: 'aws-exports.js', data: awsExports(source) }];
  const files: ZipFileEntry[] = [{ name: 'awsconfiguration.json', data: json(awsConfiguration(source)) }];
  if (DESKTOP.includes(platform)) files.push({ name: 'aws-project.env', data: projectEnv(source) });
  return files;
}

function readme(title: string, source: ConfigSource, steps: string[]): ZipFileEntry {
  const project = source.projectName ? `project ${source.projectName} (${source.projectId})` : 'no project';
  return {
    name: 'README.md',
    data: [`# ${title}`, '', `Generated for ${project} in ${source.region}.`, '', ...steps.map((s) => `- ${s}`), ''].join('\n'),
  };
}

/** The built-in bundle catalogue, in listing order. */
export const BUNDLES: readonly Bundle[] = [
  {
    bundleId: 'app-config',
    title: 'App configuration',
    version: '1.0',
    description: "The configuration file of the project's resources for one platform: awsconfiguration.json, aws-exports.js or a dotenv file.",
    iconUrl: icon('C', '#232f3e'),
    availablePlatforms: [...PLATFORMS],
    files: configFiles,
  },
  {
    bundleId: 'android-starter',
    title: 'Android starter',
    version: '1.0',
    description: 'An Android starting point: awsconfiguration.json placed where the AWS Mobile SDK for Android reads it.',
    iconUrl: icon('A', '#3ddc84'),
    availablePlatforms: ['ANDROID'],
    files: (platform, source) => [
      { name: 'app/src/main/res/raw/awsconfiguration.json', data: json(awsConfiguration(source)) },
      readme('Android starter', source, ['Copy app/ into your Android Studio project.', `Platform: ${platform}.`]),
    ],
  },
  {
    bundleId: 'ios-starter',
    title: 'iOS starter',
    version: '1.0',
    description: 'An iOS starting point for Swift or Objective-C: awsconfiguration.json and a Podfile for the AWS Mobile SDK.',
    iconUrl: icon('i', '#147efb'),
    availablePlatforms: ['SWIFT', 'OBJC'],
    files: (platform, source) => [
      { name: 'awsconfiguration.json', data: json(awsConfiguration(source)) },
      { name: 'Podfile', data: "platform :ios, '12.0'\nuse_frameworks!\n\ntarget 'App' do\n  pod 'AWSMobileClient'\nend\n" },
      readme('iOS starter', source, ['Add awsconfiguration.json to your Xcode target.', `Language: ${platform === 'SWIFT' ? 'Swift' : 'Objective-C'}.`]),
    ],
  },
  {
    bundleId: 'web-starter',
    title: 'Web starter',
    version: '1.0',
    description: 'A JavaScript web app starting point: src/aws-exports.js and a package.json.',
    iconUrl: icon('W', '#f7df1e'),
    availablePlatforms: ['JAVASCRIPT'],
    files: (_platform, source) => [
      { name: 'src/aws-exports.js', data: awsExports(source) },
      { name: 'package.json', data: json({ name: 'mobile-web-app', private: true, type: 'module', dependencies: { 'aws-amplify': '^6.0.0' } }) },
      readme('Web starter', source, ['Run npm install, then import awsmobile from ./src/aws-exports.js.']),
    ],
  },
  {
    bundleId: 'desktop-config',
    title: 'Desktop configuration',
    version: '1.0',
    description: 'For desktop tools and scripts on macOS, Windows and Linux: awsconfiguration.json and aws-project.env.',
    iconUrl: icon('D', '#6b7280'),
    availablePlatforms: DESKTOP,
    files: (platform, source) => [
      ...configFiles(platform, source),
      readme('Desktop configuration', source, ['Load aws-project.env with your shell or a dotenv library.', `Platform: ${platform}.`]),
    ],
  },
];

/** The API's `BundleDetails` of a bundle. */
export function bundleDetails(bundle: Bundle): BundleDetails {
  const { bundleId, title, version, description, iconUrl, availablePlatforms } = bundle;
  return { bundleId, title, version, description, iconUrl, availablePlatforms };
}
