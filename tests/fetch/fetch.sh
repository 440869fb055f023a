#!/bin/sh
# tests/fetch/fetch.sh -- fetch() end to end: a script run by the real
# box-broker (sandboxed worker, pipe protocol, policy, libcurl) against a
# real HTTP server on 127.0.0.1 (tests/fetch/server.py), reached under host
# names the operator pinned with --resolve.  Covers: permitted GET and POST
# (headers, str and bytes bodies), the result dict, header joining; denied at
# net:connect (OSError, the server sees nothing) for the name and for its
# address; a transport failure; denied at http:request (403 + x-strands-box-egress, the denial
# body); redirects returned as they are; the 1 MiB body cap with and without
# Content-Length; lossy UTF-8 bodies; every loopback / private / link-local /
# metadata spelling and bad schemes refused before any decision; argument
# errors (TypeError, nothing sent); and the decision-log lines of each.
. "${top_srcdir:-.}/tests/fetch/lib.sh"

U="http://ok.test:$PORT"

# ---- permitted ---------------------------------------------------------------

run_box "r = fetch('$U/hello')
print(sorted(r))
print(r['status'], type(r['status']).__name__, repr(r['body']))
h = r['headers']
print(type(h).__name__, all(k == k.lower() for k in h))
print(repr(h['set-cookie']))
print(repr(h['x-multi']))
print(h['content-type'], h['content-length'])"
check_status "GET /hello" 0
check_out "GET /hello" "['body', 'headers', 'status']
200 int 'hello'
dict True
'a=1; Path=/\\nb=2'
'one, two'
text/plain 5"
check_seen "GET /hello" "GET /hello"
check_records "GET /hello" "permit net:connect ok.test:$PORT connect_test_hosts
permit net:connect ok.test:$PORT connect_test_hosts
permit http:request ok.test:$PORT/hello request_ok"

run_box "def echo(r):
    lines = r['body'].split('\\n')
    h = dict(l[2:].split('=', 1) for l in lines if l.startswith('h:'))
    return lines[0], lines[1], lines[2], h
r = fetch('$U/echo?q=1&r=2#frag', 'POST', {'X-Token': 'abc', 'Content-Type': 'text/plain'}, 'h\u00e9llo')
first, n, body, h = echo(r)
print(r['status'], first, n, body)
print(h['x-token'], h['content-type'], h['host'] == 'ok.test:$PORT')
first, n, body, h = echo(fetch(url='$U/echo', body=b'\x00\x01\xff', method='PUT'))
print(first, n, h['content-length'])
first, n, body, h = echo(fetch('$U/echo', method='PATCH', body=b''))
print(first, n, h.get('content-length'))
print(echo(fetch('$U/echo', None, None, None))[0])
print(echo(fetch('$U/echo', 'DELETE', headers={}))[0])"
check_status "POST with headers and body" 0
check_out "POST with headers and body" "200 POST /echo?q=1&r=2 body_len=6 body='héllo'
abc text/plain True
PUT /echo body_len=3 3
PATCH /echo body_len=0 0
GET /echo
DELETE /echo"
check_seen "POST with headers and body" "POST /echo?q=1&r=2
PUT /echo
PATCH /echo
GET /echo
DELETE /echo"
# http:request names the canonical path without the query.
case "$NEW_RECORDS" in
  *"permit http:request ok.test:$PORT/echo request_ok"*) pass "POST: path without query decided" ;;
  *) fail "POST: decision log '$NEW_RECORDS'" ;;
esac

run_box "r = fetch('$U/utf8')
print(r['body'], len(r['body']))
r = fetch('$U/binary')
print(ascii(r['body']))
print(r['body'] == b'ok\xff\xfe\xed\xa0\x80end'.decode('utf-8', 'replace'))"
check_status "body decoding" 0
check_out "body decoding" "café ☃ 😀 8
'ok\\ufffd\\ufffd\\ufffd\\ufffd\\ufffdend'
True"

run_box "for p in ['/teapot', '/forbidden']:
    r = fetch('$U' + p)
    print(r['status'], repr(r['body']), 'x-strands-box-egress' in r['headers'])"
check_status "non-2xx from the server" 0
check_out "non-2xx from the server" "418 'short and stout' False
403 'the origin says no' False"

# ---- redirects are returned, not followed --------------------------------------

run_box "r = fetch('$U/redirect')
print(r['status'], r['headers']['location'], repr(r['body']))"
check_status "redirect" 0
check_out "redirect" "302 /hello 'moved'"
check_seen "redirect" "GET /redirect"
check_records "redirect" "permit net:connect ok.test:$PORT connect_test_hosts
permit net:connect ok.test:$PORT connect_test_hosts
permit http:request ok.test:$PORT/redirect request_ok"

# ---- a transport failure: OSError with the client's text -----------------------

run_box "try:
    fetch('http://closed.test:$CLOSED_PORT/x')
except OSError as e:
    print(type(e).__name__, str(e).startswith('error sending request for url (http://closed.test:$CLOSED_PORT/x): '))"
