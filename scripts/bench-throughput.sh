#!/usr/bin/env bash
# Builds the fuzzer and the benchmarks module, then prints numbers (it asserts nothing):
#   1. JMH micro-benchmarks (short settings unless JMH arguments are given),
#   2. end-to-end throughput: real campaigns against an echo MCP server vs a bare client loop.
#
# Usage: scripts/bench-throughput.sh [JMH arguments...]
#   scripts/bench-throughput.sh                         # -f 1 -wi 1 -i 3 -w 1s -r 1s, all benchmarks
#   scripts/bench-throughput.sh -f 1 -wi 3 -i 5 LeakPatterns   # any JMH options and a name regex
# Environment:
#   THROUGHPUT_ARGS  arguments for io.mcpfuzzer.bench.Throughput (default: --runs 10000 --bare-calls 50000)
#   THROUGHPUT_JVMS  which JVM flags the throughput part runs with: "launcher" (the flags of
#                    ./mcp-fuzzer, what users get), "default" (the JVM's defaults), or both
#                    (default: "launcher default")
#   SKIP_BUILD=1     reuse benchmarks/target/benchmarks.jar
#   COMPARE_CLASSES  a target/classes directory of another build (e.g. an older commit compiled with
#                    ./mvnw -o -q compile in a checkout): the throughput part then runs that build
#                    first ("before"), then this one ("after"), one after the other on the same machine
#   SKIP_JMH=1       only the throughput part;  SKIP_THROUGHPUT=1  only JMH
#   MVN_FLAGS        extra Maven flags, e.g. -o once the JMH artifacts are in the local repository
# Default run: about 5-6 minutes on 2 busy cores (builds included; the throughput part runs twice).
set -euo pipefail

cd "$(dirname "$0")/.."
JAR=benchmarks/target/benchmarks.jar
# shellcheck disable=SC2206
MVN=(./mvnw -q -B ${MVN_FLAGS:-})

if [[ "${SKIP_BUILD:-0}" != 1 ]]; then
  echo "== building mcp-fuzzer and installing it into the local Maven repository" >&2
  # install (not just package): the benchmarks module resolves io.mcpfuzzer:mcp-fuzzer from there.
  "${MVN[@]}" -DskipTests -DskipITs=true install
  echo "== building the benchmarks module" >&2
  "${MVN[@]}" -f benchmarks/pom.xml package
fi
[[ -f "$JAR" ]] || { echo "missing $JAR (run without SKIP_BUILD)" >&2; exit 1; }

echo "== machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $(java -version 2>&1 | head -1)"

if [[ "${SKIP_JMH:-0}" != 1 ]]; then
  if [[ $# -eq 0 ]]; then
    set -- -f 1 -wi 1 -i 3 -w 1s -r 1s
  fi
  echo "== JMH micro-benchmarks: $*"
  java -jar "$JAR" "$@"
fi

if [[ "${SKIP_THROUGHPUT:-0}" != 1 ]]; then
  # shellcheck disable=SC2206
  TARGS=(${THROUGHPUT_ARGS:---runs 10000 --bare-calls 50000})
  # the launcher's JVM flags, read from its jvm_flags= line (one source of truth)
  LAUNCHER_FLAGS=$(sed -n 's/^jvm_flags="\(.*\)"$/\1/p' mcp-fuzzer)
  for jvm in ${THROUGHPUT_JVMS:-launcher default}; do
    case "$jvm" in
      launcher) FLAGS=$LAUNCHER_FLAGS ;;
      default) FLAGS="" ;;
      *) echo "unknown THROUGHPUT_JVMS entry $jvm" >&2; exit 2 ;;
    esac
    if [[ -n "${COMPARE_CLASSES:-}" ]]; then
      echo "== before (${COMPARE_CLASSES}), JVM flags: ${FLAGS:-(JVM defaults)}; ${TARGS[*]}"
      # shellcheck disable=SC2086
      java $FLAGS -cp "$COMPARE_CLASSES:$JAR" io.mcpfuzzer.bench.Throughput "${TARGS[@]}"
    fi
    echo "== end-to-end throughput, JVM flags: ${FLAGS:-(JVM defaults)}; ${TARGS[*]}"
    # shellcheck disable=SC2086
    java $FLAGS -cp "$JAR" io.mcpfuzzer.bench.Throughput "${TARGS[@]}"
  done
fi
