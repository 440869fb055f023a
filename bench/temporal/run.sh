#!/bin/sh
# bench/temporal/run.sh -- per-decision cost of temporal rules, the
# incremental monitor against the rescan of history, with the machine's
# load (bench/temporal/bench_temporal.c says what is measured).
# Usage: bench/temporal/run.sh [BUILD_DIR] [CONFIG]   (BUILD_DIR: where `make` ran; default .)
# With CALLGRIND=1, also the monitor's instructions per decision at 20 rules,
# 10k events (valgrind --tool=callgrind, independent of the load).
set -eu
build=${1:-.}
prog="$build/bench/temporal/bench_temporal"
if [ ! -x "$prog" ]; then
	echo "run.sh: $prog not found: run make in $build first" >&2
	exit 1
fi
echo "## temporal rules per decision ($(date -u +%Y-%m-%dT%H:%MZ))"
echo "load: $(uptime)"
echo
"$prog" ${2:-}
if [ "${CALLGRIND:-0}" = 1 ]; then
	out=$(mktemp)
	# the same history, 5000 decisions and then 10000: the difference is 5000 decisions' instructions
	BENCH_TEMPORAL_RESCAN=0 valgrind --tool=callgrind --callgrind-out-file="$out" "$prog" 20x10k >/dev/null 2>"$out.log"
	echo
	echo "callgrind (monitor only, 20x10k, whole run incl. building the history):"
	grep -E "Collected" "$out.log" || true
	rm -f "$out" "$out.log"
fi
