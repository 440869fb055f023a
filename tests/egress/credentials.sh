#!/bin/sh
# tests/egress/credentials.sh -- fetch() with the box's credentials, end to
# end: the real box-broker (with --cacert, the test's own CA) against a real
# local HTTPS origin and a plain HTTP one (tests/egress/origin.py).  Covers
# --placeholders; each placement (header, basic_auth, query_param) swapped
# for its placeholder; inject = "always" (and its advisory record); the
# placeholder missing or wrong (403 blocked by egress control, nothing
# sent); a placeholder sent to an unbound host (sent as it is); a plaintext
# request to a bound destination (403); a compressed answer (403); the
# secret scrubbed from response headers and body; SigV4 for aws:// checked
# by the origin against its own computation; and the box refused at start
# for a missing variable and a credential_process profile.  The scripts
# only ever hold placeholders (tests/egress/leak.sh checks that the secrets
# never reach the worker).
. "${top_srcdir:-.}/tests/egress/lib.sh"

B="https://api.test:$TLS_PORT"

# check NAME GOT WANT
check() {
  if [ "$2" = "$3" ]; then pass "$1"; else fail "$1
--- got
$2
--- expected
$3
--- stderr
$(head -c 600 "$ERR")
---"; fi
}

# ---- --placeholders -----------------------------------------------------------

"$BROKER" --config "$BOX/box.toml" --placeholders >"$OUT" 2>"$ERR"
status=$?
check_status "--placeholders" 0
if grep -Eq "^API_TOKEN='strands_box_[0-9a-f]{64}'\$" "$OUT" &&
  grep -Eq "^CUSTOM_KEY='custom_[0-9a-f]{64}'\$" "$OUT" &&
  grep -Eq "^AWS_ACCESS_KEY_ID='strands_box_[0-9a-f]{64}'\$" "$OUT" &&
  grep -Eq "^AWS_SECRET_ACCESS_KEY='strands_box_[0-9a-f]{64}'\$" "$OUT" &&
  [ "$(wc -l <"$OUT")" -eq 6 ]; then
  pass "--placeholders: one shell-quoted NAME='value' line per variable"
else
  fail "--placeholders printed: $(cat "$OUT") $(cat "$ERR")"
fi
cp "$OUT" "$TMP/placeholders"
"$BROKER" --config "$BOX/box.toml" --placeholders >"$OUT" 2>/dev/null
if cmp -s "$OUT" "$TMP/placeholders"; then pass "--placeholders: stable for the box"; else
  fail "--placeholders changed between runs"; fi
mode=$(stat -c %a "$STATE/private/egress-placeholders")
check "placeholders kept 0600" "$mode" 600
ph() { sed -n "s/^$1='\\(.*\\)'\$/\\1/p" "$TMP/placeholders"; }
PH_API=$(ph API_TOKEN)
PH_BASIC=$(ph BASIC_CRED)
PH_QUERY=$(ph QUERY_KEY)
PH_AKID=$(ph AWS_ACCESS_KEY_ID)

# ---- header placement (phantom) -----------------------------------------------------

run_box "r = fetch('$B/echo', headers={'Authorization': 'Bearer $PH_API'})
print(r['status'], '[REDACTED]' in r['body'], '$PH_API' in r['body'])"
check_status "header: phantom swapped" 0
check "header: the script sees a scrubbed echo" "$(cat "$OUT")" "200 True False"
check "header: the origin got the secret, uncompressed" \
  "$(seen scheme target header:authorization header:accept-encoding)" \
  "https /echo Bearer $API_TOKEN identity"

run_box "r = fetch('$B/leak', headers={'Authorization': 'Bearer $PH_API', 'Accept-Encoding': 'gzip'})
print(r['status'], repr(r['headers']['x-leak']), repr(r['body']))"
check "redaction in a response header and the body" "$(cat "$OUT")" \
  "200 'was Bearer [REDACTED]' 'token=Bearer [REDACTED];'"
