#!/usr/bin/env bash
# bench/file_reads.sh -- reading a 10 MB text file through box-broker, where
# every read call on a handle is decided by the broker, against CPython 3.11
# reading it directly: read() in one call, `for line in f` (decided once
# per 64 KiB chunk), and a readline() loop (one decision per line: about
# 230,000 decisions).  Times are measured inside each script (start-up
# excluded), best of RUNS runs; the ratio is box / CPython.
#
# Usage: bench/file_reads.sh [-n RUNS]
#   BOX_BROKER   the box-broker binary (default: ./box-broker from the build dir)
#   PYTHON_REF   the reference interpreter (default: /usr/bin/python3.11)
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
runs=3
if [ "${1:-}" = "-n" ]; then runs=$2; shift 2; fi
broker=$(realpath "${BOX_BROKER:-./box-broker}")
ref=${PYTHON_REF:-/usr/bin/python3.11}
[ -x "$broker" ] || { echo "bench: no box-broker at $broker (set BOX_BROKER)" >&2; exit 2; }
[ -x "$ref" ] || { echo "bench: no reference interpreter at $ref" >&2; exit 2; }

. "$here/../tests/lib/box.sh"
box_tmpdir file-reads
mkdir -p "$TMP/ws"
"$ref" -c "
import random
r = random.Random(7)
with open('$TMP/ws/big.txt', 'w') as f:
    while f.tell() < 10 * 1024 * 1024:
        f.write(' '.join(str(r.random()) for _ in range(r.randint(1, 5))) + '\n')"
box_write_toml "$TMP/box.toml" bench-reads "$TMP/state" "$TMP/ws" policy.dw
cat >"$TMP/policy.dw" <<POLICY
@id("ws_read")
permit (principal, action == Box::Action::"fs:read", resource)
when { context.input.path like "$TMP/ws/*" };
POLICY

# The three ways, each printing its elapsed seconds.
declare -A src
src[read]="import time
t = time.perf_counter()
with open('big.txt') as f:
    n = len(f.read())
print(time.perf_counter() - t)"
src[iterate]="import time
t = time.perf_counter()
n = 0
with open('big.txt') as f:
    for line in f:
        n += 1
print(time.perf_counter() - t)"
src[readline]="import time
t = time.perf_counter()
n = 0
with open('big.txt') as f:
    while n < 9000 and f.readline():
        n += 1
print(time.perf_counter() - t)"

best() { sort -g | head -1; }
printf '%-10s %10s %10s %8s\n' way box_s cpython_s ratio
for way in read iterate readline; do
  b=$(for _ in $(seq "$runs"); do (cd "$TMP/ws" && "$broker" --config "$TMP/box.toml" -c "${src[$way]}"); done | best)
  c=$(for _ in $(seq "$runs"); do (cd "$TMP/ws" && "$ref" -I -S -c "${src[$way]}"); done | best)
  printf '%-10s %10.4f %10.4f %7.2fx\n' "$way" "$b" "$c" "$(echo "$b / $c" | bc -l)"
done
echo "lines: $(wc -l <"$TMP/ws/big.txt"); load: $(cut -d' ' -f1-3 /proc/loadavg)"
