#!/usr/bin/env bash
# The unit phase of the build (surefire: `./mvnw -o -B test -Dspotbugs.skip`, JaCoCo on as in CI), timed
# RUNS times in a row against the 3-minute goal. Prints numbers (asserts nothing); for each run:
#   wall, CPU      the whole Maven run, user and system CPU of every process it started
#   tests          surefire's count, and its failures
#   idle tail      the seconds at the end in which the cores were more than 20 % idle (vmstat, 1 s):
#                  a schedule that leaves one long class or the sequential chain running alone
#   last classes   the classes that ended last (surefire report times), with their own elapsed time
# Needs the sources compiled once before (it runs offline); nothing else may run on the machine meanwhile:
# the phase is CPU-bound on 2 cores, and single runs vary (docs/bench.md, round 11).
#
# Usage: scripts/bench-unit-phase.sh            (RUNS=1 by default; about 3 minutes a run on 2 cores)
# Environment: RUNS=N
set -euo pipefail

cd "$(dirname "$0")/.."
RUNS=${RUNS:-1}
work=$(mktemp -d "${TMPDIR:-/tmp}/bench-unit.XXXXXX")
trap 'kill "${vm:-0}" 2>/dev/null || true; rm -rf "$work"' EXIT
command -v vmstat >/dev/null || { echo "bench-unit-phase: needs vmstat (procps)" >&2; exit 1; }

printf '%-4s %9s %9s %7s %9s %10s\n' run wall "CPU s" tests failures "idle tail"
for run in $(seq "$RUNS"); do
  vmstat -n 1 >"$work/vm" &
  vm=$!
  start=$(date +%s.%N)
  ( TIMEFORMAT='%U %S'; time ./mvnw -o -B test -Dspotbugs.skip >"$work/log" 2>&1 ) 2>"$work/cpu" || true
  end=$(date +%s.%N)
  kill "$vm" 2>/dev/null || true
  wait "$vm" 2>/dev/null || true
  wall=$(echo "$end - $start" | bc)
  cpu=$(awk '{printf "%.0f", $1 + $2}' "$work/cpu")
  tests=$(grep -E '^\[(INFO|ERROR|WARNING)\] Tests run: [0-9]+, ' "$work/log" | tail -1 | sed -E 's/.*Tests run: ([0-9]+), Failures: ([0-9]+), Errors: ([0-9]+).*/\1 \2+\3/')
  # idle column 15; count trailing seconds whose idle share is above 20 %, from the end back to the first busy run of 10 s
  tail_s=$(awk 'NR > 2 {print $15}' "$work/vm" | tac | awk '{ if ($1 > 20) { n++; busy = 0 } else if (++busy >= 10) exit; else n++ } END { print n - busy + 0 }')
  printf '%-4s %8.0fs %9s %7s %9s %9ss\n' "$run" "$wall" "$cpu" ${tests:-"? ?"} "$tail_s"
  echo "     last classes to end (end s, own elapsed s):"
  for f in target/surefire-reports/TEST-*.xml; do
    [[ -e "$f" ]] || continue
    ended=$(stat -c %Y "$f")
    own=$(grep -o '<testsuite [^>]*' "$f" | grep -o ' time="[0-9.]*"' | head -1 | tr -dc '0-9.')
    echo "$(echo "$ended - ${start%.*}" | bc) ${own:-0} $(basename "$f" .xml | sed 's/^TEST-//')"
  done | sort -n | tail -5 | awk '{printf "       %4d %7.1f  %s\n", $1, $2, $3}'
done
