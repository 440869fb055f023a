#!/bin/sh
# tests/routes/alias.sh -- the alias route end to end: `box-broker --install`
# (idempotent, refreshes stale aliases), the python3/python aliases finding
# their box from their own location, the alias grammar, and the script read
# with the agent's own access ([agent.filesystem] read / read_file / deny).
. "${top_srcdir:-.}/tests/process/lib.sh"

STATE="$TMP/state"
ALIAS="$STATE/bin/python3"

run_alias() { # run_alias ALIAS ARGS...: the alias under the subreaper
  a=$1
  shift
  "$REAPER" -- "$a" "$@" >"$OUT" 2>"$ERR"
  status=$?
}

# --install, twice: the second run changes nothing.
run_box --install
check_status "--install" 0
if grep -qxF "box-broker: installed $STATE/bin/python3" "$OUT" &&
  grep -qxF "box-broker: installed $STATE/bin/python" "$OUT" &&
  grep -qxF "box-broker: installed $STATE/private/alias" "$OUT"; then
  pass "--install: reports the three files"
else fail "--install: output '$(cat "$OUT")'"; fi
if [ -x "$STATE/bin/python3" ] && [ -x "$STATE/bin/python" ] &&
  grep -qxF "config=$CONFIG" "$STATE/private/alias"; then
  pass "--install: aliases and record exist"
else fail "--install: files missing"; fi
ino=$(stat -c %i "$ALIAS")
run_box --install
check_status "--install again" 0
if [ "$(grep -c 'is up to date$' "$OUT")" -eq 3 ] && [ "$(stat -c %i "$ALIAS")" = "$ino" ]; then
  pass "--install again: idempotent"
else fail "--install again: '$(cat "$OUT")'"; fi
echo stale >"$STATE/bin/python"
run_box --install
check_status "--install refreshes" 0
check_out "--install refreshes" "box-broker: $STATE/private/alias is up to date
box-broker: $STATE/bin/python3 is up to date
box-broker: installed $STATE/bin/python"
if cmp -s "$STATE/bin/python" "$ALIAS"; then pass "--install refreshes: python replaced"; else
  fail "--install refreshes: python still stale"; fi

# The two accepted forms.
run_alias "$ALIAS" -c "print(6*7)"
check_status "alias -c" 0
check_out "alias -c" "42"
check_no_leftover "alias -c"
run_alias "$STATE/bin/python" -c "import os; print(os.getcwd())"
check_status "alias python: cwd" 0
check_out "alias python: cwd" "$WORKSPACE"
printf 'print("from a file")\n' >"$WORKSPACE/s.py"
(cd "$WORKSPACE" && "$ALIAS" s.py) >"$OUT" 2>"$ERR"
status=$?
check_status "alias SCRIPT (relative)" 0
check_out "alias SCRIPT (relative)" "from a file"
run_alias "$ALIAS" -c "import sys; print(sys.argv)"
check_out "alias: sys.argv" "['-c']"
# "~" is the agent's HOME ([agent.env] HOME), else the operator's.
run_alias "$ALIAS" -c "import os.path, pathlib; print(os.path.expanduser('~/x'), pathlib.Path.home())"
check_out "alias: ~ is the operator's home without an agent HOME" "$HOME/x $HOME"

# Everything else: 125 and the digest's message.
for form in "" "-V" "--version" "-" "-c" "-c|x|y" "s.py|extra" "-x|s.py" "--|s.py"; do
  oldifs=$IFS
  IFS='|'
  # shellcheck disable=SC2086
  set -- $form
  IFS=$oldifs
  (cd "$WORKSPACE" && "$ALIAS" "$@") >"$OUT" 2>"$ERR"
  status=$?
  check_status "alias form '$form'" 125
  check_err "alias form '$form'" "box-broker: Python alias accepts only -c SOURCE or SCRIPT"
done
run_alias "$ALIAS" -c "$(printf 'print(1) # \377')"
check_status "alias: source not UTF-8" 125
check_err "alias: source not UTF-8" "box-broker: Python source is not valid UTF-8"

