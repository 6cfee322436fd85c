import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A certificate and its key, as PEM text and as files. */
export interface IssuedCertificate {
  cert: string;
  key: string;
  certFile: string;
  keyFile: string;
}

/** A private certificate authority made with openssl in a temporary directory. */
export interface TestPki {
  /** The temporary directory holding every file. */
  dir: string;
  /** The CA's certificate (PEM) and its file: what a client trusts. */
  ca: { cert: string; certFile: string };
  /** For `127.0.0.1`, `::1` and `localhost`, valid now. */
  server: IssuedCertificate;
  /** For `127.0.0.1` and `localhost`, expired in 2020. */
  expired: IssuedCertificate;
  /** Valid now, but only for `wrong.example` (a hostname mismatch on loopback). */
  wrongHost: IssuedCertificate;
  /** A second, unrelated CA (PEM and file): trusting only it must not trust {@link server}. */
  otherCa: { cert: string; certFile: string };
  /** Writes a PEM bundle of the given certificates (in order) and returns its path. */
  bundle(name: string, ...pems: string[]): string;
  /** Removes the directory. */
  cleanup(): void;
}

const KEY = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];

function openssl(dir: string, args: string[]): void {
  execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
}

/** A self-signed CA certificate and key in `dir` under `name`. */
function makeCa(dir: string, name: string, subject: string): void {
  openssl(dir, [
    'req',
    '-x509',
    ...KEY,
    '-keyout',
    `${name}.key`,
    '-out',
    `${name}.pem`,
    '-days',
    '3',
    '-subj',
    `/CN=${subject}`,
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  ]);
}

/**
 * Makes a private CA and server certificates signed by it, with openssl (on every machine that
 * runs the tests), in a new temporary directory. Certificates use P-256 keys: quick to make.
 */
export function createTestPki(): TestPki {
  const dir = mkdtempSync(join(tmpdir(), 'nimbus-pki-'));
  makeCa(dir, 'ca', 'nimbus test CA');
  makeCa(dir, 'other-ca', 'unrelated test CA');
  // `openssl ca` (unlike `openssl x509 -req`) can set any validity period, an expired one included.
  writeFileSync(join(dir, 'index.txt'), '');
  writeFileSync(join(dir, 'serial'), '1000\n');
  writeFileSync(
    join(dir, 'ca.cnf'),
    [
      '[ca]',
      'default_ca = test',
      '[test]',
      `dir = ${dir}`,
      'database = $dir/index.txt',
      'new_certs_dir = $dir',
      'serial = $dir/serial',
      'default_md = sha256',
      'policy = any',
      'unique_subject = no',
      'email_in_dn = no',
      '[any]',
      'commonName = supplied',
      '',
    ].join('\n'),
  );
  const issue = (name: string, hosts: string, validity: string[]): IssuedCertificate => {
    writeFileSync(
      join(dir, `${name}.ext`),
      `basicConstraints = CA:FALSE\nkeyUsage = digitalSignature\nextendedKeyUsage = serverAuth\nsubjectKeyIdentifier = hash\nauthorityKeyIdentifier = keyid\nsubjectAltName = ${hosts}\n`,
    );
    openssl(dir, ['req', '-new', ...KEY, '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', `/CN=${name}`]);
    openssl(dir, [
      'ca',
      '-batch',
      '-notext',
      '-config',
      'ca.cnf',
      '-cert',
      'ca.pem',
      '-keyfile',
      'ca.key',
      '-in',
      `${name}.csr`,
      '-out',
      `${name}.pem`,
      '-extfile',
      `${name}.ext`,
      ...validity,
    ]);
    const certFile = join(dir, `${name}.pem`);
    const keyFile = join(dir, `${name}.key`);
    return { cert: readFileSync(certFile, 'utf8'), key: readFileSync(keyFile, 'utf8'), certFile, keyFile };
  };
  const current = ['-days', '2'];
  const server = issue('server', 'IP:127.0.0.1, IP:::1, DNS:localhost', current);
  const expired = issue('expired', 'IP:127.0.0.1, DNS:localhost', ['-startdate', '20200101000000Z', '-enddate', '20200201000000Z']);
  const wrongHost = issue('wrong-host', 'DNS:wrong.example', current);
  const read = (name: string) => ({ cert: readFileSync(join(dir, `${name}.pem`), 'utf8'), certFile: join(dir, `${name}.pem`) });
  return {
    dir,
    ca: read('ca'),
    otherCa: read('other-ca'),
    server,
    expired,
    wrongHost,
    bundle(name, ...pems) {
      const file = join(dir, name);
      writeFileSync(file, pems.map((pem) => pem.trimEnd()).join('\n') + '\n');
      return file;
    },
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}
