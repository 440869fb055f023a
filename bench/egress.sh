#!/usr/bin/env bash
# bench/egress.sh -- what the credential route costs a fetch(): one script
# fetches a 1 MiB body over HTTPS from a local origin
# (tests/egress/origin.py, with a CA made here and given by --cacert) N times
# (default 20) from a host no [egress.*] table binds (plain fetch) and, in
# turn, N times from a bound host with its placeholder (placeholder check
# and swap, Accept-Encoding: identity, and the scan of headers and body for
# the secret); CPython 3.11's urllib fetches the same body directly.  Each
# run prints the median ms per fetch of each kind (timed inside the script);
# shown are the best and the median of RUNS runs, and the credential
# route's overhead in percent.
#
# Usage: bench/egress.sh [-n RUNS] [N]
#   BOX_BROKER   the box-broker binary (default: ./box-broker from the build dir)
#   PYTHON_REF   the reference interpreter (default: /usr/bin/python3.11)
#   top_srcdir   the source tree (default: this script's ..)
set -euo pipefail

runs=5
if [ "${1:-}" = "-n" ]; then runs=$2; shift 2; fi
n=${1:-20}
broker=$(realpath "${BOX_BROKER:-./box-broker}")
ref=${PYTHON_REF:-/usr/bin/python3.11}
src_top=$(cd "${top_srcdir:-$(dirname "$0")/..}" && pwd)
[ -x "$broker" ] || { echo "bench: no box-broker at $broker (set BOX_BROKER)" >&2; exit 2; }

work=$(mktemp -d)
origin_pid=
trap '[ -z "$origin_pid" ] || kill "$origin_pid" 2>/dev/null; rm -rf "$work"' EXIT
cd "$work"
openssl req -x509 -newkey rsa:2048 -nodes -keyout ca.key -out ca.pem -days 2 -subj "/CN=bench CA" 2>/dev/null
openssl req -newkey rsa:2048 -nodes -keyout o.key -out o.csr -subj "/CN=api.test" 2>/dev/null
printf 'subjectAltName=DNS:api.test,DNS:plain.test\n' >ext.cnf
openssl x509 -req -in o.csr -CA ca.pem -CAkey ca.key -CAcreateserial -days 2 -extfile ext.cnf \
  -out o.pem 2>/dev/null
mkfifo in
"$ref" "$src_top/tests/egress/origin.py" "$work/seen" o.pem o.key AKIDX secretx <in >ports &
origin_pid=$!
exec 9>in
for _ in $(seq 100); do [ -s ports ] && break; sleep 0.05; done
read -r port _ <ports
export BENCH_TOKEN="tok-$(date +%s%N)"
mkdir ws
cat >box.toml <<TOML
name = "bench-egress"
box_dir = "$work/state"
policy = "policy.dw"

[agent]
workspace = "$work/ws"

[egress.api]
destinations = ["api.test:$port"]
secret.ref = "env://BENCH_TOKEN"
TOML
cat >policy.dw <<'POLICY'
permit (principal, action == Box::Action::"net:connect", resource);
permit (principal, action == Box::Action::"http:request", resource);
POLICY
ph=$("$broker" --config box.toml --placeholders | sed -n "s/^BENCH_TOKEN='\(.*\)'$/\1/p")
resolve="--resolve api.test:$port:127.0.0.1 --resolve plain.test:$port:127.0.0.1"

# One script fetches from both hosts in turn (so both see the same moment's
# load) and prints the median ms per fetch of each.
box_src="import time
plain, cred = [], []
for _ in range($n):
    t0 = time.monotonic()
    r = fetch('https://plain.test:$port/big')
    t1 = time.monotonic()
    s = fetch('https://api.test:$port/big', headers={'Authorization': 'Bearer $ph'})
    t2 = time.monotonic()
    assert r['status'] == s['status'] == 200 and len(r['body']) == len(s['body']) == 1048576
    plain.append(t1 - t0)
    cred.append(t2 - t1)
plain.sort()
cred.sort()
print(plain[len(plain) // 2] * 1e3, cred[len(cred) // 2] * 1e3)"
ref_src="import ssl, time, urllib.request
ctx = ssl.create_default_context(cafile='$work/ca.pem')
ctx.check_hostname = False
t0 = time.monotonic()
for _ in range($n):
    req = urllib.request.Request('https://127.0.0.1:$port/big')
    with urllib.request.urlopen(req, context=ctx) as r:
        assert len(r.read()) == 1048576
print((time.monotonic() - t0) * 1e3 / $n)"
summary() { printf '%s\n' "$@" | sort -g | awk '{ t[NR] = $1 } END { print t[1], t[int((NR + 1) / 2)] }'; }
plain=() cred=() cpy=()
for _ in $(seq "$runs"); do
  # shellcheck disable=SC2086 # resolve is split into options on purpose
  read -r p c <<<"$("$broker" --config box.toml --cacert ca.pem $resolve -c "$box_src")"
  plain+=("$p")
  cred+=("$c")
done
for _ in $(seq "$runs"); do cpy+=("$(cd ws && "$ref" -c "$ref_src")"); done
read -r p_best p_med <<<"$(summary "${plain[@]}")"
read -r c_best c_med <<<"$(summary "${cred[@]}")"
read -r r_best r_med <<<"$(summary "${cpy[@]}")"
printf '1 MiB fetch over HTTPS x %d (best/median of %d runs, ms per fetch):\n' "$n" "$runs"
printf '  box, unbound host:                    %.2f / %.2f\n' "$p_best" "$p_med"
printf '  box, bound host (swap + redaction):   %.2f / %.2f\n' "$c_best" "$c_med"
printf '  CPython 3.11 urllib:                  %.2f / %.2f\n' "$r_best" "$r_med"
printf '  credential route overhead: %+.1f%% (best), %+.1f%% (median); box/CPython %.2fx (median)\n' \
  "$(awk -v a="$c_best" -v b="$p_best" 'BEGIN { print (a / b - 1) * 100 }')" \
  "$(awk -v a="$c_med" -v b="$p_med" 'BEGIN { print (a / b - 1) * 100 }')" \
  "$(awk -v a="$c_med" -v b="$r_med" 'BEGIN { print a / b }')"
