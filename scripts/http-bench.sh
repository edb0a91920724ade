#!/usr/bin/env bash
# Runs HttpThroughputBench (tools/call echo over Streamable HTTP against server-everything).
# Usage: scripts/http-bench.sh [callers=8] [seconds=15]
# Offline-friendly: compiles through one small test run and reuses the class path surefire recorded.
set -euo pipefail
cd "$(dirname "$0")/.."
./mvnw -q -B -o test -Dtest='io.mcpfuzzer.transport.http.SseParserTest' -Dsurefire.failIfNoSpecifiedTests=false
report=target/surefire-reports/TEST-io.mcpfuzzer.transport.http.SseParserTest.xml
cp=$(grep -o 'name="surefire.test.class.path" value="[^"]*"' "$report" | sed 's/.*value="//; s/"$//')
exec java -cp "$cp" io.mcpfuzzer.transport.http.HttpThroughputBench "${1:-8}" "${2:-15}"
