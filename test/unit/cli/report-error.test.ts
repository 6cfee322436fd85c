import assert from 'node:assert/strict';
import { Errors } from '@oclif/core';
import { ConfigurationError } from '../../../src/lib/errors/configuration-error.js';
import { ProfileNotFoundError } from '../../../src/lib/errors/profile-not-found-error.js';
import { ConnectionError } from '../../../src/lib/errors/connection-error.js';
import { InvalidArgumentException } from '../../../src/lib/errors/invalid-argument-exception.js';
import { ServiceException } from '../../../src/lib/errors/service-exception.js';
import { PaginationError } from '../../../src/lib/errors/pagination-error.js';
import { configError, usageError } from '../../../src/lib/cli/errors/cli-error.js';
import { reportError } from '../../../src/lib/cli/errors/report-error.js';

const metadata = { headers: {}, attempts: 1, totalRetryDelay: 0 };

describe('cli error reports', () => {
  it('service errors: exit 254 with code, message and request id on one line', () => {
    const error = new ServiceException({
      code: 'ResourceNotFoundException',
      message: 'Index x\nnot found',
      statusCode: 400,
      requestId: 'req-1',
      retryable: false,
      $metadata: metadata,
    });
    assert.deepEqual(reportError(error), { exitCode: 254, message: 'ResourceNotFoundException: Index x not found (request id req-1)' });
  });

  it('usage errors: exit 252', () => {
    assert.equal(reportError(usageError('bad')).exitCode, 252);
    assert.equal(reportError(new InvalidArgumentException('Found 1 error in the input of X', { operation: 'X' })).exitCode, 252);
    assert.equal(reportError(new InvalidArgumentException('bad endpoint', { option: 'endpoint' })).exitCode, 252);
    assert.equal(reportError(new PaginationError('Invalid StartingToken for the ListIndices paginator: bad', { operation: 'ListIndices' })).exitCode, 252);
    const parse = new Errors.CLIError('Nonexistent flag: --bogus\nSee more help with --help');
    assert.deepEqual(reportError(parse), { exitCode: 252, message: 'Nonexistent flag: --bogus' });
  });

  it('configuration errors: exit 253', () => {
    assert.equal(reportError(configError('no region')).exitCode, 253);
    assert.equal(reportError(new ProfileNotFoundError('nope')).exitCode, 253);
    assert.equal(reportError(new ConfigurationError('Unable to read ~/.aws/config (EACCES)')).exitCode, 253);
    assert.equal(reportError(new InvalidArgumentException('Missing region', { option: 'region' })).exitCode, 253);
  });

  it('anything else: exit 255; prompts closed with Ctrl-C: 130 silently', () => {
    assert.deepEqual(reportError(new ConnectionError('Connection failed', { code: 'ECONNREFUSED' })), {
      exitCode: 255,
      message: 'ConnectionError: Connection failed',
    });
    assert.deepEqual(reportError(new TypeError('x is not a function')), { exitCode: 255, message: 'TypeError: x is not a function' });
    assert.equal(reportError(new PaginationError('The ListIndices paginator received the same NextToken twice', { operation: 'ListIndices' })).exitCode, 255);
    const prompt = Object.assign(new Error('User force closed the prompt'), { name: 'ExitPromptError' });
    assert.deepEqual(reportError(prompt), { exitCode: 130, message: '' });
    assert.deepEqual(reportError(new Errors.ExitError(3)), { exitCode: 3, message: '' });
  });
});

describe('cli parse error messages', () => {
  it("puts oclif's multi-line parse errors on one line without the help hint", async () => {
    const { parseErrorMessage } = await import('../../../src/lib/cli/nimbus-command.js');
    assert.equal(
      parseErrorMessage('Parsing --page-size \n\tExpected an integer greater than or equal to 1 but received: 0\nSee more help with --help'),
      'Parsing --page-size: Expected an integer greater than or equal to 1 but received: 0',
    );
    assert.equal(
      parseErrorMessage('Missing 1 required arg:\nkey  Setting to print\nSee more help with --help'),
      'Missing 1 required arg: key Setting to print',
    );
    assert.equal(parseErrorMessage('Nonexistent flag: --bogus\nSee more help with --help'), 'Nonexistent flag: --bogus');
    assert.equal(
      parseErrorMessage('The following error occurred:\n  --local=true cannot also be provided when using --endpoint-url\nSee more help with --help'),
      '--local=true cannot also be provided when using --endpoint-url',
    );
  });
});
