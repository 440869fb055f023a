#!/bin/sh
# tests/fetch/nocurl.sh -- libcurl is loaded only when a fetch happens
# (dlopen in broker/egress/fetch.c).  With a libcurl.so.4 that cannot be
# loaded first on the library path: a script that never fetches runs as
# usual; a fetch gets "OSError: fetch is unavailable: ..." (nothing sent,
# the script can catch it) and the broker's stderr says what to install.
. "${top_srcdir:-.}/tests/fetch/lib.sh"

mkdir -p "$TMP/badlib"
printf 'not a shared object\n' >"$TMP/badlib/libcurl.so.4"

LD_LIBRARY_PATH="$TMP/badlib" "$BROKER" --config "$BOX/box.toml" -c 'print(6 * 7)' >"$OUT" 2>"$ERR"
status=$?
if [ $status -eq 0 ] && [ "$(cat "$OUT")" = 42 ] && [ ! -s "$ERR" ]; then
  pass "no fetch: runs without loading libcurl"
else
  fail "no fetch: status $status, out '$(cat "$OUT")', err '$(cat "$ERR")'"
fi

seen_before=$(wc -l <"$SEEN")
# shellcheck disable=SC2086 # RESOLVE is split into options on purpose
LD_LIBRARY_PATH="$TMP/badlib" "$BROKER" --config "$BOX/box.toml" $RESOLVE -c "
try:
    fetch('http://ok.test:$PORT/')
except OSError as e:
    print(type(e).__name__, e)
print('after')" >"$OUT" 2>"$ERR"
status=$?
if [ $status -eq 0 ] && [ "$(cat "$OUT")" = "OSError fetch is unavailable: the box cannot load its HTTP client
after" ]; then
  pass "fetch: OSError the script can catch"
else
  fail "fetch: status $status, out '$(cat "$OUT")'"
fi
if grep -q '^box-broker: fetch is unavailable: cannot load libcurl.so.4 (install the Debian package libcurl4): ' "$ERR"; then
  pass "fetch: the broker says what to install"
else
  fail "fetch: stderr '$(cat "$ERR")'"
fi
if [ "$(wc -l <"$SEEN")" -eq "$seen_before" ]; then
  pass "fetch: nothing reached the server"
else
  fail "fetch: the server saw a request"
fi
finish
