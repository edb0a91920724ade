#!/usr/bin/env bash
# Memory of a whole CLI run: maximum RSS (/usr/bin/time -v) of `mcp-fuzzer --mode tools --phase
# realistic --runs N` against benchmarks/echo_server.py, a small Python echo MCP server (about
# 10 MB RSS, so the maximum RSS of the process tree is the fuzzer's own), for several N, with
# the JVM's defaults (plain `java -jar`: what the launcher did before) and with the launcher.
# Prints numbers and ratios (asserts nothing). Wall and CPU times include the echo server, and
# are noisy on a busy machine; the RSS figures are not.
#
# Usage: scripts/bench-memory.sh                 (about 3-4 minutes on 2 busy cores)
# Environment:
#   RUNS="10000 20000 100000"  run counts for the launcher
#   PLAIN_RUNS="20000 100000"  run counts for plain java -jar ("" to skip)
#   CONCURRENCY=5              --max-concurrency (the CLI's default)
#   PY_FUZZER="mcp-fuzzer"     optional: the Python mcp-fuzzer's command, measured on the same
#                              target with the same run counts as PLAIN_RUNS
set -euo pipefail

cd "$(dirname "$0")/.."
root=$(pwd)
RUNS=${RUNS:-10000 20000 100000}
PLAIN_RUNS=${PLAIN_RUNS-20000 100000}
CONCURRENCY=${CONCURRENCY:-5}
work=$(mktemp -d "${TMPDIR:-/tmp}/bench-memory.XXXXXX")
trap 'rm -rf "$work"' EXIT
[[ -x /usr/bin/time ]] || { echo "needs /usr/bin/time (GNU time)" >&2; exit 1; }

./mcp-fuzzer --version >/dev/null # builds the jar and the archive if needed
endpoint="python3 $root/benchmarks/echo_server.py"

# measure NAME RUNS COMMAND...: prints "NAME RUNS wall_s cpu_s max_rss_mb ok_runs"
measure() {
  local name=$1 runs=$2
  shift 2
  local dir="$work/$name.$runs"
  mkdir -p "$dir"
  (cd "$dir" && /usr/bin/time -v "$@" --endpoint "$endpoint" --mode tools --phase realistic --runs "$runs" \
    --max-concurrency "$CONCURRENCY" --seed 1 --no-corpus --fs-root "$dir/fs" --output-dir "$dir/out" \
    >"$dir/stdout" 2>"$dir/time") || true
  local wall cpu rss ok
  wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {n = split($2, p, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + p[i]; print s}' "$dir/time")
  cpu=$(awk -F': ' '/User time|System time/ {s += $2} END {print s}' "$dir/time")
  rss=$(awk -F': ' '/Maximum resident set size/ {printf "%.0f", $2 / 1024}' "$dir/time")
  ok=$(grep -Eo 'ok [0-9]+' "$dir/stdout" | awk '{print $2}' | head -1 || true)
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$runs" "$wall" "$cpu" "$rss" "${ok:-?}"
  rm -rf "$dir/out"
}

# commands, not shell functions: /usr/bin/time runs them
# shellcheck disable=SC2206
plain=(java ${JAVA_OPTS:-} -jar "$root/target/mcp-fuzzer-all.jar")
launcher=("$root/mcp-fuzzer")
# shellcheck disable=SC2206
python_tool=(${PY_FUZZER:-} --protocol stdio)

echo "== machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $(java -version 2>&1 | head -1)"
results=$(
  for n in $RUNS; do measure launcher "$n" "${launcher[@]}"; done
  for n in $PLAIN_RUNS; do measure "plain java -jar" "$n" "${plain[@]}"; done
  if [[ -n "${PY_FUZZER:-}" ]]; then
    for n in $PLAIN_RUNS; do measure "python mcp-fuzzer" "$n" "${python_tool[@]}"; done
  fi
)
printf '%-18s %8s %8s %10s %12s %8s %10s\n' "configuration" "runs" "wall s" "CPU s" "max RSS MB" "ok" "calls/s"
while IFS=$'\t' read -r name runs wall cpu rss ok; do
  printf '%-18s %8s %8s %10s %12s %8s %10.0f\n' "$name" "$runs" "$wall" "$cpu" "$rss" "$ok" "$(awk -v r="$runs" -v w="$wall" 'BEGIN {print r / w}')"
done <<<"$results"
awk -F'\t' '
  {rss[$1 "|" $2] = $5; if (!($1 in lo)) lo[$1] = $2; hi[$1] = $2}
  END {
    for (c in lo) if (lo[c] != hi[c])
      printf "ratio %s: max RSS at %s runs / at %s runs = %.2f\n", c, hi[c], lo[c], rss[c "|" hi[c]] / rss[c "|" lo[c]]
    for (k in rss) { split(k, p, "|"); if (p[1] != "launcher" && ("launcher|" p[2]) in rss)
      printf "ratio launcher / %s at %s runs: max RSS %.2f\n", p[1], p[2], rss["launcher|" p[2]] / rss[k] }
  }' <<<"$results"
echo "(CPU s = user + system of the fuzzer and the echo server together)"
echo "== load after: $(cut -d' ' -f1-3 /proc/loadavg)"