check_status "connection refused" 0
check_out "connection refused" "OSError True"
case "$NEW_RECORDS" in
  *"permit http:request closed.test:$CLOSED_PORT/x request_ok") pass "connection refused: decided, then failed" ;;
  *) fail "connection refused: decision log '$NEW_RECORDS'" ;;
esac

# ---- the 1 MiB cap -------------------------------------------------------------

run_box "for p in ['/exact', '/chunked-exact', '/over', '/chunked-over']:
    try:
        r = fetch('$U' + p)
        print(p, r['status'], len(r['body']), r['headers'].get('content-length'), r['headers'].get('transfer-encoding'))
    except OSError as e:
        print(p, type(e).__name__, e)"
check_status "1 MiB cap" 0
check_out "1 MiB cap" "/exact 200 1048576 1048576 None
/chunked-exact 200 1048576 None chunked
/over OSError response exceeds the 1048576-byte limit
/chunked-over OSError response exceeds the 1048576-byte limit"

run_box "fetch('$U/chunked-over')"
check_status "1 MiB cap uncaught" 1
check_err "1 MiB cap uncaught" "OSError: response exceeds the 1048576-byte limit"

# ---- denied at net:connect: OSError, nothing sent -----------------------------

run_box "try:
    fetch('http://denied.test:$PORT/hello')
except OSError as e:
    print(type(e).__name__, e)
try:
    fetch('http://noip.test:$PORT/hello', 'POST', body='x')
except OSError as e:
    print(type(e).__name__, e)"
