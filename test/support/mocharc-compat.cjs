'use strict';
// Mocha configuration of `npm run test:compat` (see suites.cjs).
module.exports = require('./suites.cjs').compat;