check "a script's Accept-Encoding is replaced on a credentialed request" \
  "$(seen header:accept-encoding)" "identity"

run_box "r = fetch('$B/gzip', headers={'Authorization': 'Bearer $PH_API'})
print(r['status'], r['headers'].get('x-strands-box-egress'), r['body'])"
check "compressed response refused" "$(cat "$OUT")" \
  "403 refused response blocked by egress control"

# ---- refusals -----------------------------------------------------------------

records_before=$(wc -l <"$RECORDS")
run_box "for h in [{}, {'Authorization': 'Bearer strands_box_' + '0' * 64}, {'Authorization': 'Bearer x'}, {'X-Other': '$PH_API'}]:
    r = fetch('$B/echo', headers=h)
    print(r['status'], r['headers'].get('x-strands-box-egress'), r['body'])"
check "phantom missing or wrong: 403, nothing sent" "$(cat "$OUT")$NEW_SEEN" \
  "403 refused blocked by egress control
403 refused blocked by egress control
403 refused blocked by egress control
403 refused blocked by egress control"
check "the refusals are deny records" \
  "$(tail -n +"$((records_before + 1))" "$RECORDS" | box_decisions | sort -u)" \
  "deny http:request api.test:$TLS_PORT/echo enforcement:credential-route
permit net:connect api.test:$TLS_PORT connect_anywhere"

run_box "r = fetch('http://api.test:$PLAIN_PORT/echo', headers={'Authorization': 'Bearer $PH_API'})
print(r['status'], r['headers'].get('x-strands-box-egress'), r['body'])"
check "plaintext to a bound destination: 403, nothing sent" "$(cat "$OUT")$NEW_SEEN" \
  "403 refused credential not permitted on a plaintext request"

run_box "r = fetch('https://unbound.test:$TLS_PORT/echo', headers={'Authorization': 'Bearer $PH_API'})
print(r['status'])"
check "a placeholder to an unbound host is sent as it is" \
  "$(cat "$OUT") $(seen target header:authorization)" "200 /echo Bearer $PH_API"

# ---- basic_auth and query_param ------------------------------------------------

run_box "import base64
r = fetch('https://basic.test:$TLS_PORT/echo', headers={'Authorization': 'Basic ' + base64.b64encode(b'$PH_BASIC').decode()})
print(r['status'], '[REDACTED]' in r['body'])"
want=$("$PY" -c 'import base64, sys; print("Basic " + base64.b64encode(sys.argv[1].encode()).decode())' "$BASIC_CRED")
check "basic_auth: base64 of the placeholder swapped" \
  "$(cat "$OUT") $(seen header:authorization)" "200 True $want"

run_box "r = fetch('https://query.test:$TLS_PORT/v1/items?a=1&key=$PH_QUERY&b=2')
print(r['status'], '[REDACTED]' in r['body'])
r = fetch('https://query.test:$TLS_PORT/v1/items?a=1')
print(r['status'], r['body'])
r = fetch('https://query.test:$TLS_PORT/v2/items?key=$PH_QUERY')
print(r['status'])"
check "query_param: swapped on the bound prefix only" \
  "$(cat "$OUT")
$(seen target)" "200 True
403 blocked by egress control
200
/v1/items?a=1&b=2&key=$QUERY_KEY
/v2/items?key=$PH_QUERY"

# ---- inject = "always" ---------------------------------------------------------------

records_before=$(wc -l <"$RECORDS")
run_box "r = fetch('https://custom.test:$TLS_PORT/leak', headers={'X-Api-Key': 'mine'})
print(r['status'], r['body'])"
check "always: attached without a placeholder (the script's value replaced)" \
  "$(cat "$OUT") $(seen header:x-api-key)" "200 token=[REDACTED]; $CUSTOM_KEY"
check_err_has "always: the stderr warning" \
  "box-broker: warning: $BOX/box.toml:25: egress.custom.secret.inject = \"always\" attaches the credential to every request to these destinations"
