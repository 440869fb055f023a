#!/bin/sh
# tests/policy/decide.sh -- box-broker --decide end to end: the spec's seed
# policy (tests/policy/data/seed.dw) loaded from a real box.toml decides
# requests given on the command line; bad policies and bad requests are
# refused with status 1 and a message; nothing runs and nothing is created.
top_builddir=${top_builddir:-.}
top_srcdir=${top_srcdir:-.}
broker=$top_builddir/box-broker
[ -x "$broker" ] || { echo "decide.sh: no box-broker in $top_builddir" >&2; exit 99; }
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/ws"
cp "$top_srcdir/tests/policy/data/seed.dw" "$tmp/policy.dw"
cat > "$tmp/box.toml" <<TOML
name = "decide-test"
box_dir = "$tmp/state"
policy = "policy.dw"

[agent]
workspace = "$tmp/ws"
TOML
checks=0
failures=0

# expect DESCRIPTION STATUS EXPECTED_STDOUT REQUEST
expect() {
  checks=$((checks + 1))
  out=$("$broker" --config "$tmp/box.toml" --decide "$4" 2>"$tmp/err")
  status=$?
  # the decision ends with the request it decided (here: as given)
  want="${3%\}},\"request\":$4}"
  if [ "$status" -eq "$2" ] && [ "$out" = "$want" ]; then
    echo "ok   $1"
  else
    failures=$((failures + 1))
    echo "FAIL $1: status $status (expected $2)"
    echo "     got:      $out"
    echo "     expected: $want"
    sed 's/^/     stderr: /' "$tmp/err"
  fi
}

# expect_error DESCRIPTION STDERR_LINE REQUEST [CONFIG]
expect_error() {
  checks=$((checks + 1))
  "$broker" --config "${4:-$tmp/box.toml}" --decide "$3" >"$tmp/out" 2>"$tmp/err"
  status=$?
  if [ "$status" -eq 1 ] && [ ! -s "$tmp/out" ] && grep -qxF -- "$2" "$tmp/err"; then
    echo "ok   $1"
  else
    failures=$((failures + 1))
    echo "FAIL $1: status $status, stdout '$(cat "$tmp/out")', stderr '$(cat "$tmp/err")'"
    echo "     expected stderr line: $2"
  fi
}

expect "read in the project is permitted" 0 \
  '{"decision":"allow","cause":"permitted","rules":["project_read"],"reason":null,"errors":[]}' \
  '{"action":"fs:read","input":{"path":"~/src/project/notes.txt","operation":"read_content"}}'
expect "the project directory itself is permitted" 0 \
  '{"decision":"allow","cause":"permitted","rules":["project_read"],"reason":null,"errors":[]}' \
  '{"action":"fs:read","input":{"path":"~/src/project","operation":"enumerate"}}'
expect "write in out/ is permitted" 0 \
  '{"decision":"allow","cause":"permitted","rules":["out_write"],"reason":null,"errors":[]}' \
  '{"action":"fs:write","input":{"path":"~/src/project/out/notes.txt","operation":"write_content"}}'
expect "create_dir in out/ is default-denied" 0 \
  "{\"decision\":\"deny\",\"cause\":\"no_match\",\"rules\":[],\"reason\":\"policy denied this operation on '~/src/project/out/d' [default-deny]: No permit policy matched this request.\",\"errors\":[]}" \
  '{"action":"fs:write","input":{"path":"~/src/project/out/d","operation":"create_dir"}}'
expect "write outside out/ is default-denied" 0 \
  "{\"decision\":\"deny\",\"cause\":\"no_match\",\"rules\":[],\"reason\":\"policy denied this operation on '~/src/project/x' [default-deny]: No permit policy matched this request.\",\"errors\":[]}" \
  '{"action":"fs:write","input":{"path":"~/src/project/x","operation":"write_content"}}'
expect "keys are forbidden" 0 \
  "{\"decision\":\"deny\",\"cause\":\"forbidden\",\"rules\":[\"no_keys\"],\"reason\":\"policy denied this operation on '~/.ssh/id_rsa' [policy: no_keys].\",\"errors\":[]}" \
  '{"action":"fs:read","input":{"path":"~/.ssh/id_rsa","operation":"read_content"}}'
expect "python in the shell is permitted" 0 \
  '{"decision":"allow","cause":"permitted","rules":["python_in_shell"],"reason":null,"errors":[]}' \
  '{"action":"shell:exec","input":{"program":"python3","command":"python3 x.py","arg1":"x.py","arg2":"","arg_count":1,"cwd":"~/src/project"}}'

expect_error "malformed request JSON" \
  "box-broker: error: --decide: the request is not valid JSON: unexpected end of input" '{"action":'
expect_error "unknown action" \
  "box-broker: error: --decide: unknown action \"fs:chmod\"; the actions are fs:read, fs:write, fs:delete, fs:move, net:connect, http:request and shell:exec" \
  '{"action":"fs:chmod","input":{"path":"~/x"}}'

printf 'permit (principal, action == Box::Action::"fs:read", resource) when { context.input.nope == 1 };\n' \
  > "$tmp/bad.dw"
