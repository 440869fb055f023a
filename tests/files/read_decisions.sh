#!/bin/sh
# tests/files/read_decisions.sh -- each read()/readline()/readlines() call on
# a handle from open() is decided (one decision record each), even when the
# worker's read-ahead buffer already holds the bytes; each write() and
# writelines() call is one decided request; iterating a file decides once
# per chunk it fetches, not once per line (issue #18).
. "${top_srcdir:-.}/tests/files/lib.sh"

printf 'line one\nline two\nline three\nline four\n' >"$WS/four.txt"
N='~/src/project/four.txt'

run_py "f = open('four.txt')
print(repr(f.read(5)), repr(f.read(4)), repr(f.readline()), f.readlines())
f.close()"
check_status "text reads" 0
check_out "text reads" "'line ' 'one\\n' 'line two\\n' ['line three\\n', 'line four\\n']"
# open, then one decision per call: read(5) fetched the whole file, the
# other three calls were served from the buffer and still decided
check_log "text reads: one decision per call" "permit fs:read $N project_read
permit fs:read $N project_read
permit fs:read $N project_read
permit fs:read $N project_read
permit fs:read $N project_read"

run_py "f = open('four.txt', 'rb')
print(f.read(2), f.read1(2), f.readline(), f.read(), f.read())
f.close()"
check_status "binary reads" 0
check_out "binary reads" "b'li' b'ne' b' one\\n' b'line two\\nline three\\nline four\\n' b''"
check_log "binary reads: one decision per call" "permit fs:read $N project_read
permit fs:read $N project_read
permit fs:read $N project_read
permit fs:read $N project_read
permit fs:read $N project_read
permit fs:read $N project_read"

run_py "with open('four.txt') as f:
    print(sum(1 for line in f))"
check_status "iteration" 0
check_out "iteration" "4"
# open, then one chunk: it held the whole file and told its end
check_log "iteration: per chunk, not per line" "permit fs:read $N project_read
permit fs:read $N project_read"

W='~/src/project/out/w.txt'
run_py "with open('out/w.txt', 'w') as f:
    f.write('a')
    f.write('b')
    f.writelines(['c', 'd'])
print(open('out/w.txt').read())"
check_status "writes" 0
check_out "writes" "abcd"
check_log "writes: one decision per call" "permit fs:write $W out_write
permit fs:write $W out_write
permit fs:write $W out_write
permit fs:write $W out_write
permit fs:read $W project_read
permit fs:read $W project_read"
finish
