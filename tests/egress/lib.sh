# tests/egress/lib.sh -- shared set-up of the credential tests (sourced).
#
# Makes a throw-away CA and a server certificate with openssl (the CA is
# given to box-broker with --cacert, as an operator would), starts
# tests/egress/origin.py (HTTPS on $TLS_PORT, plain HTTP on $PLAIN_PORT),
# writes a box with one [egress.*] table per placement, and offers run_box
# (the real box-broker with the --resolve pins of the test names) and
# seen_since (what the origin received during the last run).

set -u
top_builddir=${top_builddir:-.}
top_srcdir=${top_srcdir:-.}
BROKER="$top_builddir/box-broker"
PY=${PYTHON311:-}
[ -n "$PY" ] || { [ -x /usr/bin/python3.11 ] && PY=/usr/bin/python3.11; } || PY=python3

. "$top_srcdir/tests/lib/box.sh"
box_require "$BROKER" "$top_builddir/box-worker"
command -v openssl >/dev/null || { echo "openssl is needed (Debian package openssl)" >&2; exit 99; }
box_tmpdir egress
ORIGIN_PID=
stop_origin() {
  if [ -n "$ORIGIN_PID" ]; then
    kill "$ORIGIN_PID" 2>/dev/null
    wait "$ORIGIN_PID" 2>/dev/null
  fi
}
box_cleanup_hook=stop_origin

# ---- the secrets (random for each run) and the AWS shared credentials file --
rand() { "$PY" -c 'import secrets; print(secrets.token_hex(24))'; }
API_TOKEN="api-$(rand)"
BASIC_CRED="robot:pw-$(rand)"
QUERY_KEY="qk-$(rand)"
CUSTOM_KEY="ck-$(rand)"
AWS_KEY_ID="AKIA$(rand | cut -c1-16 | tr a-f A-F)"
AWS_SECRET_KEY="sk-$(rand)"
AWS_SESSION_TOKEN="st-$(rand)"
export API_TOKEN BASIC_CRED QUERY_KEY CUSTOM_KEY
AWS_SHARED_CREDENTIALS_FILE="$TMP/aws-credentials"
export AWS_SHARED_CREDENTIALS_FILE
cat >"$AWS_SHARED_CREDENTIALS_FILE" <<EOF
[default]
aws_access_key_id = AKIADEFAULTDEFAULT
aws_secret_access_key = not-this-one

[boxtest]
aws_access_key_id = $AWS_KEY_ID
aws_secret_access_key = $AWS_SECRET_KEY
aws_session_token = $AWS_SESSION_TOKEN

[process]
credential_process = /bin/false
EOF
SECRETS="$API_TOKEN $BASIC_CRED $QUERY_KEY $CUSTOM_KEY $AWS_KEY_ID $AWS_SECRET_KEY $AWS_SESSION_TOKEN"

# ---- a CA and the origin's certificate ------------------------------------
CA="$TMP/ca.pem"
(
  cd "$TMP" &&
  openssl req -x509 -newkey rsa:2048 -nodes -keyout ca.key -out ca.pem -days 2 \
    -subj "/CN=box egress test CA" 2>/dev/null &&
  openssl req -newkey rsa:2048 -nodes -keyout origin.key -out origin.csr \
    -subj "/CN=api.test" 2>/dev/null &&
  printf 'subjectAltName=DNS:api.test,DNS:basic.test,DNS:query.test,DNS:custom.test,DNS:unbound.test,DNS:sqs.eu-west-1.amazonaws.com,DNS:sts.amazonaws.com\n' >ext.cnf &&
  openssl x509 -req -in origin.csr -CA ca.pem -CAkey ca.key -CAcreateserial -days 2 \
    -extfile ext.cnf -out origin.pem 2>/dev/null
) || { echo "openssl could not make the test certificates" >&2; exit 99; }

