import assert from 'node:assert/strict';
import { DatabaseUrlError, parseDatabaseUrl } from '../../../../src/lib/local/store/postgres/database-url.js';

describe('local store: the --database-url of a PostgreSQL node', () => {
  it('takes a host list apart, with ports, credentials and the database', () => {
    const url = parseDatabaseUrl('postgres://nim%40bus:s%3Acret@db1:5433,db2,[::1]:6000/search?target_session_attrs=read-write&connect_timeout=3');
    assert.deepEqual(url.hosts, [
      { host: 'db1', port: 5433 },
      { host: 'db2', port: 5432 },
      { host: '::1', port: 6000 },
    ]);
    assert.equal(url.user, 'nim@bus');
    assert.equal(url.password, 's:cret');
    assert.equal(url.database, 'search');
    assert.equal(url.connectTimeoutSeconds, 3);
    assert.equal(url.ssl, 'disable');
    assert.equal(url.redacted, 'postgres://nim%40bus:***@db1:5433,db2,[::1]:6000/search?target_session_attrs=read-write&connect_timeout=3');
  });

  it('refuses, in one line without the password, what a node cannot use', () => {
    const refused = (text: string) => {
      try {
        parseDatabaseUrl(text);
      } catch (error) {
        assert.ok(error instanceof DatabaseUrlError);
        assert.doesNotMatch(error.message, /hunter2/);
        return error.message;
      }
      assert.fail(`${text} was accepted`);
    };
    assert.match(refused('mysql://u:hunter2@h/db'), /must start with postgres:\/\//);
    assert.match(refused('postgres://u:hunter2@h/db?target_session_attrs=any'), /only read-write \(or primary\) will do/);
    assert.match(refused('postgres://u:hunter2@h/db?pool=3'), /the parameter pool, which nimbus does not know/);
    assert.match(refused('postgres://u:hunter2@h:99999/db'), /port out of range/);
    assert.match(refused('postgres://u:hunter2@/db'), /names no host/);
    assert.match(refused('postgres://u:hunter2@h/db?sslmode=allow'), /sslmode=allow/);
  });
});
