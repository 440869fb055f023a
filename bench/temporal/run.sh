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
	# instructions per call, independent of the load: 20 rules, 10k events,
	# 2,000 decisions (12,000 observes: the 10k history and the decided requests)
	out=$(mktemp)
	BENCH_TEMPORAL_RESCAN=0 valgrind --tool=callgrind --callgrind-out-file="$out" "$prog" 20x10k >/dev/null 2>&1
	incl() { callgrind_annotate --inclusive=yes "$out" 2>/dev/null | grep -m1 "monitor.c:$1 " | awk '{gsub(",","",$1); print $1}'; }
	d=$(incl policy_monitor_decide)
	o=$(incl policy_monitor_observe)
	echo
	echo "callgrind, 20 rules, 10k events: policy_monitor_decide $((d / 2000)) instructions per decision," \
	     "policy_monitor_observe $((o / 12000)) per event"
	rm -f "$out"
fi
