import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { loadSharedConfig } from '../../../src/lib/config/shared-config.js';
import type { IniSection } from '../../../src/lib/config/ini-document.js';
import { makeTempHome, type TempHome } from './temp-home.js';

/** A config file in the shapes real users write (values without inline comments or quotes, where the two readers differ). */
const CONFIG = `
# comment
[default]
region = us-east-1
Output = json

[profile dev.admin]
region=eu-west-1
services = local
credential_process = node "/opt/my tool/cred.js" --profile dev
  ; comment between
s3 =
  max_concurrent_requests = 20
  Addressing_Style = path

[profile "with space"]
region : ap-south-1
multi = first
  second

[plain]
region = not-a-profile

[services local]
kendra =
  endpoint_url = http://127.0.0.1:4599
mobile =
    endpoint_url = http://127.0.0.1:4599/m
`;

function flatten(sections: Record<string, IniSection>): Record<string, Record<string, unknown>> {
  return Object.fromEntries(Object.entries(sections).map(([name, s]) => [name, JSON.parse(JSON.stringify({ ...s.settings, ...s.subsections }))]));
}

/** Lower-cases nested keys (botocore keeps their case; nimbus lower-cases every key). */
function lowerNested(sections: Record<string, Record<string, unknown>>): Record<string, Record<string, unknown>> {
  const lower = (v: unknown): unknown =>
    typeof v === 'object' && v !== null ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k.toLowerCase(), x])) : v;
  return Object.fromEntries(Object.entries(sections).map(([name, s]) => [name, Object.fromEntries(Object.entries(s).map(([k, v]) => [k, lower(v)]))]));
}

describe('shared config file compatibility with botocore', () => {
  let t: TempHome;
  beforeEach(() => {
    t = makeTempHome();
  });
  afterEach(() => t.cleanup());

  it('finds the same profiles, settings, sub-sections and services as botocore.configloader', function () {
    this.timeout(10_000);
    const path = t.write('.aws/config', CONFIG);
    const botocore = JSON.parse(
      execFileSync('python3', [
        '-c',
        'import json, sys; from botocore.configloader import load_config; c = load_config(sys.argv[1]); print(json.dumps({"profiles": c["profiles"], "services": c["services"]}))',
        path,
      ]).toString(),
    );
    const ours = loadSharedConfig({ env: { HOME: t.home } });
    assert.deepEqual(flatten(ours.configProfiles), lowerNested(botocore.profiles));
    assert.deepEqual(flatten(ours.services), lowerNested(botocore.services));
  });
});