check "always: an advisory record" \
  "$(tail -n +"$((records_before + 1))" "$RECORDS" | box_decisions | grep egress:inject)" \
  "permit egress:inject custom.test:$TLS_PORT/leak enforcement:inject-always"

# ---- aws:// (SigV4 through libcurl) -------------------------------------------------

run_box "auth = 'AWS4-HMAC-SHA256 Credential=$PH_AKID/20260101/eu-west-1/sqs/aws4_request, SignedHeaders=host, Signature=00'
r = fetch('https://sqs.eu-west-1.amazonaws.com:$TLS_PORT/sigv4?Action=List&Version=1', headers={'Authorization': auth, 'X-Amz-Date': '20260101T000000Z'})
print(r['status'], r['body'])
r = fetch('https://sts.amazonaws.com:$TLS_PORT/sigv4', 'POST', {'Authorization': auth, 'Content-Type': 'application/x-www-form-urlencoded'}, 'Action=GetCallerIdentity')
print(r['status'], r['body'])
r = fetch('https://sts.amazonaws.com:$TLS_PORT/sigv4')
print(r['status'], r['body'])"
check "aws: signed with the real keys, service and region from the host" "$(cat "$OUT")" \
  "200 sigv4 ok eu-west-1 sqs
200 sigv4 ok us-east-1 sts
403 blocked by egress control"
check "aws: the session token rides along" "$(seen header:x-amz-security-token | sort -u)" \
  "$AWS_SESSION_TOKEN"

# ---- refused at start ------------------------------------------------------------

env -u QUERY_KEY "$BROKER" --config "$BOX/box.toml" -c "print('ran')" >"$OUT" 2>"$ERR"
status=$?
check_status "missing env variable" 1
check_err "missing env variable" \
  "box-broker: error: $BOX/box.toml:17: egress.query.secret.ref: the environment variable QUERY_KEY is not set; set it in box-broker's environment (env:// is read once, when the broker starts)"
check "missing env variable: nothing ran" "$(cat "$OUT")" ""

API_TOKEN=$PH_API "$BROKER" --config "$BOX/box.toml" -c "print('ran')" >"$OUT" 2>"$ERR"
status=$?
check_status "the placeholder as the secret" 1
check_err "the placeholder as the secret" \
  "box-broker: error: $BOX/box.toml:8: egress.api.secret.ref: env://API_TOKEN holds the box's placeholder, not the secret; start box-broker with the operator's environment"

sed 's|aws://boxtest|aws://process|' "$BOX/box.toml" >"$TMP/process.toml"
cp "$BOX/policy.dw" "$TMP/policy.dw"
"$BROKER" --config "$TMP/process.toml" -c "print('ran')" >"$OUT" 2>"$ERR"
status=$?
check_status "credential_process" 1
check_err_has "credential_process" "uses credential_process, which box does not run"

# ... also where it usually is: the profile of the AWS config file.
sed 's|aws://boxtest|aws://tool|' "$BOX/box.toml" >"$TMP/process.toml"
printf '[default]\nregion = eu-west-1\n\n[profile tool]\ncredential_process = /bin/false\n' >"$TMP/aws-config"
AWS_CONFIG_FILE="$TMP/aws-config" "$BROKER" --config "$TMP/process.toml" -c "print('ran')" >"$OUT" 2>"$ERR"
status=$?
check_status "credential_process in the config file" 1
check_err_has "credential_process in the config file" \
  "egress.aws.secret.ref: profile \"tool\" of $TMP/aws-config uses credential_process, which box does not run; give the profile static keys (aws_access_key_id, aws_secret_access_key) in $AWS_SHARED_CREDENTIALS_FILE"

"$BROKER" --config "$BOX/box.toml" --cacert "$TMP/no-ca.pem" -c "print('ran')" >"$OUT" 2>"$ERR"
status=$?
check_status "--cacert names no file" 2
check_err "--cacert names no file" "box-broker: --cacert $TMP/no-ca.pem: No such file or directory"

finish
