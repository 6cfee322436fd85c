"""Signs requests with botocore's own SigV4 signers, for the cross-checks in botocore.test.ts.

Reads a JSON list of jobs on stdin; each job has method, url, headers, body (text), key, secret,
token (or null), timestamp (YYYYMMDDTHHMMSSZ), region, service and, for presigning, expires.
Writes a JSON list of {url, headers} (the signed request) on stdout.
"""
import datetime
import json
import sys

import botocore.auth
from botocore.awsrequest import AWSRequest
from botocore.credentials import Credentials


def sign(job):
    now = datetime.datetime.strptime(job['timestamp'], '%Y%m%dT%H%M%SZ')
    # add_auth reads the clock through this module-level function: pin it to the job's time.
    botocore.auth.get_current_datetime = lambda: now
    credentials = Credentials(job['key'], job['secret'], job.get('token'))
    request = AWSRequest(
        method=job['method'], url=job['url'], headers=job['headers'], data=job['body'].encode('utf-8')
    )
    if job.get('expires'):
        auth = botocore.auth.SigV4QueryAuth(credentials, job['service'], job['region'], expires=job['expires'])
    else:
        auth = botocore.auth.SigV4Auth(credentials, job['service'], job['region'])
    auth.add_auth(request)
    return {'url': request.url, 'headers': dict(request.headers.items())}


json.dump([sign(job) for job in json.load(sys.stdin)], sys.stdout)