# The script is read with the agent's access: only what a grant covers.
mkdir -p "$TMP/outside"
printf 'print("outside")\n' >"$TMP/outside/o.py"
run_alias "$ALIAS" "$TMP/outside/o.py"
check_status "alias: script outside every grant" 125
check_err "alias: script outside every grant" \
  "box-broker: read Shell script $TMP/outside/o.py: Permission denied (os error 13)"
ln -s "$TMP/outside/o.py" "$WORKSPACE/link.py"
run_alias "$ALIAS" "$WORKSPACE/link.py"
check_status "alias: symlink out of the grant" 125
check_err "alias: symlink out of the grant" \
  "box-broker: read Shell script $WORKSPACE/link.py: Permission denied (os error 13)"
run_alias "$ALIAS" "$WORKSPACE/../outside/o.py"
check_status "alias: .. out of the grant" 125
run_alias "$ALIAS" "$WORKSPACE/missing.py"
check_status "alias: missing script" 125
check_err "alias: missing script" \
  "box-broker: read Shell script $WORKSPACE/missing.py: No such file or directory (os error 2)"
head -c 65537 /dev/zero | tr '\0' '#' >"$WORKSPACE/big.py"
run_alias "$ALIAS" "$WORKSPACE/big.py"
check_status "alias: script over 64 KiB" 125
check_err "alias: script over 64 KiB" \
  "box-broker: Shell script $WORKSPACE/big.py is 65537 bytes; maximum is 65536"

# read_file grants one file; deny subtracts from a grant.
mkdir -p "$WORKSPACE/secret"
printf 'print("secret")\n' >"$WORKSPACE/secret/x.py"
cp "$CONFIG" "$CONFIG.orig"
sed -e "s|^read = \\[\"$WORKSPACE\"\\]|read = [\"$WORKSPACE\"]\\nread_file = [\"$TMP/outside/o.py\"]\\ndeny = [\"$WORKSPACE/secret\"]|" \
  "$CONFIG.orig" >"$CONFIG"
run_alias "$ALIAS" "$TMP/outside/o.py"
check_status "alias: read_file grant" 0
check_out "alias: read_file grant" "outside"
run_alias "$ALIAS" "$WORKSPACE/secret/x.py"
check_status "alias: deny wins" 125
check_err "alias: deny wins" \
  "box-broker: read Shell script $WORKSPACE/secret/x.py: Permission denied (os error 13)"
cp "$CONFIG.orig" "$CONFIG"

# The alias finds its box only from its own location.
ln -s "$ALIAS" "$TMP/py-link"
run_alias "$TMP/py-link" -c "print('via a symlink')"
check_status "alias through a symlink" 0
check_out "alias through a symlink" "via a symlink"
mkdir -p "$TMP/elsewhere/bin"
cp "$ALIAS" "$TMP/elsewhere/bin/python3"
run_alias "$TMP/elsewhere/bin/python3" -c "print(1)"
check_status "alias moved away from its box" 125
check_err_has "alias moved away from its box" \
  "box-alias: $TMP/elsewhere/private/alias: No such file or directory; this alias is not inside the box directory it was installed in"
cp "$ALIAS" "$STATE/bin/py"
run_alias "$STATE/bin/py" -c "print(1)"
check_status "alias under another name" 125
check_err_has "alias under another name" "box-alias: py is not an alias name"
sed -e "s|^box_dir = .*|box_dir = \"$TMP/state2\"|" "$CONFIG.orig" >"$CONFIG"
run_alias "$ALIAS" -c "print(1)"
check_status "alias whose box.toml names another box_dir" 125
check_err "alias whose box.toml names another box_dir" \
  "box-broker: this alias lies in $STATE, but $CONFIG names box_dir $TMP/state2; run box-broker --config $CONFIG --install"
cp "$CONFIG.orig" "$CONFIG"
run_alias "$ALIAS" -c "print('back')"
check_out "alias after the box.toml is restored" "back"

# stdout and stderr reach the caller on their own streams.
run_alias "$ALIAS" -c "import sys
print('out'); print('err', file=sys.stderr)"
check_out "alias: stdout kept apart" "out"
check_err "alias: stderr kept apart" "err"

finish
