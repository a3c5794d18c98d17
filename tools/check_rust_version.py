#!/usr/bin/env python3
"""Checks that each package's `rust-version` is at least what every dependency needs.

Cargo refuses a compiler older than `rust-version`; this keeps the promise honest
in the other direction: no dependency may need a newer Rust than we declare.
"""
import json
import subprocess
import sys


def version(text):
    parts = [int(part) for part in text.split(".")]
    return tuple(parts + [0] * (3 - len(parts)))


def main():
    meta = json.loads(
        subprocess.run(
            ["cargo", "metadata", "--format-version", "1", "--locked"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
    )
    members = set(meta["workspace_members"])
    ours = [p for p in meta["packages"] if p["id"] in members]
    needs = [
        (version(p["rust_version"]), p["name"], p["rust_version"])
        for p in meta["packages"]
        if p["id"] not in members and p.get("rust_version")
    ]
    worst = max(needs)
    for package in ours:
        declared = package.get("rust_version")
        if not declared:
            sys.exit(f"{package['name']}'s Cargo.toml declares no rust-version")
        if worst[0] > version(declared):
            sys.exit(f"{package['name']}: rust-version is {declared}, but {worst[1]} needs {worst[2]}")
        print(f"{package['name']}: rust-version {declared}, enough for every dependency (the most demanding, {worst[1]}, needs {worst[2]})")


if __name__ == "__main__":
    main()
