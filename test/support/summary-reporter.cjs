'use strict';
// Mocha's spec reporter, plus the plain closing line "N passed, N failed, N skipped" that CI reads.
const Mocha = require('mocha');

const { Spec } = Mocha.reporters;
const { EVENT_RUN_END } = Mocha.Runner.constants;

class SummaryReporter extends Spec {
  constructor(runner, options) {
    super(runner, options);
    runner.once(EVENT_RUN_END, () => {
      const { passes, failures, pending } = this.stats;
      process.stdout.write(`\n${passes} passed, ${failures} failed${pending ? `, ${pending} skipped` : ''}\n`);
    });
  }
}

module.exports = SummaryReporter;
