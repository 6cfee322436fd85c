import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { formatText } from '../../../src/lib/cli/output/text.js';
import { SAMPLES } from './output-samples.js';

/** The AWS CLI's own text formatter (pip awscli) applied to each sample. */
function awsText(samples: unknown[]): string[] {
  const script = [
    'import json, sys, io',
    'from awscli.text import format_text',
    'outs = []',
    'for sample in json.load(sys.stdin):',
    '    out = io.StringIO()',
    '    format_text(sample, out)',
    '    outs.append(out.getvalue())',
    'json.dump(outs, sys.stdout)',
  ].join('\n');
  return JSON.parse(execFileSync('python3', ['-c', script], { input: JSON.stringify(samples), encoding: 'utf8' }));
}

describe('cli output formats against the AWS CLI', () => {
  it('text output is the AWS CLI text format, record for record', () => {
    const expected = awsText(SAMPLES);
    SAMPLES.forEach((sample, index) => assert.equal(formatText(sample), expected[index], JSON.stringify(sample)));
  });
});
