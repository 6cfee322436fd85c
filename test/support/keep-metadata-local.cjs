// Loaded by mocha before any test (see .mocharc.json). The credential chain ends with the
// container endpoint and the EC2 instance metadata service; a test that finds no credentials
// must never reach the real link-local addresses (169.254.169.254, 169.254.170.2). Point the
// metadata service at a closed loopback port and drop container variables, for this process and
// every child that inherits its environment. Tests of those sources set their own values.
'use strict';
process.env.AWS_EC2_METADATA_SERVICE_ENDPOINT ??= 'http://127.0.0.1:9';
delete process.env.AWS_CONTAINER_CREDENTIALS_RELATIVE_URI;
delete process.env.AWS_CONTAINER_CREDENTIALS_FULL_URI;
