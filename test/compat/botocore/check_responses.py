#!/usr/bin/env python3
"""Call a running service with boto3 and check its raw JSON answers against botocore's model.

Reads from stdin: {"endpoint": "http://127.0.0.1:PORT", "calls": [{"operation": "Retrieve",
"params": {...}}, ...]}. For each call, a boto3 kendra client (credentials test/test,
us-east-1) sends the request; an `after-call` hook keeps the raw body of the answer. Prints a
JSON array with, for each call: {"operation", "problems": [...], "result": <boto3's parsed
answer>}, where a problem is a member the output shape does not define, a value of the wrong
JSON type, or a string outside its enum, each with its path.
"""
import json
import sys

import boto3
from botocore import xform_name

PY_TYPES = {
    'string': str,
    'integer': int,
    'long': int,
    'float': (int, float),
    'double': (int, float),
    'boolean': bool,
    'timestamp': (int, float, str),
    'blob': str,
}


def check(shape, value, path, problems):
    if shape.type_name == 'structure':
        if not isinstance(value, dict):
            problems.append(f'{path}: expected an object')
            return
        for key, item in value.items():
            if key not in shape.members:
                problems.append(f'{path}.{key}: not a member of {shape.name}')
            else:
                check(shape.members[key], item, f'{path}.{key}', problems)
    elif shape.type_name == 'list':
        if not isinstance(value, list):
            problems.append(f'{path}: expected a list')
            return
        for index, item in enumerate(value):
            check(shape.member, item, f'{path}[{index}]', problems)
    elif shape.type_name == 'map':
        if not isinstance(value, dict):
            problems.append(f'{path}: expected a map')
            return
        for key, item in value.items():
            check(shape.value, item, f'{path}.{key}', problems)
    else:
        wanted = PY_TYPES[shape.type_name]
        if isinstance(value, bool) and shape.type_name != 'boolean' or not isinstance(value, wanted):
            problems.append(f'{path}: {json.dumps(value)} is not a {shape.type_name}')
        elif getattr(shape, 'enum', None) and value not in shape.enum:
            problems.append(f'{path}: {value} is not one of {shape.enum}')


def main():
    spec = json.load(sys.stdin)
    client = boto3.client(
        'kendra',
        region_name='us-east-1',
        endpoint_url=spec['endpoint'],
        aws_access_key_id='test',
        aws_secret_access_key='test',
    )
    raw = {}
    client.meta.events.register('after-call.kendra', lambda http_response, **_: raw.update(body=http_response.content))
    out = []
    for call in spec['calls']:
        operation = call['operation']
        result = getattr(client, xform_name(operation))(**call['params'])
        result.pop('ResponseMetadata', None)
        problems = []
        check(client.meta.service_model.operation_model(operation).output_shape, json.loads(raw['body']), operation, problems)
        out.append({'operation': operation, 'problems': problems, 'result': result})
    print(json.dumps(out, default=str))


if __name__ == '__main__':
    main()
