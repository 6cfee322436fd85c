import { strict as assert } from 'node:assert';
import { basicAuthorization, userPasswordOf } from '../../../../src/lib/local/search/maintenance/web-crawler/crawl-secrets.js';

// BasicAuthentication.Credentials: "The secret stores your credentials of user name and password."
// https://docs.aws.amazon.com/kendra/latest/dg/API_BasicAuthenticationConfiguration.html
describe('web crawler: credentials from secrets', () => {
  const ARN = 'arn:aws:secretsmanager:us-east-1:000000000000:secret:site';
  it('reads {"userName","password"} JSON or USER:PASSWORD', () => {
    assert.deepEqual(userPasswordOf(new Map([[ARN, '{"userName":"u","password":"p:w"}']]), ARN, 'x'), { user: 'u', password: 'p:w' });
    assert.deepEqual(userPasswordOf(new Map([[ARN, 'u:p:w']]), ARN, 'x'), { user: 'u', password: 'p:w' });
    assert.equal(basicAuthorization({ user: 'u', password: 'p' }), `Basic ${Buffer.from('u:p').toString('base64')}`);
  });

  it('names the ARN, never the value, when the secret is missing or unreadable', () => {
    assert.throws(() => userPasswordOf(new Map(), ARN, 'x'), new RegExp(`no secret ${ARN}.*--secret`));
    assert.throws(
      () => userPasswordOf(new Map([[ARN, 'hunter2']]), ARN, 'x'),
      (error: Error) => !error.message.includes('hunter2') && /neither/.test(error.message),
    );
  });
});
