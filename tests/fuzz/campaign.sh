#!/usr/bin/env bash
# tests/fuzz/campaign.sh -- run each libFuzzer target for a fixed time and
# print one summary line per target (executions, coverage, features, crashes).
# The figures recorded in doc/SECURITY.md come from this script.
#
# Usage (from a build configured with CC=clang --enable-fuzzing):
#   tests/fuzz/campaign.sh [-t SECONDS] [TARGET ...]
#   TARGET is a name like `parse` (default: every tests/fuzz/fuzz_*.c)
# Each target starts from a copy of tests/fuzz/corpus/<target>; crash inputs
# are kept in ./fuzz-campaign/<target>/ and reported.
set -uo pipefail

seconds=600
if [ "${1:-}" = "-t" ]; then seconds=$2; shift 2; fi
src=${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}
if [ $# -eq 0 ]; then
    for f in "$src"/tests/fuzz/fuzz_*.c; do
        n=$(basename "$f" .c)
        set -- "$@" "${n#fuzz_}"
    done
fi

out=fuzz-campaign
mkdir -p "$out"
status=0
for t in "$@"; do
    bin=tests/fuzz/fuzz_$t
    if [ ! -x "$bin" ]; then
        make -s "$bin" || { echo "$t: cannot build $bin"; status=1; continue; }
    fi
    dir="$out/$t"
    rm -rf "$dir"
    mkdir -p "$dir/corpus" "$dir/crashes"
    cp -R "$src/tests/fuzz/corpus/$t/." "$dir/corpus/" 2>/dev/null || true
    "$bin" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 \
        -print_final_stats=1 -artifact_prefix="$dir/crashes/" \
        "$dir/corpus" > "$dir/log" 2>&1
    rc=$?
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$dir/log")
    cov=$(grep -o 'cov: [0-9]*' "$dir/log" | tail -1 | cut -d' ' -f2)
    ft=$(grep -o 'ft: [0-9]*' "$dir/log" | tail -1 | cut -d' ' -f2)
    # slow-unit-* files only record the slowest input seen (on a loaded
    # machine, noise); crashes, leaks, timeouts and OOMs are failures.
    crashes=$(find "$dir/crashes" -type f \( -name 'crash-*' -o -name 'leak-*' \
        -o -name 'timeout-*' -o -name 'oom-*' \) | wc -l)
    printf '%-10s %5ss  %12s execs  cov %6s  ft %7s  crashes %d  exit %d\n' \
        "$t" "$seconds" "${execs:-?}" "${cov:-?}" "${ft:-?}" "$crashes" "$rc"
    if [ "$crashes" -ne 0 ] || [ "$rc" -ne 0 ]; then status=1; fi
done
exit $status
