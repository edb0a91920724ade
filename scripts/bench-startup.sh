#!/usr/bin/env bash
# Start-up time of the CLI, before and after the launcher's JVM flags and class-data archive.
# Prints numbers (asserts nothing). For each configuration, REPEAT times (median shown):
#   --version           wall time of `--version`
#   first request       from launch until the target received its first request (initialize)
#   first call          from launch until the target received its first tools/call
# The target is benchmarks/echo_server.py (a small Python echo MCP server) with --stamp.
#
# Configurations:
#   plain java -jar     `java -jar target/mcp-fuzzer-all.jar` (JVM defaults: what the launcher did before)
#   launcher, no CDS    ./mcp-fuzzer with MCP_FUZZER_CDS=0 (its JVM flags only)
#   launcher            ./mcp-fuzzer (flags + the AppCDS archive target/mcp-fuzzer-<java version>.jsa)
#   ALT: ...            with ALT_JAVA_HOME set (a Java 25+ home): the same three on that runtime, the
#                       launcher with its ahead-of-time cache (target/mcp-fuzzer-<version>.aot)
#
# Usage: scripts/bench-startup.sh          (REPEAT=7 by default; about 1 minute, twice with ALT_JAVA_HOME)
# Environment: REPEAT=N, ALT_JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64
set -euo pipefail

cd "$(dirname "$0")/.."
root=$(pwd)
REPEAT=${REPEAT:-7}
work=$(mktemp -d "${TMPDIR:-/tmp}/bench-startup.XXXXXX")
trap 'rm -rf "$work"' EXIT

./mcp-fuzzer --version >/dev/null # builds the jar and the archive if needed
[[ -z "${ALT_JAVA_HOME:-}" ]] || JAVA_HOME=$ALT_JAVA_HOME ./mcp-fuzzer --version >/dev/null # its cache
jar=target/mcp-fuzzer-all.jar
compgen -G 'target/mcp-fuzzer*.jsa' >/dev/null || echo "warning: no target/mcp-fuzzer*.jsa, the launcher runs without CDS" >&2

stamps=0
now_ns() { date +%s%N; }

median() { sort -n | awk '{a[NR]=$1} END {if (NR == 0) print "nan"; else if (NR % 2) print a[(NR+1)/2]; else print (a[NR/2]+a[NR/2+1])/2}'; }

# run_config NAME COMMAND...: prints "NAME version_ms first_request_ms first_call_ms" (medians)
run_config() {
  local name=$1
  shift
  local v=() r=() c=()
  for ((i = 0; i < REPEAT; i++)); do
    local t0 t1
    t0=$(now_ns)
    "$@" --version >/dev/null
    t1=$(now_ns)
    v+=($(((t1 - t0) / 1000000)))
    local stamp="$work/stamp.$((++stamps))"
    rm -f "$stamp" # the counter restarts in each table's subshell
    t0=$(now_ns)
    (cd "$work" && "$@" --endpoint "python3 $root/benchmarks/echo_server.py --stamp $stamp" --mode tools \
      --phase realistic --runs 1 --seed 1 --no-corpus --fs-root "$work/fs" --output-dir "$work/out" >/dev/null 2>&1)
    r+=($((($(awk '$1 == "first_request" {print $2}' "$stamp") - t0) / 1000000)))
    c+=($((($(awk '$1 == "first_call" {print $2}' "$stamp") - t0) / 1000000)))
  done
  printf '%s\t%s\t%s\t%s\n' "$name" "$(printf '%s\n' "${v[@]}" | median)" \
    "$(printf '%s\n' "${r[@]}" | median)" "$(printf '%s\n' "${c[@]}" | median)"
}

plain() { "${JAVA_HOME:+$JAVA_HOME/bin/}java" ${JAVA_OPTS:-} -jar "$root/$jar" "$@"; }
nocds() { MCP_FUZZER_CDS=0 "$root/mcp-fuzzer" "$@"; }
launcher() { "$root/mcp-fuzzer" "$@"; }

echo "== machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $(java -version 2>&1 | head -1)"
echo "== start-up, median of $REPEAT runs each (ms)"
# table TAG: the three configurations on the current JAVA_HOME (or java on PATH)
table() {
  local tag=$1 results
  echo "-- $tag: $("${JAVA_HOME:+$JAVA_HOME/bin/}java" -version 2>&1 | head -1)"
  results=$(
    run_config "plain java -jar" plain
    run_config "launcher, no CDS" nocds
    run_config "launcher" launcher
  )
  printf '%-18s %12s %15s %12s\n' "configuration" "--version" "first request" "first call"
  while IFS=$'\t' read -r name v r c; do
    printf '%-18s %12s %15s %12s\n' "$name" "$v" "$r" "$c"
  done <<<"$results"
  awk -F'\t' 'NR == 1 {v0 = $2; r0 = $3; c0 = $4} NR == 3 {
    printf "ratio launcher / plain java -jar: --version %.2f, first request %.2f, first call %.2f\n", $2 / v0, $3 / r0, $4 / c0 }' <<<"$results"
}
table "default runtime"
[[ -z "${ALT_JAVA_HOME:-}" ]] || JAVA_HOME=$ALT_JAVA_HOME table "ALT_JAVA_HOME"
echo "== load after: $(cut -d' ' -f1-3 /proc/loadavg)"
