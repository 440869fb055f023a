#!/bin/sh
# tests/docs/reference.sh -- doc/REFERENCE.md stays true: its action and
# enum tables equal what the policy engine accepts (the fields and values
# the engine lists when a policy names one that does not exist), and its
# jq recipes for the decision log, run on the log of a real run, print
# what they say they print.
top_builddir=${top_builddir:-.}
top_srcdir=${top_srcdir:-.}
broker=$top_builddir/box-broker
[ -x "$broker" ] || { echo "reference.sh: no box-broker in $top_builddir" >&2; exit 99; }
broker=$(cd "$(dirname "$broker")" && pwd)/box-broker
doc=$(cd "$top_srcdir" && pwd)/doc/REFERENCE.md
if ! command -v jq >/dev/null || ! command -v python3 >/dev/null; then
  echo "reference.sh: jq and python3 are needed (install the jq package)"
  exit 77
fi
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
tmp=$(cd "$tmp" && pwd -P)
HOME=$tmp/home
export HOME
mkdir -p "$HOME/proj/out"
echo notes >"$HOME/proj/notes.txt"
cat >"$tmp/box.toml" <<TOML
name = "reference"
box_dir = "$tmp/state"
policy = "policy.dw"

[agent]
workspace = "$HOME/proj"
TOML
cat >"$tmp/policy.dw" <<'DW'
@id("project_read") permit (principal, action == Box::Action::"fs:read", resource)
  when { context.input.path like "~/proj/*" };
@id("out_write") permit (principal, action == Box::Action::"fs:write", resource)
  when { context.input.path like "~/proj/out/*" };
DW

# The engine's own words for an action's fields and an enum's values.
engine_words() { # KIND NAME -> the list after "are "
  if [ "$1" = action ]; then
    rule="permit (principal, action == Box::Action::\"$2\", resource) when { context.input.nope == 1 };"
  else
    rule="permit (principal, action == Box::Action::\"fs:read\", resource) when { context.input.operation == $2::\"nope\" };"
  fi
  printf '%s\n' "$rule" >"$tmp/probe.dw"
  sed 's/policy.dw/probe.dw/' "$tmp/box.toml" >"$tmp/probe.toml"
  "$broker" --config "$tmp/probe.toml" --decide '{"action":"fs:read","input":{"path":"~/x","operation":"read_content"}}' \
    2>&1 | sed -n 's/.* are //p'
}

python3 - "$doc" >"$tmp/tables" <<'PY' || exit 99
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
for kind in ("actions", "enums"):
    block = text.split(f"<!-- checked: {kind} -->")[1].split("<!-- end -->")[0]
    for line in block.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 2 or not cells[0].startswith("`"):
            continue
        name = cells[0].strip("`")
        words = cells[1].replace("`", "").replace("(optional)", "(optional: test it with `has`)")
        print(f"{kind[:-1]}\t{name}\t{words}")
PY
checks=0
failures=0
while IFS='	' read -r kind name words; do
  checks=$((checks + 1))
  got=$(engine_words "$kind" "$name")
  if [ "$got" = "$words" ]; then
    echo "ok   $kind $name: $words"
  else
    failures=$((failures + 1))
    echo "FAIL $kind $name: the reference says '$words', the engine '$got'"
  fi
done <"$tmp/tables"
[ "$checks" -eq 12 ] || { echo "FAIL: $checks table rows found, 12 expected"; failures=$((failures + 1)); }

# A real log: two runs, the second with a denial (open() for writing and
# the write are two decisions).
cd "$HOME/proj" || exit 99
"$broker" --config "$tmp/box.toml" -c "open('notes.txt').read()" 2>/dev/null
"$broker" --config "$tmp/box.toml" -c "
open('out/r.txt', 'w').write('x')
try:
    open('elsewhere.txt', 'w')
except PermissionError:
    pass" 2>/dev/null
LOG=$tmp/state/private/telemetry/records.jsonl
export LOG
python3 - "$doc" "$tmp" <<'PY' || exit 99
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
block = text.split("<!-- checked: jq recipes -->")[1].split("<!-- end -->")[0]
for i, code in enumerate(re.findall(r"```sh\n(.*?)```", block, re.S)):
    open(f"{sys.argv[2]}/recipe{i + 1}.sh", "w").write(code)
PY
run_recipe() { sh "$tmp/recipe$1.sh" 2>&1; }
expect() { # NAME EXPECTED ACTUAL
  checks=$((checks + 1))
  if [ "$2" = "$3" ]; then echo "ok   $1"; else
    failures=$((failures + 1)); printf 'FAIL %s\n  expected: %s\n  got:      %s\n' "$1" "$2" "$3"; fi
}
expect "recipe 1: one line per decision" "permit	fs:read	~/proj/notes.txt	project_read
permit	fs:read	~/proj/notes.txt	project_read
permit	fs:write	~/proj/out/r.txt	out_write
permit	fs:write	~/proj/out/r.txt	out_write
deny	fs:write	~/proj/elsewhere.txt	<default-deny>" "$(run_recipe 1 | cut -f2-)"
expect "recipe 1: the time column" 5 "$(run_recipe 1 | cut -f1 | grep -c '^20[0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9:]*Z$')"
expect "recipe 2: denials with their reason" \
  "policy denied this operation on '~/proj/elsewhere.txt' [default-deny]: No permit policy matched this request." \
  "$(run_recipe 2)"
expect "recipe 3: the last run's decisions" "permit fs:write ~/proj/out/r.txt
permit fs:write ~/proj/out/r.txt
deny fs:write ~/proj/elsewhere.txt" "$(run_recipe 3)"

echo "reference.sh: $((checks - failures)) of $checks checks passed"
[ "$failures" -eq 0 ]
