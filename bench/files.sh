#!/usr/bin/env bash
# bench/files.sh -- the cost of one decided file operation: one script does
# N (default 5,000) Path.exists() calls through box-broker (each one a
# request, a policy decision and a decision-log record), against CPython
# 3.11 doing the same calls directly.  Prints µs per operation for both and
# the ratio; the time is measured inside each script (start-up excluded),
# best of RUNS runs.
#
# Usage: bench/files.sh [-n RUNS] [N]
#   BOX_BROKER   the box-broker binary (default: ./box-broker from the build dir)
#   PYTHON_REF   the reference interpreter (default: /usr/bin/python3.11)
set -euo pipefail

runs=3
if [ "${1:-}" = "-n" ]; then runs=$2; shift 2; fi
n=${1:-5000}
broker=$(realpath "${BOX_BROKER:-./box-broker}")
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

best() {
  local b=""
  for _ in $(seq "$runs"); do
    local t
    t=$("$@")
    if [ -z "$b" ] || awk -v a="$t" -v b="$b" 'BEGIN { exit !(a < b) }'; then b=$t; fi
  done
  echo "$b"
}
box_us=$(best sh -c 'cd "$1" && "$2" --config "$3" -c "$4"' _ "$work/ws" "$broker" "$work/box.toml" "$src")
ref_us=$(best sh -c 'cd "$1" && "$2" -c "$3"' _ "$work/ws" "$ref" "$src")
# Each decision is two lines: its log record and its span.
records=$(grep -c '^{"resourceLogs"' "$work/state/private/telemetry/records.jsonl")
printf 'Path.exists() x %d: box %.1f us/op (decided and logged: %d records), CPython %.2f us/op, ratio %.1fx\n' \
  "$n" "$box_us" "$records" "$ref_us" "$(awk -v a="$box_us" -v b="$ref_us" 'BEGIN { print a / b }')"
