#!/usr/bin/env bash
# bench/run.sh -- run each benchmark program under box and under CPython 3.11
# in the same run, and print per-program time ratios and their geometric mean.
#
# Usage: bench/run.sh [-n RUNS] [PROGRAM.py ...]
#   BOX_BROKER   the box-broker binary (default: ./box-broker from the build dir)
#   PYTHON_REF   the reference interpreter (default: /usr/bin/python3.11, Debian's optimised build)
# Times are whole-process wall times (box start-up included), best of RUNS.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
runs=3
if [ "${1:-}" = "-n" ]; then runs=$2; shift 2; fi
broker=${BOX_BROKER:-./box-broker}
ref=${PYTHON_REF:-/usr/bin/python3.11}
[ -x "$broker" ] || { echo "bench: no box-broker at $broker (set BOX_BROKER)" >&2; exit 2; }
[ -x "$ref" ] || { echo "bench: no reference interpreter at $ref" >&2; exit 2; }

. "$here/../tests/lib/box.sh"
box_tmpdir bench
work=$TMP
progs="$work/progs"   # each program is copied here: the box's agent may read it
mkdir -p "$progs" "$work/ws"
box_write_toml "$work/box.toml" bench "$work/state" "$work/ws" policy.dw "$progs"
: > "$work/policy.dw"

# best_time CMD... -> prints the best wall time in seconds over $runs runs
best_time() {
    local best="" t0 t1 dt
    for _ in $(seq "$runs"); do
        t0=$(date +%s%N)
        "$@" > /dev/null 2> "$work/stderr" || { echo "bench: failed: $*" >&2; cat "$work/stderr" >&2; return 1; }
        t1=$(date +%s%N)
        dt=$(( t1 - t0 ))
        if [ -z "$best" ] || [ "$dt" -lt "$best" ]; then best=$dt; fi
    done
    awk -v ns="$best" 'BEGIN { printf "%.4f", ns / 1e9 }'
}

if [ $# -eq 0 ]; then set -- "$here"/programs/*.py; fi
printf '%-22s %10s %10s %8s\n' program box_s cpython_s ratio
logsum=0; count=0; worst=0; worst_name=""
for prog in "$@"; do
    name=$(basename "$prog" .py)
    cp "$prog" "$progs/$name.py"
    prog="$progs/$name.py"
    if ! tb=$(best_time "$broker" --config "$work/box.toml" "$prog"); then
        printf '%-22s %10s\n' "$name" "FAILED"; continue
    fi
    tc=$(best_time "$ref" "$prog")
    ratio=$(awk -v a="$tb" -v b="$tc" 'BEGIN { printf "%.2f", a / b }')
    printf '%-22s %10s %10s %7sx\n' "$name" "$tb" "$tc" "$ratio"
    logsum=$(awk -v s="$logsum" -v r="$ratio" 'BEGIN { printf "%.6f", s + log(r) }')
    count=$((count + 1))
    if awk -v r="$ratio" -v w="$worst" 'BEGIN { exit !(r > w) }'; then worst=$ratio; worst_name=$name; fi
done
if [ "$count" -gt 0 ]; then
    awk -v s="$logsum" -v n="$count" 'BEGIN { printf "geometric mean ratio (box / CPython 3.11): %.2fx over %d programs\n", exp(s / n), n }'
    echo "worst: $worst_name ${worst}x"
fi

# Start-up is timed by bench/startup.sh: timing it here, with date(1) spawned
# around each run, would add the same few milliseconds to both sides.
echo "start-up: see bench/startup.sh"
