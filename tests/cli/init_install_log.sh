#!/bin/sh
# tests/cli/init_install_log.sh -- a new user's first commands end to end:
# `box-broker --init DIR --workspace PATH` writes a box that loads and
# refuses to overwrite; `--install` makes the aliases; a script through the
# alias reads the workspace, writes under out/, is refused elsewhere and in
# ~/.ssh; `--log` shows one line per decision (--denied, --since, --json);
# bad uses of the options are refused with a message.
top_builddir=${top_builddir:-.}
broker=$top_builddir/box-broker
[ -x "$broker" ] || { echo "init_install_log.sh: no box-broker in $top_builddir" >&2; exit 99; }
broker=$(cd "$(dirname "$broker")" && pwd)/box-broker
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
tmp=$(cd "$tmp" && pwd -P)
HOME=$tmp/home
export HOME
mkdir -p "$HOME/proj" "$HOME/.ssh"
echo "project notes" >"$HOME/proj/notes.txt"
echo "key" >"$HOME/.ssh/id_rsa"
checks=0
failures=0
ok() { checks=$((checks + 1)); echo "ok   $1"; }
fail() { checks=$((checks + 1)); failures=$((failures + 1)); echo "FAIL $1"; }
expect() { # NAME EXPECTED ACTUAL
  if [ "$2" = "$3" ]; then ok "$1"; else fail "$1
  expected: $2
  got:      $3"; fi
}

box=$HOME/boxes/proj
out=$(cd / && "$broker" --init "$box" --workspace "$HOME/proj" 2>&1)
status=$?
expect "--init: status" 0 "$status"
case $out in
*"box-broker --config $box/box.toml --install"*) ok "--init: prints the next commands" ;;
*) fail "--init: output '$out'" ;;
esac
[ -f "$box/box.toml" ] && [ -f "$box/policy.dw" ] && ok "--init: box.toml and policy.dw" || fail "--init: files missing"
grep -q 'like "~/proj/\*"' "$box/policy.dw" && ok "--init: the policy spells the workspace ~/proj" ||
  fail "--init: policy $(cat "$box/policy.dw")"
before=$(cat "$box/box.toml" "$box/policy.dw" | cksum)
"$broker" --init "$box" --workspace "$HOME/proj" >/dev/null 2>"$tmp/err"
expect "--init again: status" 1 "$?"
expect "--init again: message" "box-broker: error: $box/box.toml already exists; --init never overwrites a box" \
  "$(cat "$tmp/err")"
expect "--init again: files unchanged" "$before" "$(cat "$box/box.toml" "$box/policy.dw" | cksum)"
"$broker" --init "$HOME/proj/box" --workspace "$HOME/proj" >/dev/null 2>"$tmp/err"
case $(cat "$tmp/err") in
*"lies inside the workspace"*) ok "--init inside the workspace is refused" ;;
*) fail "--init inside the workspace: '$(cat "$tmp/err")'" ;;
esac
"$broker" --init "$tmp/other" --workspace "$HOME" >/dev/null 2>"$tmp/err"
case $(cat "$tmp/err") in
*"would give scripts your whole home"*) ok "--init with the home as workspace is refused" ;;
*) fail "--init home: '$(cat "$tmp/err")'" ;;
esac
[ ! -e "$tmp/other/box.toml" ] && ok "--init refused: nothing written" || fail "--init refused but wrote"

"$broker" --config "$box/box.toml" --install >/dev/null 2>&1
expect "--install: status" 0 "$?"
cd "$HOME/proj" || exit 99
"$box/state/bin/python3" -c "
from pathlib import Path
print(Path('notes.txt').read_text().strip())
Path('out').mkdir()
Path('out/report.txt').write_text('done')
for p in ['elsewhere.txt', '$HOME/.ssh/id_rsa']:
    try:
        open(p, 'w' if p.endswith('.txt') else 'r')
        print('opened', p)
    except PermissionError as e:
        print('refused', e)
" >"$tmp/out" 2>"$tmp/err"
expect "alias: status" 0 "$?"
expect "alias: output" "project notes
refused policy denied this operation on 'elsewhere.txt' [default-deny]: No permit policy matched this request.
refused policy denied this operation on '$HOME/.ssh/id_rsa' [policy: no_secrets]." "$(cat "$tmp/out")"
expect "alias: out/report.txt" "done" "$(cat "$HOME/proj/out/report.txt")"

"$broker" --config "$box/box.toml" --log >"$tmp/log" 2>"$tmp/err"
expect "--log: status" 0 "$?"
expect "--log: one line per decision" 5 "$(wc -l <"$tmp/log" | tr -d ' ')"
sed 's/^[0-9T:Z-]*  //' "$tmp/log" >"$tmp/log.text"
expect "--log: lines" "permit  fs:read       ~/proj/notes.txt  [project_read]
permit  fs:write      ~/proj/out  [out_write]
permit  fs:write      ~/proj/out/report.txt  [out_write]
deny    fs:write      ~/proj/elsewhere.txt  [<default-deny>]
deny    fs:read       ~/.ssh/id_rsa  [no_secrets]" "$(cat "$tmp/log.text")"
expect "--log --denied" 2 "$("$broker" --config "$box/box.toml" --log --denied | wc -l | tr -d ' ')"
expect "--log --since 1h" 5 "$("$broker" --config "$box/box.toml" --log --since 1h | wc -l | tr -d ' ')"
"$broker" --config "$box/box.toml" --log --denied --json >"$tmp/json"
if python3 -c "
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
assert [r['rule'] for r in rows] == ['<default-deny>', 'no_secrets'], rows
assert all(r['verdict'] == 'deny' and len(r['run']) == 32 and r['time'].endswith('Z') for r in rows), rows
assert rows[1]['resource'] == '~/.ssh/id_rsa' and rows[1]['cause'] == 'forbidden', rows
" "$tmp/json"; then ok "--log --json"; else fail "--log --json: $(cat "$tmp/json")"; fi
sleep 2
expect "--log --since 1s (older decisions left out)" 0 \
  "$("$broker" --config "$box/box.toml" --log --since 1s | wc -l | tr -d ' ')"

"$broker" --config "$box/box.toml" --log --since 5x >/dev/null 2>"$tmp/err"
expect "--since 5x: status" 2 "$?"
expect "--since 5x: message" "box-broker: option --since takes a duration such as 90s, 15m, 2h or 7d, not '5x'" \
  "$(cat "$tmp/err")"
"$broker" --config "$box/box.toml" --denied >/dev/null 2>"$tmp/err"
expect "--denied without --log" 2 "$?"
"$broker" --init "$tmp/x" --config "$box/box.toml" >/dev/null 2>"$tmp/err"
expect "--init with --config" 2 "$?"
rm -f "$box/state/private/telemetry/records.jsonl"
expect "--log of a box that decided nothing" "" "$("$broker" --config "$box/box.toml" --log)"

echo "init_install_log.sh: $((checks - failures)) of $checks checks passed"
[ "$failures" -eq 0 ]
