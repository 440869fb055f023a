#!/bin/sh
# tests/fetch/limit.sh -- the 10,000 host-call limit end to end: the broker
# answers 10,000 requests of a script (here fetch() calls refused by the
# literal-address floor, the cheapest request there is), and request 10,001
# ends the script with "RuntimeError: script exceeded its limit of 10000 host
# calls", status 1.  No handler of the script runs: not `except
# BaseException`, not `finally`, not a context manager's __exit__.
. "${top_srcdir:-.}/tests/fetch/lib.sh"

run_box "class CM:
    def __enter__(self):
        return self
    def __exit__(self, *exc):
        print('__exit__ ran')
        return True
n = 0
try:
    with CM():
        while True:
            try:
                fetch('http://127.0.0.1/')
            except OSError:
                n += 1
                if n % 5000 == 0:
                    print('answered', n)
except BaseException as e:
    print('caught', type(e).__name__, e)
finally:
    print('finally ran')
print('after the loop', n)"
check_status "call 10,001" 1
check_out "call 10,001" "answered 5000
answered 10000"
check_err "call 10,001" "RuntimeError: script exceeded its limit of 10000 host calls"
if [ "$(tail -n 1 "$ERR")" = "RuntimeError: script exceeded its limit of 10000 host calls" ]; then
  pass "call 10,001: the error is the last line of stderr"
else
  fail "call 10,001: stderr ends with '$(tail -n 1 "$ERR")'"
fi
if grep -q '^Traceback (most recent call last):$' "$ERR"; then
  pass "call 10,001: printed as an uncaught exception"
else
  fail "call 10,001: no traceback on stderr"
fi
floor_lines=$(grep -c 'SSRF floor' "$ERR")
if [ "$floor_lines" -eq 10000 ]; then pass "call 10,001: the broker answered 10000 calls"; else
  fail "call 10,001: the broker answered $floor_lines calls, expected 10000"; fi

# Exactly 10,000 calls is within the limit.
run_box "n = 0
for i in range(10000):
    try:
        fetch('http://[::1]/')
    except OSError:
        n += 1
print('answered', n)"
check_status "10,000 calls" 0
check_out "10,000 calls" "answered 10000"

# Argument errors never reach the broker, so they are not counted.
run_box "for i in range(20000):
    try:
        fetch(1)
    except TypeError:
        pass
try:
    fetch('http://localhost/')
except OSError as e:
    print(type(e).__name__, e)"
check_status "TypeErrors are not host calls" 0
check_out "TypeErrors are not host calls" "OSError access denied: localhost"

finish
