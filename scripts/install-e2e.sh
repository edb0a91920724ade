#!/usr/bin/env bash
# Installs the pinned third-party MCP servers used by the end-to-end tests into e2e/node_modules.
# Idempotent: does nothing when the lockfile's packages are already installed.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
cd "$here/e2e"
if ! command -v npm >/dev/null 2>&1; then
  echo "install-e2e: npm is required for the end-to-end tests (install Node.js and npm)" >&2
  exit 1
fi
stamp="node_modules/.mcp-fuzzer-installed"
if [ -f "$stamp" ] && [ "$stamp" -nt package-lock.json ] && [ -x node_modules/.bin/mcp-server-everything ]; then
  exit 0
fi
npm ci --no-audit --no-fund --loglevel=error
touch "$stamp"
