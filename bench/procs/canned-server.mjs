// A minimal node:http server, in its own process, that answers every request with the canned
// Query response, so the client benchmark measures the client. Prints `{"port": N}` when ready.
import { createServer } from 'node:http';
import { CANNED_QUERY } from './canned-query.mjs';

const headers = {
  'content-type': 'application/x-amz-json-1.1',
  'content-length': String(CANNED_QUERY.length),
  'x-amzn-requestid': '0f0e0d0c-0b0a-4908-8706-050403020100',
};

const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, headers);
    res.end(CANNED_QUERY);
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ port: server.address().port })));
process.on('SIGTERM', () => process.exit(0));