check_status "denied at net:connect" 0
check_out "denied at net:connect" "OSError error sending request for url (http://denied.test:$PORT/hello)
OSError error sending request for url (http://noip.test:$PORT/hello)"
check_seen "denied at net:connect" ""
check_records "denied at net:connect" "deny net:connect denied.test:$PORT <default-deny>
permit net:connect noip.test:$PORT connect_test_hosts
deny net:connect noip.test:$PORT no_ip_for_noip"

run_box "fetch('http://denied.test:$PORT/')"
check_status "denied at net:connect, uncaught" 1
check_err "denied at net:connect, uncaught" "OSError: error sending request for url (http://denied.test:$PORT/)"
check_seen "denied at net:connect, uncaught" ""

# ---- denied at http:request: an ordinary 403 with the marker ------------------

run_box "r = fetch('http://noreq.test:$PORT/hello')
print(r['status'], r['headers']['x-strands-box-egress'])
print(r['body'])
r = fetch('$U/secret?x=1')
print(r['status'], r['headers']['x-strands-box-egress'])
print(r['body'])"
check_status "denied at http:request" 0
check_out "denied at http:request" "403 refused
http:request gate: policy denied this operation on 'noreq.test:$PORT/hello' [default-deny]: No permit policy matched this request.
403 refused
http:request gate: policy denied this operation on 'ok.test:$PORT/secret' [policy: no_secret]: The secret path stays on the server."
check_seen "denied at http:request" ""
check_records "denied at http:request" "permit net:connect noreq.test:$PORT connect_test_hosts
permit net:connect noreq.test:$PORT connect_test_hosts
deny http:request noreq.test:$PORT/hello <default-deny>
permit net:connect ok.test:$PORT connect_test_hosts
permit net:connect ok.test:$PORT connect_test_hosts
deny http:request ok.test:$PORT/secret no_secret"

# ---- the literal-address floor and bad schemes: nothing decided, nothing sent ---

FLOOR_CASES="localhost localhost
LOCALHOST:$PORT LOCALHOST
localhost. localhost.
api.localhost api.localhost
127.0.0.1:$PORT 127.0.0.1
127.1 127.0.0.1
127.0.1 127.0.0.1
2130706433 127.0.0.1
0x7f000001 127.0.0.1
0x7F.1 127.0.0.1
0177.0.0.1 127.0.0.1
0177.1 127.0.0.1
017700000001 127.0.0.1
127.255.255.254 127.255.255.254
0.0.0.0 0.0.0.0
0 0.0.0.0
10.1.2.3 10.1.2.3
012.1 10.0.0.1
172.16.0.1 172.16.0.1
172.31.255.255 172.31.255.255
192.168.0.1 192.168.0.1
3232235521 192.168.0.1
100.64.0.1 100.64.0.1
169.254.169.254 169.254.169.254
0xa9fea9fe 169.254.169.254
[::1] [::1]
[0:0:0:0:0:0:0:1] [::1]
[::] [::]
[::ffff:127.0.0.1] [::ffff:127.0.0.1]
[::ffff:7f00:1] [::ffff:7f00:1]
[::ffff:169.254.169.254] [::ffff:169.254.169.254]
[::127.0.0.1] [::127.0.0.1]
[64:ff9b::7f00:1] [64:ff9b::7f00:1]
[fe80::1] [fe80::1]
[fe80::1%25eth0] [fe80::1]
[fc00::1] [fc00::1]
[fd00:ec2::254] [fd00:ec2::254]"

src="import sys
cases = '''$FLOOR_CASES'''.splitlines()
for line in cases:
    host, want = line.split(' ')
    for scheme in ('http', 'https'):
        try:
            fetch(scheme + '://' + host + '/x')
            print('FAIL', scheme, host, 'was fetched')
        except OSError as e:
            if str(e) != 'access denied: ' + want or type(e) is not OSError:
                print('FAIL', scheme, host, type(e).__name__, e)
print('checked', len(cases) * 2)
for u in ['ftp://ok.test:$PORT/x', 'gopher://ok.test/', 'file:///etc/passwd', 'ws://ok.test/',
          'HTTP://127.0.0.1/', 'hTTps://localhost/']:
    try:
        fetch(u)
    except OSError as e:
        print(type(e).__name__, e)"
run_box "$src"
check_status "floor" 0
n=$(printf '%s\n' "$FLOOR_CASES" | wc -l)
check_out "floor" "checked $((n * 2))
OSError access denied: ok.test
OSError access denied: ok.test
OSError access denied: file:///etc/passwd
OSError access denied: ok.test
OSError access denied: 127.0.0.1
OSError access denied: localhost"
check_seen "floor" ""
check_records "floor" ""
check_err "floor: broker note" \
  "box-broker: monty fetch refused before transport (SSRF floor): principal=agent url=http://0x7F.1/x reason=access denied: 127.0.0.1"
check_err "floor: broker note, scheme" \
  "box-broker: monty fetch refused before transport (SSRF floor): principal=agent url=ftp://ok.test:$PORT/x reason=access denied: ok.test"

run_box "fetch('http://169.254.169.254/latest/meta-data/')"
check_status "floor uncaught" 1
check_err "floor uncaught" "OSError: access denied: 169.254.169.254"

# ---- argument errors: TypeError, nothing sent ----------------------------------

run_box "def t(f):
    try:
        f()
        print('no error')
    except TypeError as e:
        print(type(e).__name__, e)
t(lambda: fetch())
t(lambda: fetch(None))
t(lambda: fetch(b'$U/'))
t(lambda: fetch('$U/', 'GET', None, None, 1))
t(lambda: fetch('$U/', 1))
t(lambda: fetch('$U/', headers=[('a', 'b')]))
t(lambda: fetch('$U/', headers={'a': 1}))
t(lambda: fetch('$U/', headers={b'a': 'b'}))
t(lambda: fetch('$U/', body=1))
t(lambda: fetch('$U/', body=bytearray(b'x')))
t(lambda: fetch('$U/', timeout=5))
t(lambda: fetch('$U/', url='$U/'))
t(lambda: fetch('$U/', 'GET', method='POST'))
t(lambda: fetch(method='GET'))"
check_status "argument errors" 0
check_out "argument errors" "TypeError fetch() takes a url string
TypeError fetch() url must be a string
TypeError fetch() url must be a string
TypeError fetch() takes at most 4 positional arguments but 5 were given
TypeError fetch() method must be a string
TypeError fetch() headers must be a dict
TypeError fetch() headers must be a {str: str} dict
TypeError fetch() headers must be a {str: str} dict
TypeError fetch() body must be str or bytes
TypeError fetch() body must be str or bytes
TypeError fetch() got an unexpected keyword argument 'timeout'
TypeError fetch() got multiple values for argument 'url'
TypeError fetch() got multiple values for argument 'method'
TypeError fetch() takes a url string"
check_seen "argument errors" ""
check_records "argument errors" ""

# Values the wire cannot carry are refused in the worker, before any request.
run_box "for f in [lambda: fetch('$U/\udc80'), lambda: fetch('$U/', body='\ud800'),
          lambda: fetch('$U/', headers={'a': 'b\x00c'})]:
    try:
        f()
    except (UnicodeEncodeError, ValueError) as e:
        print(type(e).__name__, e)"
check_status "unsendable values" 0
check_out "unsendable values" "UnicodeEncodeError 'utf-8' codec can't encode character '\\udc80' in position $((${#U} + 1)): surrogates not allowed
UnicodeEncodeError 'utf-8' codec can't encode character '\\ud800' in position 0: surrogates not allowed
ValueError embedded null byte"
check_seen "unsendable values" ""

# A header that would split the request is a client error: nothing is sent.
run_box "try:
    fetch('$U/echo', headers={'X-A': 'a\r\nX-Injected: 1'})
except OSError as e:
    print(type(e).__name__, e)"
check_status "header injection" 0
check_out "header injection" "OSError builder error for url ($U/echo): invalid header"
check_seen "header injection" ""

# fetch is a builtin: no import, shadowable like any builtin.  (The
# builtins module is not one of the spec's importable modules.)
run_box "print(type(fetch) is type(len), callable(fetch), fetch.__name__)
fetch = 3
print(fetch)
del fetch
print(fetch.__name__)"
check_status "builtin" 0
check_out "builtin" "True True fetch
3
fetch"

finish
