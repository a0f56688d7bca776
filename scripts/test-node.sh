#!/usr/bin/env bash
# Runs the unit + integration suite (`npm run test:unit`) on another Node major, e.g.
#   scripts/test-node.sh 24            (what .ci/run does after `npm test`)
#   scripts/test-node.sh 24 test/service/cli.test.ts   (extra arguments go to vitest)
#
# Node comes from the npm registry's `node-<platform>-<arch>` package (Node's own binaries),
# unpacked once under node_modules/.cache/node-<major> and put first on PATH, so the tests' child
# processes (spawned with process.execPath or `node`) run on it too. Nothing is built: on Node 22
# and later, src/sqlite loads better-sqlite3 13 (Node-API prebuilt binaries, installed as
# `better-sqlite3-napi`); better-sqlite3 12 is built for the installed Node only.
set -euo pipefail
cd "$(dirname "$0")/.."

major=${1:?usage: scripts/test-node.sh <node major> [vitest arguments]}
shift
nodedir=$PWD/node_modules/.cache/node-$major

if [[ ! -x $nodedir/bin/node ]]; then
  package=node-$(node -p 'process.platform + "-" + process.arch')
  echo "fetching Node $major from the npm registry ($package@$major)"
  rm -rf "$nodedir" "$nodedir.tmp"
  mkdir -p "$nodedir.tmp"
  tarball=$(cd "$nodedir.tmp" && npm pack --silent "$package@$major")
  tar xzf "$nodedir.tmp/$tarball" -C "$nodedir.tmp"
  mv "$nodedir.tmp/package" "$nodedir"
  rm -rf "$nodedir.tmp"
fi

echo "npm run test:unit on Node $("$nodedir/bin/node" --version)"
PATH="$nodedir/bin:$PATH" exec node node_modules/vitest/vitest.mjs run "$@"
