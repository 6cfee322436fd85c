// The floor of scenario 1: the least a Node process can do to make the same call as `nimbus search
// index list`, one SigV4-signed ListIndices request over node:http, its JSON body printed. No
// CLI, no configuration files, no retries: what any Node CLI pays for start-up plus one call.
// CommonJS, as bin/run.js is (Node sets up no ES module loader for it).
// Usage: node request-floor.cjs ENDPOINT (credentials and region from the environment)
'use strict';
const { createHash, createHmac } = require('node:crypto');
const http = require('node:http');

const url = new URL(process.argv[2]);
const region = process.env.AWS_REGION;
const body = '{}';
const amzDate = new Date().toISOString().replace(/[-:]|\.\d{3}/g, '');
const scope = `${amzDate.slice(0, 8)}/${region}/kendra/aws4_request`;
const headers = {
  'content-type': 'application/x-amz-json-1.1',
  host: url.host,
  'x-amz-date': amzDate,
  'x-amz-target': 'AWSKendraFrontendService.ListIndices',
};
const signed = Object.keys(headers).sort();
const sha256 = (text) => createHash('sha256').update(text).digest('hex');
const canonical = `POST\n/\n\n${signed.map((name) => `${name}:${headers[name]}\n`).join('')}\n${signed.join(';')}\n${sha256(body)}`;
const hmac = (key, text) => createHmac('sha256', key).update(text).digest();
let key = hmac(`AWS4${process.env.AWS_SECRET_ACCESS_KEY}`, amzDate.slice(0, 8));
for (const part of [region, 'kendra', 'aws4_request']) key = hmac(key, part);
const signature = createHmac('sha256', key)
  .update(`AWS4-HMAC-SHA256\n${amzDate}\n${scope}\n${sha256(canonical)}`)
  .digest('hex');
headers.authorization = `AWS4-HMAC-SHA256 Credential=${process.env.AWS_ACCESS_KEY_ID}/${scope}, SignedHeaders=${signed.join(';')}, Signature=${signature}`;

const request = http.request(url, { method: 'POST', headers }, (response) => {
  let text = '';
  response.setEncoding('utf8');
  response.on('data', (chunk) => (text += chunk));
  response.on('end', () => {
    process.stdout.write(`${JSON.stringify(JSON.parse(text), null, 2)}\n`);
    process.exitCode = response.statusCode === 200 ? 0 : 1;
  });
});
request.on('error', (error) => {
  process.stderr.write(`${error.message}\n`);
  process.exitCode = 1;
});
request.end(body);
