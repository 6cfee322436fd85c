'use strict';
// The two test suites. `npm test` needs nothing but `npm ci`; `npm run test:compat` compares
// nimbus with reference implementations that live outside the repository: the AWS CLIs (pip's v1
// for search, Debian's v2 at /usr/bin/aws for mobile) and python3's botocore and awscli packages.
// The base options (.mocharc.json) run the TypeScript sources through tsx with Node's require(esm)
// turned off (no-experimental-require-module). With it on (Node 20.19 and later), mocha require()s
// each test file, tsx compiles it and everything it imports statically to CommonJS, and a module
// that the code then loads with import() is evaluated a second time as an ES module: two copies
// of its classes (instanceof fails across them) and of its state. With it off, mocha import()s
// the test files and every module exists once, as in the package, which is an ES module; named
// imports are also checked as they are there.
const base = require('../../.mocharc.json');

/**
 * The test files that need an AWS CLI or botocore: folders (ending in "/"), single files, and
 * every `*.compat.test.ts` (reference checks split out of a suite that otherwise needs nothing).
 */
const COMPAT = [
  'test/compat/',
  'test/cli/compat.test.ts',
  'test/unit/signing/botocore.test.ts',
  'test/unit/paginators/botocore-compat.test.ts',
  'test/unit/config/botocore-compat.test.ts',
  'test/unit/config/split-command-line.test.ts',
  '**/*.compat.test.ts',
];

/** A compat entry as a mocha glob. */
const glob = (entry) => (entry.endsWith('/') ? `${entry}**/*.test.ts` : entry.startsWith('**/') ? `test/${entry}` : entry);

module.exports = {
  COMPAT,
  /** Options for `npm test`: every test file except the compat ones. */
  test: { ...base, spec: ['test/**/*.test.ts'], ignore: COMPAT.map(glob) },
  /** Options for `npm run test:compat`: only the compat files. */
  compat: { ...base, spec: COMPAT.map(glob) },
};
