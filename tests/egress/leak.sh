#!/bin/sh
# tests/egress/leak.sh -- the box's secrets never reach the worker.  One run
# of box-broker exercises every credential path (each placement swapped,
# refusals, the origin echoing and leaking the credential, failed
# transfers before and after the swap, SigV4) under strace -f; every byte the worker process read or
# received (read, readv, recvmsg...) is scanned for each secret, as are
# every file under box_dir, the script's stdout and stderr, --audit's
# output and --placeholders's.  Forms scanned: each secret as it is, the
# base64 of the basic_auth credential, the %-encoded query key.
. "${top_srcdir:-.}/tests/egress/lib.sh"

command -v strace >/dev/null || { echo "strace is needed (Debian package strace)" >&2; exit 99; }

"$BROKER" --config "$BOX/box.toml" --placeholders >"$TMP/placeholders" 2>/dev/null
ph() { sed -n "s/^$1='\\(.*\\)'\$/\\1/p" "$TMP/placeholders"; }
PH_API=$(ph API_TOKEN)
PH_BASIC=$(ph BASIC_CRED)
PH_QUERY=$(ph QUERY_KEY)
PH_AKID=$(ph AWS_ACCESS_KEY_ID)
T=$TLS_PORT

SOURCE="import base64
def show(r):
    print(r['status'], sorted(r['headers'].items()), r['body'][:300])
auth = 'Bearer $PH_API'
for path in ['/echo', '/leak', '/gzip']:
    show(fetch('https://api.test:$T' + path, headers={'Authorization': auth}))
show(fetch('https://api.test:$T/echo'))
show(fetch('http://api.test:$PLAIN_PORT/leak', headers={'Authorization': auth}))
show(fetch('https://basic.test:$T/leak', headers={'Authorization': 'Basic ' + base64.b64encode(b'$PH_BASIC').decode()}))
show(fetch('https://query.test:$T/v1/x?key=$PH_QUERY'))
show(fetch('https://custom.test:$T/leak'))
show(fetch('https://sts.amazonaws.com:$T/echo', headers={'Authorization': 'AWS4-HMAC-SHA256 Credential=$PH_AKID/x'}))
show(fetch('https://sqs.eu-west-1.amazonaws.com:$T/sigv4', headers={'Authorization': 'AWS4-HMAC-SHA256 Credential=$PH_AKID/x'}))
try:
    fetch('https://api.test:1/echo', headers={'Authorization': auth})
except OSError as e:
    print('OSError', e)
for url, h in [('https://api.test:$T/drop', {'Authorization': auth}),
               ('https://query.test:$T/v1/drop?key=$PH_QUERY', {}),
               ('https://custom.test:$T/drop', {})]:
    try:
        fetch(url, headers=h)
    except OSError as e:
        print('OSError', e)
print('done')"

# LeakSanitizer cannot run under ptrace: a sanitizer build checks leaks in
# the other suites.
run_box "$SOURCE" env ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
  strace -f -qq -xx -s 4000000 -o "$TMP/trace" \
  -e trace=read,readv,pread64,preadv,recvfrom,recvmsg,execve
check_status "the traced run" 0
if grep -q '^done$' "$OUT" && grep -q "sigv4 ok eu-west-1 sqs" "$OUT" &&
  grep -q "REDACTED" "$OUT" && [ "$(grep -c '^OSError' "$OUT")" -eq 4 ] &&
  [ "$(printf '%s\n' "$NEW_SEEN" | grep -c '/drop')" -eq 3 ]; then
  pass "the traced run made every request"
else
  fail "the traced run: $(head -c 1500 "$OUT") $(head -c 500 "$ERR")"
fi
"$BROKER" --config "$BOX/box.toml" --audit >"$TMP/audit" 2>&1
"$BROKER" --config "$BOX/box.toml" --audit --json >"$TMP/audit.json" 2>&1

# One scan: the worker is the process whose execve names box-worker (strace
# -xx writes every byte of every string as \xNN); its lines are every read
# it made.  The control: the same scan finds the AWS secret key in the
# broker's own reads (it reads the shared credentials file), so a clean
# result means something.
"$PY" - "$TMP" "$STATE" "$SECRETS" "$BASIC_CRED" "$QUERY_KEY" "$AWS_SECRET_KEY" <<'EOF' >"$TMP/scan"
import base64, os, re, sys, urllib.parse
tmp, state, secrets, basic, query, aws_secret = sys.argv[1:7]
def escaped(s):
    return "".join("\\x%02x" % b for b in s.encode())
forms = set(secrets.split())
forms.add(base64.b64encode(basic.encode()).decode())
forms.add(basic.split(":", 1)[1])
forms.add(urllib.parse.quote(query, safe=""))
lines = open(os.path.join(tmp, "trace")).read().splitlines()
worker = None
for line in lines:
    m = re.match(r'(\d+) +execve\("([^"]*)"', line)
    if m and escaped("box-worker") in m.group(2):
        worker = m.group(1)
        break
print("worker", worker)
mine = "\n".join(l for l in lines if worker and l.split(" ", 1)[0] == worker)
others = "\n".join(l for l in lines if not worker or l.split(" ", 1)[0] != worker)
print("bytes", len(mine))
print("control", "found" if escaped(aws_secret) in others else "missing")
found = []
for f in forms:
    if escaped(f) in mine:
        found.append("the worker received " + f[:6] + "...")
files = [os.path.join(tmp, n) for n in ("out", "err", "audit", "audit.json", "placeholders")]
for root, _, names in os.walk(state):
    files += [os.path.join(root, n) for n in names]
for path in files:
    data = open(path, "rb").read()
    for f in forms:
        if f.encode() in data:
            found.append(path + " holds " + f[:6] + "...")
print("files", len(files))
print("\n".join(found) if found else "clean")
EOF
field() { sed -n "s/^$1 //p" "$TMP/scan"; }
if [ -n "$(field worker)" ] && [ "$(field worker)" != None ]; then
  pass "the worker was traced (pid $(field worker))"
else
  fail "no box-worker execve in the trace"
fi
if [ "$(field bytes)" -gt 10000 ]; then pass "the worker's reads were captured ($(field bytes) bytes)"; else
  fail "the worker's trace is only $(field bytes) bytes"; fi
if [ "$(field control)" = found ]; then
  pass "control: the scan sees the AWS secret key where the broker read it"
else
  fail "control: the AWS secret key is not in the broker's traced reads"
fi
if [ "$(tail -n +5 "$TMP/scan")" = clean ]; then
  pass "no secret in the worker's input or in $(field files) files (box_dir, outputs, --audit)"
else
  fail "secrets leaked: $(tail -n +5 "$TMP/scan")"
fi
finish
