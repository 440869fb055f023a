#!/usr/bin/env bash
# bench/startup_cpu.sh -- CPU time and wall time of `print(6*7)` through one
# or more box-broker builds and through the floor (bench/startup.sh says
# what the floor is), run alternately, many times.
#
# Usage: bench/startup_cpu.sh [-n RUNS] BROKER...
# CPU time is user + system of the broker and its worker together (wait4's
# rusage of the broker, which has reaped the worker).  Prints the best,
# lower quartile and median of each.  On a busy shared machine the wall
# figures swing with everyone else's load; the CPU times and their lower
# quartile move much less, so compare builds with those.
set -euo pipefail

runs=200
if [ "${1:-}" = "-n" ]; then runs=$2; shift 2; fi
[ $# -ge 1 ] || { echo "usage: bench/startup_cpu.sh [-n RUNS] BROKER..." >&2; exit 2; }
for b in "$@"; do [ -x "$b" ] || { echo "startup_cpu: no box-broker at $b" >&2; exit 2; }; done
ref=${PYTHON_REF:-/usr/bin/python3.11}
cc=${CC:-cc}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/ws"
. "$(dirname "$0")/../tests/lib/box.sh"
box_write_toml "$work/box.toml" startup "$work/state" "$work/ws" policy.dw
: > "$work/policy.dw"
printf 'int main(void) { return 0; }\n' > "$work/nop.c"
"$cc" -O2 -static -o "$work/nop" "$work/nop.c"
"$cc" -O2 -o "$work/floor" "$(dirname "$0")/floor.c"

"$ref" -I - "$runs" "$work" "$@" <<'PY'
import os, statistics, sys, time

runs, work, brokers = int(sys.argv[1]), sys.argv[2], sys.argv[3:]
commands = {"floor": [f"{work}/floor", f"{work}/nop"]}
for i, b in enumerate(brokers):
    commands[f"box{i + 1}"] = [b, "--config", f"{work}/box.toml", "-c", "print(6*7)"]
wall = {name: [] for name in commands}
cpu = {name: [] for name in commands}
out = os.open(f"{work}/out", os.O_RDWR | os.O_CREAT | os.O_TRUNC)
for _ in range(runs):
    for name, argv in commands.items():
        os.ftruncate(out, 0)
        os.lseek(out, 0, os.SEEK_SET)
        t0 = time.perf_counter()
        pid = os.posix_spawn(argv[0], argv, {}, file_actions=[(os.POSIX_SPAWN_DUP2, out, 1)])
        _, status, ru = os.wait4(pid, 0)
        wall[name].append((time.perf_counter() - t0) * 1000)
        cpu[name].append((ru.ru_utime + ru.ru_stime) * 1000)
        if status != 0 or os.pread(out, 16, 0) != b"42\n":
            sys.exit(f"startup_cpu: {name} failed (status {status})")
def q1(x):
    return statistics.quantiles(x, n=4)[0]
for i, b in enumerate(brokers):
    print(f"box{i + 1} = {b}")
for name in commands:
    w, c = wall[name], cpu[name]
    print(f"{name:6} wall best {min(w):6.2f} q1 {q1(w):6.2f} median {statistics.median(w):6.2f} ms"
          f" | cpu q1 {q1(c):6.2f} median {statistics.median(c):6.2f} ms")
for name in commands:
    if name != "floor":
        print(f"{name} / floor: wall best {min(wall[name]) / min(wall['floor']):.3f},"
              f" cpu q1 {q1(cpu[name]) / q1(cpu['floor']):.3f}, cpu median"
              f" {statistics.median(cpu[name]) / statistics.median(cpu['floor']):.3f} over {runs} runs")
PY
