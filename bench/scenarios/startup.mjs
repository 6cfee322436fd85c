// Scenario 1, CLI start-up: `nimbus search index list` beside `node -e 0`, the floor (one signed
// request from a bare Node script, bench/procs/request-floor.cjs) and `aws kendra list-indices`
// (v1 and v2) against the same local service, median wall time and peak RSS.
import { join } from 'node:path';
import { cliEnv } from '../lib/cli-env.mjs';
import { lastLine, measureProcess } from '../lib/measure-process.mjs';
import { ROOT } from '../lib/paths.mjs';
import { awsClis, nimbusCli } from '../lib/peers.mjs';
import { startService } from '../lib/service.mjs';
import { createActiveIndex, searchClient } from '../lib/search-setup.mjs';
import { mb, median, ms, times, verdict } from '../lib/stats.mjs';

/** Runs scenario 1 with `sizes.runs` measured runs per command (after one warm-up run). */
export async function startup(sizes) {
  const service = await startService();
  try {
    await createActiveIndex(searchClient(service.endpoint), 'bench-startup');
    const endpoint = ['--endpoint-url', service.endpoint];
    const aws = awsClis();
    const nimbus = nimbusCli();
    const subjects = [
      { name: 'node -e 0', peer: { command: process.execPath, args: [] }, args: ['-e', '0'] },
      { name: 'nimbus search index list', peer: nimbus, args: ['search', 'index', 'list', ...endpoint] },
      {
        name: 'floor: one signed request from a bare Node script',
        peer: { command: process.execPath, args: [join(ROOT, 'bench', 'procs', 'request-floor.cjs')] },
        args: [service.endpoint],
        floor: true,
      },
      { name: `aws kendra list-indices (v1${aws.v1.version ? ` ${aws.v1.version}` : ''})`, peer: aws.v1, args: ['kendra', 'list-indices', ...endpoint] },
      { name: `aws kendra list-indices (v2${aws.v2.version ? ` ${aws.v2.version}` : ''})`, peer: aws.v2, args: ['kendra', 'list-indices', ...endpoint] },
    ];
    const env = cliEnv();
    const run = (s) => measureProcess(s.peer.command, [...s.peer.args, ...s.args], { env, timeoutMs: 60_000 });
    for (const s of subjects) {
      if (s.peer.missing) continue;
      const first = await run(s);
      if (first.code !== 0) s.failed = `exit ${first.code}: ${lastLine(first.stderr)}`;
      else s.samples = [];
    }
    for (let r = 0; r < sizes.runs; r++) {
      for (const s of subjects.filter((x) => x.samples)) s.samples.push(await run(s));
    }
    return report(subjects, sizes);
  } finally {
    await service.stop();
    service.dispose();
  }
}

function report(subjects, sizes) {
  const data = {};
  for (const s of subjects) {
    if (s.peer.missing || s.failed) data[s.name] = s.peer.missing ? { missing: s.peer.missing } : { failed: s.failed };
    else {
      const samples = s.samples.map(({ wallMs, peakRss }) => ({ wallMs, peakRss }));
      const command = [s.peer.command, ...s.peer.args, ...s.args].join(' ');
      data[s.name] = { command, wallMs: median(samples.map((x) => x.wallMs)), peakRss: median(samples.map((x) => x.peakRss)), samples };
    }
  }
  const [node, nimbus, floor] = subjects.slice(0, 3).map((s) => data[s.name]);
  const rows = subjects.map((s, i) => {
    const d = data[s.name];
    if (!d.wallMs)
      return { subject: s.name, measured: d.missing ? `missing: ${d.missing}` : `failed: ${d.failed}`, ratio: '', goal: i === 1 ? 'not measured' : '' };
    const ratio = [`${times(d.wallMs / node.wallMs)} node time`, `${times(d.peakRss / node.peakRss)} node RSS`];
    if (i === 1 && floor.wallMs) ratio.push(`${times(d.wallMs / floor.wallMs)} floor time`);
    if (i > 1 && !s.floor && nimbus.wallMs) ratio.push(`nimbus ${times(d.wallMs / nimbus.wallMs)} faster`);
    const goals = [
      'reference',
      `${verdict('≤ 2× node', d.wallMs / node.wallMs, '<=', 2, times)}\n${verdict('stretch ≤ 1.5×', d.wallMs / node.wallMs, '<=', 1.5, times)}`,
    ];
    return { subject: s.name, measured: `${ms(d.wallMs)} · ${mb(d.peakRss)} peak RSS`, ratio: ratio.join('\n'), goal: goals[i] ?? '' };
  });
  return { title: '1 CLI start-up', size: `median of ${sizes.runs} runs each`, rows, data };
}