sed 's/policy.dw/bad.dw/' "$tmp/box.toml" > "$tmp/bad.toml"
checks=$((checks + 1))
"$broker" --config "$tmp/bad.toml" --decide '{"action":"fs:read","input":{"path":"~/x","operation":"read_content"}}' \
  >"$tmp/out" 2>"$tmp/err"
status=$?
if [ "$status" -eq 1 ] && [ ! -s "$tmp/out" ] && grep -qxF "box-broker: error: $tmp/bad.dw: "'policy fails schema validation: for policy `policy_0`, attribute `input.nope` in context for Box::Action::"fs:read" not found; its fields are path, operation' "$tmp/err"; then
  echo "ok   a policy that fails validation is refused"
else
  failures=$((failures + 1))
  echo "FAIL bad policy: status $status, stderr '$(cat "$tmp/err")'"
fi

# a def cedar macro expands where it is called
cat > "$tmp/macro.dw" <<'DW'
def cedar under(?path, ?pattern) { ?path like ?pattern };
@id("out_write")
permit (principal, action == Box::Action::"fs:write", resource)
when { under(context.input.path, "~/out/*") };
DW
sed 's/policy.dw/macro.dw/' "$tmp/box.toml" > "$tmp/macro.toml"
expect_with() {
  cp "$tmp/box.toml" "$tmp/box.toml.keep"
  cp "$5" "$tmp/box.toml"
  expect "$1" "$2" "$3" "$4"
  cp "$tmp/box.toml.keep" "$tmp/box.toml"
}
expect_with "a macro's condition decides" 0 \
  '{"decision":"allow","cause":"permitted","rules":["out_write"],"reason":null,"errors":[]}' \
  '{"action":"fs:write","input":{"path":"~/out/a.txt","operation":"write_content"}}' "$tmp/macro.toml"

# a temporal rule loads and decides against the box's history, which has
# no events yet (and which --decide does not create)
cat > "$tmp/temporal.dw" <<'DW'
@id("net") permit (principal, action == Box::Action::"http:request", resource);
@id("no_net_after_secret")
forbid (principal, action == Box::Action::"http:request", resource)
when temporal { formerly within 1h Box::Action::"fs:read"::response{ input.path: "~/.aws/credentials", output.result: _ } };
DW
sed 's/policy.dw/temporal.dw/' "$tmp/box.toml" > "$tmp/temporal.toml"
expect_with "a temporal rule decides over an empty history" 0 \
  '{"decision":"allow","cause":"permitted","rules":["net"],"reason":null,"errors":[]}' \
  '{"action":"http:request","input":{"host":"h","port":443,"method":"GET","path":"/","body_bytes":0,"intercepted":true}}' \
  "$tmp/temporal.toml"

# a temporal cap written as a permit: refused beside a permit of the same
# action with no condition, a warning beside a conditioned one
cat > "$tmp/cap.dw" <<'DW'
@id("any_write") permit (principal, action == Box::Action::"fs:write", resource);
@id("cap") permit (principal, action == Box::Action::"fs:write", resource)
when temporal { (count for (t: Timepoint). where formerly within 1h (Box::Action::"fs:write"::request{ input.path: _ } && tp(t))) <= 20 };
DW
sed 's/policy.dw/cap.dw/' "$tmp/box.toml" > "$tmp/cap.toml"
expect_error "a cap written as a permit beside an unconditioned permit is refused" \
  "box-broker: error: $tmp/cap.dw: policy writes a cap as a permit: @id(\"cap\") (rule 2) caps its actions with a permit, but @id(\"any_write\") (rule 1) permits them with no condition, so the cap never denies anything; write the cap as a forbid of the count or sum over its bound" \
  '{"action":"fs:write","input":{"path":"~/x","operation":"write_content"}}' "$tmp/cap.toml"
sed 's/permit (principal, action == Box::Action::"fs:write", resource);/permit (principal, action == Box::Action::"fs:write", resource) when { context.input.path like "~\/out\/*" };/' \
  "$tmp/cap.dw" > "$tmp/cap2.dw"
sed 's/policy.dw/cap2.dw/' "$tmp/box.toml" > "$tmp/cap2.toml"
checks=$((checks + 1))
"$broker" --config "$tmp/cap2.toml" --decide '{"action":"fs:write","input":{"path":"~/x","operation":"write_content"}}' >"$tmp/out" 2>"$tmp/err"
status=$?
if [ "$status" -eq 0 ] && grep -q '^{"decision":"allow","cause":"permitted","rules":\["cap"\]' "$tmp/out" &&
   grep -qxF 'box-broker: warning: policy writes a cap as a permit: @id("cap") (rule 2) caps its actions with a permit, and @id("any_write") (rule 1) permits them too: wherever that rule'"'"'s condition holds, the cap does not apply; a forbid of the count or sum over its bound holds everywhere' "$tmp/err"; then
  echo "ok   a cap written as a permit beside a conditioned permit warns and decides"
else
  failures=$((failures + 1))
  echo "FAIL cap beside a conditioned permit: status $status, stdout '$(cat "$tmp/out")', stderr '$(cat "$tmp/err")'"
fi

checks=$((checks + 1))
if [ -e "$tmp/state" ]; then
  failures=$((failures + 1))
  echo "FAIL --decide created the box directory"
else
  echo "ok   --decide created nothing"
fi

echo "decide.sh: $((checks - failures)) of $checks checks passed"
[ "$failures" -eq 0 ]
