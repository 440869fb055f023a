#!/usr/bin/env bash
# bench/files.sh -- the cost of one decided file operation: one script does
# N (default 5,000) Path.exists() calls through box-broker (each one a
# request, a policy decision and a decision-log record), against CPython
# 3.11 doing the same calls directly.  Prints µs per operation for both and
# the ratio; the time is measured inside each script (start-up excluded),
# best (and median) of RUNS runs.
#
# Usage: bench/files.sh [-n RUNS] [N]
#   BOX_BROKER   the box-broker binary (default: ./box-broker from the build dir)
#   BOX_BROKER_B a second box-broker (with its box-worker next to it) to
#                compare: its runs alternate with BOX_BROKER's, so both see
#                the same load; one more line is printed for it
#   PYTHON_REF   the reference interpreter (default: /usr/bin/python3.11)
# On a shared machine read the medians; the per-operation cost is mostly
# the two processes waking each other (broker/session.c co-locates them).
set -euo pipefail

runs=3
if [ "${1:-}" = "-n" ]; then runs=$2; shift 2; fi
n=${1:-5000}
broker=$(realpath "${BOX_BROKER:-./box-broker}")
broker_b=""
if [ -n "${BOX_BROKER_B:-}" ]; then
  broker_b=$(realpath "$BOX_BROKER_B")
  [ -x "$broker_b" ] || { echo "bench: no box-broker at $broker_b (BOX_BROKER_B)" >&2; exit 2; }
fi
ref=${PYTHON_REF:-/usr/bin/python3.11}
[ -x "$broker" ] || { echo "bench: no box-broker at $broker (set BOX_BROKER)" >&2; exit 2; }
[ -x "$ref" ] || { echo "bench: no reference interpreter at $ref" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/ws"
echo data >"$work/ws/notes.txt"
cat >"$work/box.toml" <<TOML
name = "bench-files"
box_dir = "$work/state"
policy = "policy.dw"

[agent]
workspace = "$work/ws"
TOML
cat >"$work/policy.dw" <<POLICY
@id("ws_read")
permit (principal, action == Box::Action::"fs:read", resource)
when { context.input.path like "$work/ws/*" };
POLICY

src="import time
from pathlib import Path
p = Path('notes.txt')
t0 = time.monotonic()
for _ in range($n):
    if not p.exists():
        raise SystemExit('missing')
print((time.monotonic() - t0) * 1e6 / $n)"

# summary T...: "best median" of the times
summary() { printf '%s\n' "$@" | sort -g | awk '{ t[NR] = $1 } END { print t[1], t[int((NR + 1) / 2)] }'; }
run_box() { (cd "$work/ws" && "$1" --config "$2" -c "$src"); }
# BOX_BROKER_B logs into a box of its own, so the record count is BOX_BROKER's
sed "s|^box_dir = .*|box_dir = \"$work/state-b\"|" "$work/box.toml" >"$work/box-b.toml"
a_times=() b_times=() ref_times=()
for _ in $(seq "$runs"); do
  a_times+=("$(run_box "$broker" "$work/box.toml")")
  [ -z "$broker_b" ] || b_times+=("$(run_box "$broker_b" "$work/box-b.toml")")
done
for _ in $(seq "$runs"); do
  ref_times+=("$(cd "$work/ws" && "$ref" -c "$src")")
done
read -r box_us box_med <<<"$(summary "${a_times[@]}")"
read -r ref_us ref_med <<<"$(summary "${ref_times[@]}")"
# Each decision is two lines: its log record and its span.
records=$(grep -c '^{"resourceLogs"' "$work/state/private/telemetry/records.jsonl")
printf 'Path.exists() x %d: box %.1f us/op (median %.1f; decided and logged: %d records), CPython %.2f us/op, ratio %.1fx\n' \
  "$n" "$box_us" "$box_med" "$records" "$ref_us" "$(awk -v a="$box_us" -v b="$ref_us" 'BEGIN { print a / b }')"
if [ -n "$broker_b" ]; then
  read -r b_us b_med <<<"$(summary "${b_times[@]}")"
  printf 'BOX_BROKER_B %s: box %.1f us/op (median %.1f), ratio %.1fx\n' \
    "$broker_b" "$b_us" "$b_med" "$(awk -v a="$b_us" -v b="$ref_us" 'BEGIN { print a / b }')"
fi
