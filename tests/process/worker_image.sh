#!/bin/sh
# tests/process/worker_image.sh -- box-worker as built: a position-independent
# executable (so the kernel loads it at a random address), and, when it is a
# static PIE on x86-64, started at box_worker_entry (worker/runtime/
# image_entry.c), which maps in the pages its relocation writes before
# glibc's _start; the program it starts then runs scripts through the broker.
. "${top_srcdir:-.}/tests/process/lib.sh"

WORKER="$top_builddir/box-worker"

# e_type, bytes 16-17 of the ELF header (little-endian): 3 is ET_DYN.
e_type=$(od -An -tu2 -j16 -N2 "$WORKER" | tr -d ' ')
if [ "$e_type" = 3 ]; then pass "box-worker is position-independent (ET_DYN)"; else
  fail "box-worker ELF type $e_type, not ET_DYN"; fi

entry=$(readelf -h "$WORKER" | sed -n 's/^ *Entry point address: *0x0*//p')
own=$(nm "$WORKER" | sed -n 's/^0*\([0-9a-f]*\) [tT] box_worker_entry$/\1/p')
start=$(nm "$WORKER" | sed -n 's/^0*\([0-9a-f]*\) [tT] _start$/\1/p')
machine=$(readelf -h "$WORKER" | sed -n 's/^ *Machine: *//p')
if readelf -lW "$WORKER" | grep -q 'INTERP'; then
  # A dynamic program (the sanitizer build): glibc's own entry point.
  if [ -n "$start" ] && [ "$entry" = "$start" ]; then pass "dynamic box-worker starts at _start"; else
    fail "dynamic box-worker entry $entry, _start at $start"; fi
else
  case $machine in
  *X86-64*)
    if [ -n "$own" ] && [ "$entry" = "$own" ]; then pass "static PIE box-worker starts at box_worker_entry"; else
      fail "static PIE box-worker entry $entry, box_worker_entry at ${own:-nowhere}"; fi
    if readelf -lW "$WORKER" | grep -q 'GNU_RELRO'; then pass "box-worker keeps RELRO"; else
      fail "box-worker has no GNU_RELRO segment"; fi ;;
  *)
    if [ -n "$start" ] && [ "$entry" = "$start" ]; then pass "static PIE box-worker ($machine) starts at _start"; else
      fail "box-worker ($machine) entry $entry, _start at $start"; fi ;;
  esac
fi

# Started that way, it relocates itself and runs a script: its pointers
# (type objects, method tables) are right.
run_box -c 'import sys; print(6*7, type(sys.version_info).__name__, len(dir(int)) > 50)'
check_status "print(6*7)" 0
check_out "print(6*7)" "42 version_info True"
check_no_leftover "print(6*7)"

finish
