#!/bin/sh
# tests/examples/examples.sh -- each box under examples/ does what
# examples/README.md says: installed with examples/install into a scratch
# home (the workspace under it, so policy spells it ~/proj), --install'ed,
# and exercised by scripts through its python3 alias: what the agent may do
# works, what it may not is refused.  one-api runs against
# tests/fetch/server.py, its host pinned to it with --resolve (the test
# copy's port is the server's instead of 443, and the URL is http://).
set -u
top_builddir=$(cd "${top_builddir:-.}" && pwd)
top_srcdir=$(cd "${top_srcdir:-.}" && pwd)
. "$top_srcdir/tests/lib/box.sh"
box_e2e_setup examples
SERVER_PID=
stop_server() { [ -z "$SERVER_PID" ] || { kill "$SERVER_PID" 2>/dev/null; wait "$SERVER_PID" 2>/dev/null; }; }
box_cleanup_hook=stop_server
HOME=$TMP/home
export HOME
WS=$HOME/proj
mkdir -p "$WS/sub" "$HOME/.ssh" || exit 99
echo "rows: 3" >"$WS/data.txt"
echo "TOKEN=hunter2" >"$WS/.env"
echo "TOKEN=x" >"$WS/sub/.env"
echo "key" >"$HOME/.ssh/id_rsa"
OUT=$TMP/out
ERR=$TMP/err

install_example() { # EXAMPLE
  "$top_srcdir/examples/install" "$1" "$TMP/boxes/$1" --workspace "$WS" >/dev/null &&
    "$BROKER" --config "$TMP/boxes/$1/box.toml" --install >/dev/null 2>&1
}
# run_alias EXAMPLE SOURCE: the script through the example's python3 alias.
run_alias() {
  (cd "$WS" && "$TMP/boxes/$1/state/bin/python3" -c "$2") >"$OUT" 2>"$ERR"
  status=$?
}
# try(): prints "ok" or the exception's type for each callable given.
TRY='
def try_(label, f):
    try:
        f()
        print(label, "ok")
    except Exception as e:
        print(label, type(e).__name__)
'

# --- analyst: read only ------------------------------------------------------
install_example analyst || fail "analyst: install"
run_alias analyst "$TRY
from pathlib import Path
try_('read', lambda: Path('data.txt').read_text())
try_('list', lambda: sorted(p.name for p in Path('.').iterdir()))
try_('write', lambda: Path('report.txt').write_text('x'))
try_('ssh', lambda: open('$HOME/.ssh/id_rsa').read())
try_('fetch', lambda: fetch('https://api.example.com/v1/x'))"
check_status "analyst" 0
check_out "analyst" "read ok
list ok
write PermissionError
ssh PermissionError
fetch OSError"
[ ! -e "$WS/report.txt" ] && pass "analyst: nothing written" || fail "analyst: report.txt written"

# --- project: read, write under out/, no .env, no secrets ---------------------
install_example project || fail "project: install"
run_alias project "$TRY
from pathlib import Path
try_('read', lambda: Path('data.txt').read_text())
try_('mkdir out', lambda: Path('out').mkdir())
try_('write out', lambda: Path('out/report.txt').write_text('3 rows'))
try_('mkdir out/sub', lambda: Path('out/sub').mkdir())
try_('delete in out', lambda: Path('out/report.txt').unlink())
try_('write elsewhere', lambda: Path('notes.txt').write_text('x'))
try_('read .env', lambda: Path('.env').read_text())
try_('read sub/.env', lambda: Path('sub/.env').read_text())
try_('ssh', lambda: open('$HOME/.ssh/id_rsa').read())"
check_status "project" 0
check_out "project" "read ok
mkdir out ok
write out ok
mkdir out/sub ok
delete in out ok
write elsewhere PermissionError
read .env PermissionError
read sub/.env PermissionError
ssh PermissionError"
[ -d "$WS/out/sub" ] && [ ! -e "$WS/notes.txt" ] && pass "project: out/sub made, nothing elsewhere" ||
  fail "project: files on disk"

# --- one-api: one host, GET under /v1/ ---------------------------------------
: >"$TMP/seen"
"$PY" "$top_srcdir/tests/fetch/server.py" "$TMP/seen" >"$TMP/port" &
SERVER_PID=$!
i=0
while [ ! -s "$TMP/port" ] && [ $i -lt 100 ]; do sleep 0.05; i=$((i + 1)); done
PORT=$(head -n 1 "$TMP/port")
case "$PORT" in '' | *[!0-9]*) echo "the test server did not start" >&2; exit 99 ;; esac
install_example one-api || fail "one-api: install"
sed -i "s/context.input.port == 443/context.input.port == $PORT/" "$TMP/boxes/one-api/policy.dw"
(cd "$WS" && "$BROKER" --config "$TMP/boxes/one-api/box.toml" \
  --resolve "api.example.com:$PORT:127.0.0.1" --resolve "other.example.com:$PORT:127.0.0.1" \
  --resolve "metadata.google.internal:$PORT:127.0.0.1" -c "
from pathlib import Path
print('read', Path('data.txt').read_text().strip())
base = 'http://api.example.com:$PORT'
r = fetch(base + '/v1/items')
print('GET /v1/items', r['status'], r['body'].splitlines()[0])
r = fetch(base + '/v1/items', method='POST', body='x')
print('POST /v1/items', r['status'], r['headers'].get('x-strands-box-egress'))
r = fetch(base + '/admin')
print('GET /admin', r['status'], r['headers'].get('x-strands-box-egress'))
for url in ['http://other.example.com:$PORT/v1/x', 'http://metadata.google.internal:$PORT/v1/x']:
    try:
        fetch(url)
        print(url, 'fetched')
    except OSError as e:
        print('refused', e)
") >"$OUT" 2>"$ERR"
status=$?
check_status "one-api" 0
check_out "one-api" "read rows: 3
GET /v1/items 200 GET /v1/items
POST /v1/items 403 refused
GET /admin 403 refused
refused error sending request for url (http://other.example.com:$PORT/v1/x)
refused error sending request for url (http://metadata.google.internal:$PORT/v1/x)"
if [ "$(cat "$TMP/seen")" = "GET /v1/items" ]; then pass "one-api: the server saw only the permitted request"; else
  fail "one-api: the server saw '$(cat "$TMP/seen")'"; fi

# --- every example passes the security review without a high finding ----------
for ex in analyst project one-api; do
  "$BROKER" --config "$TMP/boxes/$ex/box.toml" --audit >"$OUT" 2>"$ERR"
  status=$?
  if [ "$status" -eq 0 ]; then pass "$ex: --audit has no high finding"; else
    fail "$ex: --audit status $status: $(grep -i high "$OUT" | head -3)"; fi
done

# examples/install never replaces a box
"$top_srcdir/examples/install" project "$TMP/boxes/project" --workspace "$WS" >/dev/null 2>"$ERR"
status=$?
check_status "install over a box" 1
finish
