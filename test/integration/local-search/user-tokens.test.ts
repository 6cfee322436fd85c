import { strict as assert } from 'node:assert';
import { createHmac, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SearchClient } from '../../../src/lib/services/search/search-client.js';
import { activeIndex, searchClient, serviceError, startTestService, type TestService } from './support.js';

const SECRET_ARN = 'arn:aws:secretsmanager:us-east-1:000000000000:secret:jwt-key';
const SHARED_KEY = 'a shared key of the token issuer';

const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A JWT signed with HS256 and `key`. */
function hs256(claims: Record<string, unknown>, key = SHARED_KEY): string {
  const signed = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}`;
  return `${signed}.${createHmac('sha256', key).update(signed).digest('base64url')}`;
}

/** A JWT signed with RS256 and `key`, naming the key `kid`. */
function rs256(claims: Record<string, unknown>, key: KeyObject, kid: string): string {
  const signed = `${part({ alg: 'RS256', typ: 'JWT', kid })}.${part(claims)}`;
  return `${signed}.${sign('sha256', Buffer.from(signed), key).toString('base64url')}`;
}

describe('local search service: user tokens', function () {
  let service: TestService;
  let client: SearchClient;
  let jwks: Server;
  let jwksUrl: string;
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const indices: Record<string, string> = {};
  const future = () => Math.floor(Date.now() / 1000) + 600;

  const visible = async (indexId: string, Token: string) =>
    ((await client.queryAsync({ IndexId: indexId, QueryText: 'roadmap', UserContext: { Token } })).ResultItems ?? []).map((item) => item.DocumentId).sort();

  before(async () => {
    jwks = createServer((_request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ keys: [{ ...publicKey.export({ format: 'jwk' }), kid: 'key-1', use: 'sig', alg: 'RS256' }] }));
    });
    await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
    jwksUrl = `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/.well-known/jwks.json`;
    service = await startTestService({ tokenSecrets: new Map([[SECRET_ARN, SHARED_KEY]]) });
    const endpoint = service.service.endpoint;
    client = searchClient(endpoint);
    const configurations = {
      json: { JsonTokenTypeConfiguration: { UserNameAttributeField: 'username', GroupAttributeField: 'teams' } },
      secret: {
        JwtTokenTypeConfiguration: { KeyLocation: 'SECRET_MANAGER', SecretManagerArn: SECRET_ARN, Issuer: 'https://issuer.test', ClaimRegex: '[a-z]+' },
      },
      url: { JwtTokenTypeConfiguration: { KeyLocation: 'URL', URL: jwksUrl, UserNameAttributeField: 'email', GroupAttributeField: 'roles' } },
      unknownSecret: { JwtTokenTypeConfiguration: { KeyLocation: 'SECRET_MANAGER', SecretManagerArn: `${SECRET_ARN}-other` } },
    };
    for (const [name, configuration] of Object.entries(configurations)) {
      indices[name] = await activeIndex(endpoint, { Name: name, UserContextPolicy: 'USER_TOKEN', UserTokenConfigurations: [configuration] });
      await client.batchPutDocumentAsync({
        IndexId: indices[name]!,
        Documents: [
          { Id: 'public', Blob: Buffer.from('public roadmap'), ContentType: 'PLAIN_TEXT' },
          {
            Id: 'team',
            Blob: Buffer.from('team roadmap'),
            ContentType: 'PLAIN_TEXT',
            AccessControlList: [{ Name: 'platform', Type: 'GROUP', Access: 'ALLOW' }],
          },
          {
            Id: 'personal',
            Blob: Buffer.from('personal roadmap'),
            ContentType: 'PLAIN_TEXT',
            AccessControlList: [{ Name: 'ada', Type: 'USER', Access: 'ALLOW' }],
          },
        ],
      });
    }
  });
  after(async () => {
    await service.stop();
    await new Promise((resolve) => jwks.close(resolve));
  });

  it('filters by the user and groups of a JSON token', async () => {
    assert.deepEqual(await visible(indices.json!, JSON.stringify({ username: 'ada', teams: [] })), ['personal', 'public']);
    assert.deepEqual(await visible(indices.json!, JSON.stringify({ username: 'bob', teams: ['platform'] })), ['public', 'team']);
    assert.deepEqual(await visible(indices.json!, JSON.stringify({ username: 'eve', teams: 'platform' })), ['public', 'team'], 'one group may be a string');
    assert.equal((await serviceError(visible(indices.json!, 'not json'))).code, 'AccessDeniedException');
    assert.match((await serviceError(visible(indices.json!, JSON.stringify({ teams: ['platform'] })))).message, /no string username claim/);
  });

  it('verifies HS256 tokens with the secret given to the service: signature, expiry, issuer and ClaimRegex', async () => {
    const claims = { sub: 'ada', groups: ['platform'], iss: 'https://issuer.test', exp: future() };
    assert.deepEqual(await visible(indices.secret!, hs256(claims)), ['personal', 'public', 'team']);
    const refused = async (token: string) => serviceError(visible(indices.secret!, token));
    const forged = await refused(hs256(claims, 'another key'));
    assert.equal(forged.code, 'AccessDeniedException');
    assert.match(forged.message, /signature does not match/);
    assert.doesNotMatch(forged.message, new RegExp(SHARED_KEY));
    assert.match((await refused(hs256({ ...claims, exp: Math.floor(Date.now() / 1000) - 10 }))).message, /expired/);
    assert.match((await refused(hs256({ ...claims, iss: 'https://elsewhere.test' }))).message, /issuer/);
    assert.match((await refused(hs256({ ...claims, sub: 'Ada-1' }))).message, /ClaimRegex/);
    assert.match((await refused('a.b')).message, /not a JWT/);
    const unsigned = `${part({ alg: 'none' })}.${part(claims)}.`;
    assert.match((await refused(unsigned)).message, /not signed/);
  });

  it('verifies RS256 tokens with the keys of a JWKS URL', async () => {
    const claims = { email: 'ada', roles: ['platform'], exp: future() };
    assert.deepEqual(await visible(indices.url!, rs256(claims, privateKey, 'key-1')), ['personal', 'public', 'team']);
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    assert.equal((await serviceError(visible(indices.url!, rs256(claims, other, 'key-1')))).code, 'AccessDeniedException');
    assert.match((await serviceError(visible(indices.url!, rs256(claims, privateKey, 'key-2')))).message, /no public key/);
  });

  it('expands the groups of a token through principal mapping', async () => {
    await client.putPrincipalMappingAsync({ IndexId: indices.json!, GroupId: 'platform', GroupMembers: { MemberGroups: [{ GroupId: 'sre' }] } });
    assert.deepEqual(await visible(indices.json!, JSON.stringify({ username: 'sam', teams: ['sre'] })), ['public', 'team']);
  });

  it('needs a token, and only a token, on a USER_TOKEN index', async () => {
    const missing = await serviceError(client.queryAsync({ IndexId: indices.json!, QueryText: 'roadmap' }));
    assert.equal(missing.code, 'ValidationException');
    assert.match(missing.message, /needs UserContext\.Token/);
    const named = await serviceError(client.queryAsync({ IndexId: indices.json!, QueryText: 'roadmap', UserContext: { UserId: 'ada' } }));
    assert.equal(named.code, 'ValidationException');
    const unknown = await serviceError(visible(indices.unknownSecret!, hs256({ sub: 'ada' })));
    assert.equal(unknown.code, 'AccessDeniedException');
    assert.match(unknown.message, /--token-secret/);
  });
});
