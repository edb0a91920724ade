#!/usr/bin/env bash
# Wall and CPU time of one real campaign: `mcp-fuzzer --endpoint <server-memory> --mode all --phase
# both --runs 10 --seed 1`, with the default coverage pass and with --coverage-budget 0, the memory
# file removed before each run. Times come from /usr/bin/time: the whole process tree (the fuzzer
# and the node server), and the server alone (started through a wrapper that times it); prints min
# and median of RUNS runs, and the run count of the campaign. The server is single-threaded, so its
# own CPU (start-up included) is a floor for the wall time of any client sending the same work.
# Numbers only, no assertions. On a busy machine compare CPU (user + sys) rather than wall.
#
# Usage: scripts/bench-campaign.sh                  (about 1-2 minutes)
# Environment:
#   SERVER=/path/to/mcp-server-memory   default: /tmp/realsrv/node_modules/.bin/mcp-server-memory
#                                       (npm i @modelcontextprotocol/server-memory there first)
#   RUNS=5                               runs per configuration
#   BASE=/path/to/other/checkout         optional: the same figures for another build's launcher
#                                        (its ./mcp-fuzzer), run in turn with this one
#   ALT_JAVA_HOME=/path/to/jdk-25        optional: the same figures for this launcher on that runtime
#                                        (Java 25+: with its ahead-of-time cache)
set -euo pipefail

cd "$(dirname "$0")/.."
root=$(pwd)
SERVER=${SERVER:-/tmp/realsrv/node_modules/.bin/mcp-server-memory}
RUNS=${RUNS:-5}
BASE=${BASE:-}
ALT_JAVA_HOME=${ALT_JAVA_HOME:-}
[[ -x /usr/bin/time ]] || { echo "needs /usr/bin/time (GNU time)" >&2; exit 1; }
[[ -x "$SERVER" ]] || { echo "no server at $SERVER (see the header of $0)" >&2; exit 1; }
work=$(mktemp -d "${TMPDIR:-/tmp}/bench-campaign.XXXXXX")
trap 'rm -rf "$work"' EXIT

./mcp-fuzzer --version >/dev/null # builds the jar and the archive if needed
[[ -z "$BASE" ]] || "$BASE/mcp-fuzzer" --version >/dev/null
[[ -z "$ALT_JAVA_HOME" ]] || JAVA_HOME=$ALT_JAVA_HOME ./mcp-fuzzer --version >/dev/null
printf '#!/bin/sh\nJAVA_HOME=%q exec %q "$@"\n' "$ALT_JAVA_HOME" "$root/mcp-fuzzer" >"$work/alt"
chmod +x "$work/alt"
# -a: a restart after a hang or crash starts the server again, and every incarnation counts
printf '#!/bin/sh\nexec /usr/bin/time -a -f "%%U %%S" -o %q %q "$@"\n' "$work/server-time" "$SERVER" >"$work/server"
chmod +x "$work/server"

# once LAUNCHER TAG EXTRA...: one campaign; appends "wall user sys runs server-cpu" to $work/TAG
once() {
  local launcher=$1 tag=$2
  shift 2
  rm -rf "$work/out" "$work/memory.json" "$work/server-time"
  /usr/bin/time -f '%e %U %S' -o "$work/time" "$launcher" --endpoint "$work/server" \
    --env "MEMORY_FILE_PATH=$work/memory.json" --mode all --phase both --runs 10 --seed 1 \
    --output-dir "$work/out" "$@" >"$work/stdout" 2>&1 || true
  local runs
  runs=$(sed -n 's/^Runs: *\([0-9]*\) over.*/\1/p' "$work/stdout")
  local server
  server=$(awk '/^[0-9.]+ [0-9.]+$/ { s += $1 + $2 } END { printf "%.2f", s }' "$work/server-time" 2>/dev/null || echo 0)
  echo "$(cat "$work/time") ${runs:-?} ${server:-0}" >>"$work/$tag"
}

# stats TAG: min and median of each column
stats() {
  python3 - "$work/$1" "$1" <<'EOF'
import sys, statistics
rows = [l.split() for l in open(sys.argv[1]) if l.strip()]
cols = list(zip(*rows))
def f(i):
    v = sorted(float(x) for x in cols[i])
    return f"{v[0]:6.2f} {statistics.median(v):6.2f}"
runs = sorted(set(cols[3]))
print(f"{sys.argv[2]:<24} wall {f(0)}  user {f(1)}  sys {f(2)}  server CPU {f(4)}  runs {','.join(runs)}")
EOF
}

for ((i = 0; i < RUNS; i++)); do
  once "$root/mcp-fuzzer" this-coverage
  [[ -z "$BASE" ]] || once "$BASE/mcp-fuzzer" base-coverage
  [[ -z "$ALT_JAVA_HOME" ]] || once "$work/alt" alt-java-coverage
  once "$root/mcp-fuzzer" this-budget0 --coverage-budget 0
  [[ -z "$BASE" ]] || once "$BASE/mcp-fuzzer" base-budget0 --coverage-budget 0
  [[ -z "$ALT_JAVA_HOME" ]] || once "$work/alt" alt-java-budget0 --coverage-budget 0
done

echo "server-memory --mode all --phase both --runs 10 --seed 1, $RUNS runs each, seconds (min median)"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores; $(java -version 2>&1 | head -1)"
[[ -z "$ALT_JAVA_HOME" ]] || echo "alt-java: $("$ALT_JAVA_HOME/bin/java" -version 2>&1 | head -1)"
for tag in this-coverage base-coverage alt-java-coverage this-budget0 base-budget0 alt-java-budget0; do
  [[ -f "$work/$tag" ]] && stats "$tag"
done
