import assert from 'node:assert/strict';
import { botocoreLimiterTrace, type LimiterStep } from './botocore-reference.js';
import { assertSameTrace, ourTrace } from './limiter-trace.js';

describe('adaptive mode: client rate limiter against botocore', () => {
  it('matches botocore step by step on a scenario that ramps up, is throttled, and recovers', async function () {
    this.timeout(20_000);
    const steps: LimiterStep[] = [];
    let seed = 7;
    const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (let i = 0; i < 240; i++) {
      steps.push({ advance: Math.round(next() * 30) / 100, event: 'send' });
      const burst = (i >= 40 && i < 55) || (i >= 150 && i < 152) || i % 37 === 0;
      steps.push({ advance: Math.round(next() * 20) / 100, event: burst ? 'throttle' : 'ok' });
      if (i === 100) steps.push({ advance: 30, event: 'ok' });
    }
    const start = 1_700_000_000.3;
    const reference = botocoreLimiterTrace(start, steps);
    const ours = await ourTrace(start, steps);
    assert.ok(
      reference.some((state) => state.waited > 0),
      'the scenario makes senders wait',
    );
    assert.ok(
      reference.some((state) => state.fillRate > 2),
      'and lets the rate grow again',
    );
    assertSameTrace(ours, reference);
  });

  it('matches botocore when throttled from the very first response', async () => {
    const steps: LimiterStep[] = [
      { advance: 0, event: 'send' },
      { advance: 0, event: 'throttle' },
      { advance: 0.25, event: 'send' },
      { advance: 0, event: 'throttle' },
      { advance: 0.5, event: 'send' },
      { advance: 0, event: 'ok' },
      { advance: 0, event: 'send' },
      { advance: 0, event: 'ok' },
      { advance: 3, event: 'send' },
      { advance: 0.01, event: 'ok' },
    ];
    const reference = botocoreLimiterTrace(1_700_000_000, steps);
    assertSameTrace(await ourTrace(1_700_000_000, steps), reference);
    assert.equal(reference[2].waited, 1.75, 'the first token after a throttle at 0.5/s');
  });
});
