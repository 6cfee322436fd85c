"""Runs the every-operation plan (test/fixtures/every-operation/plan.json) with boto3.

Usage: every_operation.py PLAN ENDPOINT ACCESS_KEY SECRET_KEY
Prints one JSON line per step ({"op", "ok", "error"}) and exits 0; a step that fails is
reported, and the steps after it still run where their saved values exist.
"""
import datetime
import json
import re
import sys

import boto3
from botocore.config import Config


def resolve(value, saved):
    if isinstance(value, str):
        return re.sub(r"\$\{(\w+)\}", lambda match: saved[match.group(1)], value)
    if isinstance(value, list):
        return [resolve(item, saved) for item in value]
    if isinstance(value, dict):
        if isinstance(value.get("$blob"), str):
            return value["$blob"].encode("utf-8")
        if isinstance(value.get("$time"), (int, float)):
            return datetime.datetime.fromtimestamp(value["$time"], tz=datetime.timezone.utc)
        return {key: resolve(item, saved) for key, item in value.items()}
    return value


def value_at(answer, path):
    value = answer
    for part in re.split(r"\.|(?=\[)", path):
        if value is None:
            return None
        index = re.fullmatch(r"\[(\d+)\]", part)
        value = value[int(index.group(1))] if index and len(value) > int(index.group(1)) else (None if index else value.get(part))
    return value


def main():
    plan_file, endpoint, key, secret = sys.argv[1:5]
    with open(plan_file, encoding="utf-8") as handle:
        plan = json.load(handle)
    client = boto3.client(
        "kendra",
        region_name="us-east-1",
        endpoint_url=endpoint,
        aws_access_key_id=key,
        aws_secret_access_key=secret,
        config=Config(retries={"max_attempts": 1, "mode": "standard"}),
    )
    methods = {api: method for method, api in client.meta.method_to_api_mapping.items()}
    saved = {}
    for step in plan["steps"]:
        try:
            answer = getattr(client, methods[step["op"]])(**resolve(step["input"], saved))
            status = answer["ResponseMetadata"]["HTTPStatusCode"]
            for name, path in step.get("save", {}).items():
                found = value_at(answer, path)
                if not isinstance(found, str):
                    raise ValueError(f"the answer has no string at {path}")
                saved[name] = found
            print(json.dumps({"op": step["op"], "ok": status == 200, "error": None if status == 200 else f"HTTP {status}"}))
        except Exception as error:  # every failure is reported as the step's result
            print(json.dumps({"op": step["op"], "ok": False, "error": f"{type(error).__name__}: {error}"}))


if __name__ == "__main__":
    main()
