#!/bin/sh
# tests/config/grants.sh -- the [agent.filesystem] grant rules through the
# real box-broker: `--install` prints the startup disclosure of the grants
# (and what they expose); a plain script run prints nothing of it (the
# script's stderr is the script's own); a grant enclosing a credential store
# is refused before anything runs, with status 1.
set -u
top_builddir=${top_builddir:-.}
BROKER="$top_builddir/box-broker"
[ -x "$BROKER" ] || { echo "missing $BROKER: build it first" >&2; exit 99; }
TMP=$(mktemp -d "${TMPDIR:-/tmp}/box-grants.XXXXXX") || exit 99
TMP=$(cd "$TMP" && pwd -P)
trap 'rm -rf "$TMP"' EXIT
mkdir -p "$TMP/home/.ssh" "$TMP/ws" "$TMP/tools" || exit 99
HOME=$TMP/home
export HOME

checks=0
failures=0
pass() { checks=$((checks + 1)); echo "ok   $*"; }
fail() { checks=$((checks + 1)); failures=$((failures + 1)); echo "FAIL $*"; }

write_config() { # write_config GRANT-LINES
  cat >"$TMP/box.toml" <<TOML
name = "grants"
box_dir = "$TMP/state"

[agent]
command = ["/usr/bin/node", "/opt/agent/cli.js"]
workspace = "$TMP/ws"

[agent.filesystem]
$1
TOML
}

write_config 'read = ["~/.ssh", "/etc"]
exec = ["/usr/bin", "'"$TMP"'/tools"]'
"$BROKER" --config "$TMP/box.toml" --install >"$TMP/out" 2>"$TMP/err"
status=$?
if [ $status -eq 0 ]; then pass "--install: status 0"; else fail "--install: status $status ($(cat "$TMP/err"))"; fi
want="box-broker: [agent] runs /usr/bin/node with no policy decision over these paths:
read  $TMP/home/.ssh
read  /etc
exec  /usr/bin
exec  $TMP/tools
box-broker: [agent]: exposes ~/.ssh (read)
box-broker: [agent]: exposes /etc (read)"
got=$(grep -v '^box-broker: note: ' "$TMP/err")
if [ "$got" = "$want" ]; then pass "--install: the disclosure"; else
  fail "--install: stderr
--- got
$got
--- expected
$want"; fi

"$BROKER" --config "$TMP/box.toml" -c "print('hi')" >"$TMP/out" 2>"$TMP/err"
status=$?
if [ $status -eq 0 ] && [ "$(cat "$TMP/out")" = "hi" ]; then pass "run: status 0, stdout"; else
  fail "run: status $status, stdout '$(cat "$TMP/out")' ($(cat "$TMP/err"))"; fi
if grep -q 'no policy decision\|exposes' "$TMP/err"; then fail "run: disclosure on the script's stderr"; else
  pass "run: no disclosure on the script's stderr"; fi

write_config 'read = ["~"]'
"$BROKER" --config "$TMP/box.toml" -c "print('hi')" >"$TMP/out" 2>"$TMP/err"
status=$?
if [ $status -eq 1 ] && [ ! -s "$TMP/out" ]; then pass "enclosing grant: status 1, nothing run"; else
  fail "enclosing grant: status $status, stdout '$(cat "$TMP/out")'"; fi
want="box-broker: error: $TMP/box.toml:9: agent.filesystem.read: \"~\" encloses the credential store ~/.ssh; grant only the paths the agent needs, or add \"~/.ssh\" to deny"
if grep -qxF -- "$want" "$TMP/err"; then pass "enclosing grant: the refusal"; else
  fail "enclosing grant: stderr '$(cat "$TMP/err")'"; fi

write_config 'read = ["~"]
deny = ["~/.ssh"]'
"$BROKER" --config "$TMP/box.toml" -c "print('hi')" >"$TMP/out" 2>"$TMP/err"
status=$?
if [ $status -eq 0 ]; then pass "enclosing grant with the store denied: runs"; else
  fail "enclosing grant with the store denied: status $status ($(cat "$TMP/err"))"; fi

echo "$(basename "$0"): $((checks - failures)) of $checks checks passed"
[ "$failures" -eq 0 ]
