#!/bin/sh
# tests/process/limits.sh -- the spec's limits end to end through the real
# broker and sandboxed worker: the 180 s total sleep (TimeoutError at once,
# before waiting; a refused sleep is not charged), one allocation over
# 128 MiB and the heap limit (MemoryError the script cannot catch: no
# handler or finally runs, status 1), os.urandom over 1 MiB.
. "${top_srcdir:-.}/tests/process/lib.sh"

t0=$(date +%s)
run_box -c "import time
time.sleep(0.2)
try:
    time.sleep(179.9)
except TimeoutError as e:
    print('refused:', e)
time.sleep(0.1)
print('a refused sleep is not charged')
try:
    time.sleep(181)
except TimeoutError as e:
    print('refused:', e)"
t1=$(date +%s)
check_status "sleep limit" 0
check_out "sleep limit" "refused: script exceeded its total sleep of 180 seconds
a refused sleep is not charged
refused: script exceeded its total sleep of 180 seconds"
if [ $((t1 - t0)) -lt 30 ]; then pass "sleep limit: refused at once"; else
  fail "sleep limit: took $((t1 - t0)) s"; fi

run_box -c "import time
time.sleep(181)"
check_status "sleep limit uncaught" 1
check_err "sleep limit uncaught" "TimeoutError: script exceeded its total sleep of 180 seconds"

run_box -c "def f():
    try:
        s = 'x' * (200 * 1024 * 1024)
    except MemoryError:
        print('caught')
    finally:
        print('finally')
f()
print('after')"
check_status "128 MiB allocation" 1
check_out "128 MiB allocation: no handler ran" ""
check_err "128 MiB allocation" "MemoryError"
check_no_leftover "128 MiB allocation"

run_box -c "try:
    n = 2 ** 2 ** 40
except MemoryError:
    print('caught')"
check_status "2 ** 2 ** 40" 1
check_out "2 ** 2 ** 40: not caught" ""

run_box -c "chunks = []
try:
    while True:
        chunks.append('y' * (64 * 1024 * 1024))
except MemoryError:
    print('caught')"
check_status "heap limit" 1
check_out "heap limit: not caught" ""
check_err "heap limit" "MemoryError"

run_box -c "print('still serving')"
check_out "the box keeps serving" "still serving"

run_box -c "import os
print(len(os.urandom(1024 * 1024)))
try:
    os.urandom(1024 * 1024 + 1)
except ValueError as e:
    print('ValueError')"
check_status "os.urandom limit" 0
check_out "os.urandom limit" "1048576
ValueError"

finish
