#!/usr/bin/env python3
"""Build requests with a real botocore client and print them as JSON, without any network I/O.

Reads one spec (or a JSON array of specs, answered with an array in the same order) from stdin:
  {"service": "kendra" | "mobile", "operation": "CreateIndex", "params": {...},
   "region": "us-east-1", "endpoint": "https://..." (optional), "time": "2024-01-02T03:04:05Z",
   "credentials": {"key": "...", "secret": "...", "token": "..." (optional)}}

Tagged values inside params: {"$blob": "<base64>"} becomes bytes, {"$date": "<ISO 8601>"}
becomes a timezone-aware datetime.

Prints for each spec: {"method", "url", "headers", "body_base64", "authorization"}.

A `before-send` hook captures the prepared (already signed) request and returns a canned
empty 200 response, so nothing goes on the network. The signer's clock is frozen at `time` by
replacing `botocore.auth.get_current_datetime`. Pip botocore no longer ships the `mobile`
model, so AWS_DATA_PATH points at a temporary directory holding the reference model in the
layout botocore expects (`<dir>/mobile/2017-07-01/service-2.json`).
"""
import base64
import datetime
import json
import os
import shutil
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
MOBILE_MODEL = os.path.join(HERE, '..', '..', '..', 'models', 'mobile-2017-07-01.api.json')


def decode_tagged(value):
    """Turn {"$blob": ...} / {"$date": ...} tagged values into bytes / datetime, recursively."""
    if isinstance(value, dict):
        if set(value) == {'$blob'}:
            return base64.b64decode(value['$blob'])
        if set(value) == {'$date'}:
            return parse_iso(value['$date'])
        return {k: decode_tagged(v) for k, v in value.items()}
    if isinstance(value, list):
        return [decode_tagged(v) for v in value]
    return value


def parse_iso(text):
    return datetime.datetime.fromisoformat(text.replace('Z', '+00:00'))


class _CannedRaw:
    """The smallest raw-response object AWSResponse can read a body from."""

    def stream(self, **_kwargs):
        yield b'{}'


def isolate_environment(data_dir):
    """Keep the machine's own AWS configuration out of the requests; add the mobile model."""
    target = os.path.join(data_dir, 'mobile', '2017-07-01')
    os.makedirs(target)
    shutil.copyfile(MOBILE_MODEL, os.path.join(target, 'service-2.json'))
    os.environ['AWS_DATA_PATH'] = data_dir
    os.environ['AWS_CONFIG_FILE'] = os.devnull
    os.environ['AWS_SHARED_CREDENTIALS_FILE'] = os.devnull
    for name in list(os.environ):
        if name.startswith('AWS_') and name not in ('AWS_DATA_PATH', 'AWS_CONFIG_FILE', 'AWS_SHARED_CREDENTIALS_FILE'):
            del os.environ[name]


def build(spec):
    import botocore.auth
    import botocore.session
    from botocore.awsrequest import AWSResponse

    frozen = parse_iso(spec['time']).astimezone(datetime.timezone.utc).replace(tzinfo=None)
    # SigV4Auth.add_auth asks get_current_datetime() for a naive UTC datetime.
    botocore.auth.get_current_datetime = lambda: frozen

    creds = spec['credentials']
    client = botocore.session.get_session().create_client(
        spec['service'],
        region_name=spec['region'],
        endpoint_url=spec.get('endpoint'),
        aws_access_key_id=creds['key'],
        aws_secret_access_key=creds['secret'],
        aws_session_token=creds.get('token'),
    )
    captured = {}

    def before_send(request, **_kwargs):
        body = request.body
        if body is None:
            body = b''
        elif isinstance(body, str):
            body = body.encode('utf-8')
        elif hasattr(body, 'read'):
            body = body.read()
        captured.update(
            method=request.method,
            url=request.url,
            headers={k: (v.decode() if isinstance(v, bytes) else v) for k, v in request.headers.items()},
            body_base64=base64.b64encode(body).decode('ascii'),
        )
        return AWSResponse(request.url, 200, {}, _CannedRaw())

    client.meta.events.register('before-send', before_send)
    getattr(client, method_name(client, spec['operation']))(**decode_tagged(spec.get('params', {})))
    captured['authorization'] = captured['headers'].get('Authorization')
    return captured


def method_name(client, operation):
    """The client's snake_case method for an operation name such as CreateIndex."""
    for py_name, op_name in client.meta.method_to_api_mapping.items():
        if op_name == operation:
            return py_name
    raise SystemExit(f'unknown operation {operation}')


def main():
    spec = json.load(sys.stdin)
    data_dir = tempfile.mkdtemp(prefix='nimbus-botocore-')
    try:
        isolate_environment(data_dir)
        result = [build(s) for s in spec] if isinstance(spec, list) else build(spec)
        json.dump(result, sys.stdout)
    finally:
        shutil.rmtree(data_dir, ignore_errors=True)


if __name__ == '__main__':
    main()
