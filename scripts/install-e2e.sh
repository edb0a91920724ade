#!/usr/bin/env bash
# Installs the pinned third-party MCP servers used by the end-to-end tests into e2e/node_modules.
# Idempotent: does nothing when this very lockfile was installed and every executable the tests use is there.
# Prints npm's output only on failure, so it can run inside a build whose stdout is a protocol channel.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
cd "$here/e2e"
if ! command -v npm >/dev/null 2>&1; then
  echo "install-e2e: npm is required for the end-to-end tests (install Node.js and npm)" >&2
  exit 1
fi
# One executable per package of package.json; the tests fail when any is missing.
bins=(mcp-server-everything mcp-server-filesystem mcp-server-memory mcp-server-sequential-thinking conformance node)
stamp="node_modules/.mcp-fuzzer-installed"
lock_sum="$(sha256sum package-lock.json | cut -d' ' -f1)"
installed() {
  [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$lock_sum" ] || return 1
  local b
  for b in "${bins[@]}"; do
    [ -x "node_modules/.bin/$b" ] || return 1
  done
}
if installed; then
  exit 0
fi
rm -f "$stamp"
echo "install-e2e: installing the pinned e2e servers (npm ci in $PWD)" >&2
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
if ! npm ci --no-audit --no-fund --loglevel=error </dev/null >"$log" 2>&1; then
  echo "install-e2e: npm ci failed; its last lines:" >&2
  tail -n 40 "$log" >&2
  exit 1
fi
for b in "${bins[@]}"; do
  if [ ! -x "node_modules/.bin/$b" ]; then
    echo "install-e2e: npm ci did not install node_modules/.bin/$b" >&2
    exit 1
  fi
done
echo "$lock_sum" >"$stamp"
