#!/usr/bin/env bash
# bench/startup.sh -- start-up cost of the whole box: `print(6*7)` through
# box-broker against CPython 3.11 with -I -S, run alternately side by side.
#
# Usage: bench/startup.sh [-n RUNS]
#   BOX_BROKER   the box-broker binary (default: ./box-broker from the build dir)
#   PYTHON_REF   the reference interpreter (default: /usr/bin/python3.11)
# Prints best and median wall time of each (ms) and the ratio box / CPython
# (issue #3's target: best ratio <= 0.25).  When a C compiler is at hand
# ($CC, default cc) it also times "floor": the skeleton of box's process
# model with no work in it -- a dynamically linked program (the broker)
# that spawns a static one (the worker) and waits for it.  No two-process
# design can start faster than that on the machine at hand.  On a busy machine the figures
# swing with everyone else's load; as root, `chrt -f 50 bench/startup.sh`
# runs both sides ahead of it and gives steadier ones.
set -euo pipefail

runs=30
if [ "${1:-}" = "-n" ]; then runs=$2; shift 2; fi
broker=${BOX_BROKER:-./box-broker}
ref=${PYTHON_REF:-/usr/bin/python3.11}
[ -x "$broker" ] || { echo "startup: no box-broker at $broker (set BOX_BROKER)" >&2; exit 2; }
[ -x "$ref" ] || { echo "startup: no reference interpreter at $ref" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/ws"
. "$(dirname "$0")/../tests/lib/box.sh"
box_write_toml "$work/box.toml" startup "$work/state" "$work/ws" policy.dw
: > "$work/policy.dw"

# The floor: both programs do nothing; only their start-up is timed.
floor=""
cc=${CC:-cc}
if command -v "$cc" >/dev/null 2>&1; then
	printf 'int main(void) { return 0; }\n' > "$work/nop.c"
	if "$cc" -O2 -static -o "$work/nop" "$work/nop.c" 2>/dev/null &&
	   "$cc" -O2 -o "$work/floor" "$(dirname "$0")/floor.c" 2>/dev/null; then
		floor="$work/floor $work/nop"
	fi
fi

# The timing loop runs in python3.11 itself (perf_counter around each
# subprocess.run), so both sides pay the same spawn and wait overhead.
"$ref" -I - "$runs" "$broker" "$work/box.toml" "$ref" "$floor" <<'PY'
import statistics, subprocess, sys, time

runs, broker, config, ref, floor = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5]
commands = {
    "box": [broker, "--config", config, "-c", "print(6*7)"],
    "cpython": [ref, "-I", "-S", "-c", "print(6*7)"],
}
if floor:
    commands["floor"] = floor.split()
times = {name: [] for name in commands}
for _ in range(runs):
    for name, argv in commands.items():
        t0 = time.perf_counter()
        done = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        elapsed = time.perf_counter() - t0
        if done.returncode != 0 or done.stdout != b"42\n":
            sys.exit(f"startup: {name} failed ({done.returncode}): {done.stderr.decode(errors='replace')}")
        times[name].append(elapsed * 1000)
for name, ts in times.items():
    print(f"{name:8} best {min(ts):7.2f} ms   median {statistics.median(ts):7.2f} ms")
best = min(times["box"]) / min(times["cpython"])
median = statistics.median(times["box"]) / statistics.median(times["cpython"])
print(f"ratio box / CPython: best {best:.3f}, median {median:.3f} (target <= 0.25) over {runs} runs")
if "floor" in times:
    fb = min(times["floor"]) / min(times["cpython"])
    fm = statistics.median(times["floor"]) / statistics.median(times["cpython"])
    print(f"ratio floor / CPython: best {fb:.3f}, median {fm:.3f} (two empty processes)")
PY
