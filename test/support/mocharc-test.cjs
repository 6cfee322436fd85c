'use strict';
// Mocha configuration of `npm test` (see suites.cjs).
module.exports = require('./suites.cjs').test;