SEEN="$TMP/seen"
: >"$SEEN"
mkfifo "$TMP/origin-in" || exit 99
"$PY" "$top_srcdir/tests/egress/origin.py" "$SEEN" "$TMP/origin.pem" "$TMP/origin.key" \
  "$AWS_KEY_ID" "$AWS_SECRET_KEY" "$AWS_SESSION_TOKEN" <"$TMP/origin-in" >"$TMP/ports" &
ORIGIN_PID=$!
exec 7>"$TMP/origin-in" # the origin stops when this shell (and fd 7) goes away
i=0
while [ ! -s "$TMP/ports" ] && [ $i -lt 200 ]; do sleep 0.05; i=$((i + 1)); done
read -r TLS_PORT PLAIN_PORT <"$TMP/ports"
case "$TLS_PORT$PLAIN_PORT" in
  '' | *[!0-9]*) echo "the origin server did not start" >&2; exit 99 ;;
esac

# ---- the box ----------------------------------------------------------------
BOX="$TMP/box"
WORKSPACE="$BOX/workspace"
STATE="$TMP/state"
RECORDS="$STATE/private/telemetry/records.jsonl"
OUT="$TMP/out"
ERR="$TMP/err"
mkdir -p "$WORKSPACE" || exit 99
cat >"$BOX/box.toml" <<EOF
name = "egress-test"
box_dir = "$STATE"
policy = "policy.dw"

[agent]
workspace = "$WORKSPACE"

[egress.api]
destinations = ["api.test:$TLS_PORT", "api.test:$PLAIN_PORT"]
secret.ref = "env://API_TOKEN"

[egress.basic]
destinations = ["basic.test:$TLS_PORT"]
secret.ref = "env://BASIC_CRED"
secret.placement = "basic_auth"

[egress.query]
destinations = ["query.test:$TLS_PORT/v1"]
secret.ref = "env://QUERY_KEY"
secret.placement = "query_param"
secret.param = "key"

[egress.custom]
destinations = ["custom.test:$TLS_PORT"]
secret.ref = "env://CUSTOM_KEY"
secret.header = "X-Api-Key"
secret.inject = "always"
secret.phantom_prefix = "custom_"

[egress.aws]
destinations = ["*.amazonaws.com:$TLS_PORT"]
secret.ref = "aws://boxtest"
EOF
cat >"$BOX/policy.dw" <<'EOF'
@id("connect_anywhere")
permit (principal, action == Box::Action::"net:connect", resource);

@id("request_anywhere")
permit (principal, action == Box::Action::"http:request", resource);
EOF

RESOLVE=
for h in api.test basic.test query.test custom.test unbound.test \
  sqs.eu-west-1.amazonaws.com sts.amazonaws.com; do
  RESOLVE="$RESOLVE --resolve $h:$TLS_PORT:127.0.0.1"
done
RESOLVE="$RESOLVE --resolve api.test:$PLAIN_PORT:127.0.0.1"

# run_box SOURCE [WRAPPER...]: runs SOURCE with -c (under WRAPPER, if given);
# sets $status, $OUT, $ERR and $NEW_SEEN (the origin's lines of this run).
run_box() {
  _src=$1
  shift
  seen_before=$(wc -l <"$SEEN")
  # shellcheck disable=SC2086 # RESOLVE is split into options on purpose
  "$@" "$BROKER" --config "$BOX/box.toml" --cacert "$CA" $RESOLVE -c "$_src" >"$OUT" 2>"$ERR"
  status=$?
  NEW_SEEN=$(tail -n +"$((seen_before + 1))" "$SEEN")
}

# seen FIELD...: the requests of the last run, one line each, as the
# origin saw them (fields: scheme method target, or header:NAME).
seen() {
  printf '%s\n' "$NEW_SEEN" | "$PY" -c '
import json, sys
fields = sys.argv[1:]
for line in sys.stdin:
    if not line.strip():
        continue
    r = json.loads(line)
    out = []
    for f in fields:
        if f.startswith("header:"):
            out.append(r["headers"].get(f[7:], "-"))
        else:
            out.append(r[f])
    print(" ".join(out))' "$@"
}
