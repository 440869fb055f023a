#!/usr/bin/env bash
# bench/telemetry.sh -- what an OTLP telemetry target costs a decided file
# operation: one script does N (default 5,000) Path.exists() calls through
# box-broker (each a request, a policy decision and a record), with the
# default file target, then with an otlp target (the record goes to the
# spool; a local receiver, tests/telemetry/receiver.py, takes them after the
# run), against CPython 3.11 doing the same calls directly.  Prints µs per
# operation (best and median of RUNS runs, timed inside each script, runs
# alternating so both see the same load) and the ratios.
#
# Usage: bench/telemetry.sh [-n RUNS] [N]
#   BOX_BROKER   the box-broker binary (default: ./box-broker from the build dir)
#   PYTHON_REF   the reference interpreter (default: /usr/bin/python3.11)
#   top_srcdir   the source tree (default: this script's ..)
set -euo pipefail

runs=5
if [ "${1:-}" = "-n" ]; then runs=$2; shift 2; fi
n=${1:-5000}
broker=$(realpath "${BOX_BROKER:-./box-broker}")
ref=${PYTHON_REF:-/usr/bin/python3.11}
src_top=$(cd "${top_srcdir:-$(dirname "$0")/..}" && pwd)
[ -x "$broker" ] || { echo "bench: no box-broker at $broker (set BOX_BROKER)" >&2; exit 2; }

work=$(mktemp -d)
rpid=
trap '[ -z "$rpid" ] || kill "$rpid" 2>/dev/null; rm -rf "$work"' EXIT
mkdir -p "$work/ws"
echo data >"$work/ws/notes.txt"
mkfifo "$work/in"
"$ref" "$src_top/tests/telemetry/receiver.py" 0 "$work/got" <"$work/in" >"$work/port" &
rpid=$!
exec 9>"$work/in"
for _ in $(seq 100); do [ -s "$work/port" ] && break; sleep 0.05; done
port=$(cat "$work/port")
for kind in file otlp; do
  {
    printf 'name = "bench-%s"\nbox_dir = "%s/state-%s"\npolicy = "%s/policy.dw"\n\n' "$kind" "$work" "$kind" "$work"
    printf '[agent]\nworkspace = "%s/ws"\n' "$work"
    if [ "$kind" = otlp ]; then
      printf '\n[telemetry.collector]\nkind = "otlp"\ndestination = "http://127.0.0.1:%s"\n' "$port"
    fi
  } >"$work/$kind.toml"
done
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
summary() { printf '%s\n' "$@" | sort -g | awk '{ t[NR] = $1 } END { print t[1], t[int((NR + 1) / 2)] }'; }
file_t=() otlp_t=() ref_t=()
for _ in $(seq "$runs"); do
  file_t+=("$(cd "$work/ws" && "$broker" --config "$work/file.toml" -c "$src")")
  otlp_t+=("$(cd "$work/ws" && "$broker" --config "$work/otlp.toml" -c "$src")")
  ref_t+=("$(cd "$work/ws" && "$ref" -c "$src")")
done
read -r f_best f_med <<<"$(summary "${file_t[@]}")"
read -r o_best o_med <<<"$(summary "${otlp_t[@]}")"
read -r r_best r_med <<<"$(summary "${ref_t[@]}")"
# The records reach the receiver after each run, from the detached sender.
want=$((runs * n))
for _ in $(seq 600); do [ "$(wc -l <"$work/got")" -ge "$want" ] && break; sleep 0.1; done
printf 'Path.exists() x %d (best/median of %d runs, us per operation):\n' "$n" "$runs"
printf '  box, file target:  %.1f / %.1f\n' "$f_best" "$f_med"
printf '  box, otlp target:  %.1f / %.1f   (%d of %d records delivered to the collector)\n' \
  "$o_best" "$o_med" "$(wc -l <"$work/got")" "$want"
printf '  CPython 3.11:      %.2f / %.2f\n' "$r_best" "$r_med"
printf '  otlp/file %.2fx (median); box/CPython %.1fx (file, median)\n' \
  "$(awk -v a="$o_med" -v b="$f_med" 'BEGIN { print a / b }')" \
  "$(awk -v a="$f_med" -v b="$r_med" 'BEGIN { print a / b }')"
