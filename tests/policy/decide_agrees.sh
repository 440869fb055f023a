#!/bin/sh
# tests/policy/decide_agrees.sh -- `box-broker --decide` and a real run agree:
# for each spelling of a path (relative, with .. and ., absolute under the
# home, ~/...) and of a host (capitals, trailing dot), the dry run decides
# the request a real script's write or fetch() makes, and shows it
# normalised (workspace-joined, lexically normal, ~/ under the home, host
# lowercase without the dot).
top_builddir=${top_builddir:-.}
broker=$top_builddir/box-broker
[ -x "$broker" ] || { echo "decide_agrees.sh: no box-broker in $top_builddir" >&2; exit 99; }
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
tmp=$(cd "$tmp" && pwd -P)
HOME=$tmp/home
export HOME
mkdir -p "$HOME/proj/out" "$HOME/proj/data"
cat > "$tmp/policy.dw" <<'DW'
@id("out_write") permit (principal, action == Box::Action::"fs:write", resource)
  when { context.input.path like "~/proj/out/*" };
@id("proj_list") permit (principal, action == Box::Action::"fs:read", resource)
  when { context.input.path like "~/proj/*" };
@id("api") permit (principal, action == Box::Action::"net:connect", resource)
  when { context.input.host == "api.example.test" };
DW
cat > "$tmp/box.toml" <<TOML
name = "decide-agrees"
box_dir = "$tmp/state"
policy = "policy.dw"

[agent]
workspace = "$HOME/proj"
TOML
checks=0
failures=0
fail() { failures=$((failures + 1)); echo "FAIL $*"; }

# row SCRIPT_PATH DECIDE_PATH SHOWN: the script writes SCRIPT_PATH; --decide
# is asked about DECIDE_PATH; both must give one verdict, and --decide must
# show SHOWN as the path it decided.
row() {
  checks=$((checks + 1))
  "$broker" --config "$tmp/box.toml" -c "
try:
    open('$1', 'w').write('x')
    print('allow')
except PermissionError:
    print('deny')
" >"$tmp/run" 2>"$tmp/err"
  real=$(cat "$tmp/run")
  dry=$("$broker" --config "$tmp/box.toml" --decide \
    "{\"action\":\"fs:write\",\"input\":{\"path\":\"$2\",\"operation\":\"create\"}}")
  case $dry in
  *'"decision":"allow"'*) verdict=allow ;;
  *) verdict=deny ;;
  esac
  case $dry in
  *"\"request\":{\"action\":\"fs:write\",\"input\":{\"path\":\"$3\",\"operation\":\"create\"}}}") ;;
  *) fail "--decide $2: shows $dry (expected path $3)"; return ;;
  esac
  if [ "$real" = "$verdict" ]; then
    echo "ok   $1 / $2: both $real"
  else
    fail "$1 / $2: the run says '$real' ($(cat "$tmp/err")), --decide says $verdict"
  fi
}

row "out/a.txt" "out/a.txt" "~/proj/out/a.txt"
row "./out/./b.txt" "./out/./b.txt" "~/proj/out/b.txt"
row "$HOME/proj/out/c.txt" "$HOME/proj/out/c.txt" "~/proj/out/c.txt"
row "$HOME/proj/out/c2.txt" "~/proj/out/c2.txt" "~/proj/out/c2.txt"
row "out/../data/d.txt" "out/../data/d.txt" "~/proj/data/d.txt"
row "$HOME/proj/data/e.txt" "~/proj/out/../data/e.txt" "~/proj/data/e.txt"
row "out//f.txt" "out//f.txt" "~/proj/out/f.txt"
row "data/../out/g.txt" "data/../out/g.txt" "~/proj/out/g.txt"
row "$tmp/elsewhere.txt" "$tmp/elsewhere.txt" "$tmp/elsewhere.txt"

# Hosts: fetch() decides net:connect on the host as the URL names it (before
# any DNS query: the names here do not resolve).
for host in API.Example.Test api.example.test. Other.Test; do
  checks=$((checks + 1))
  "$broker" --config "$tmp/box.toml" -c "
try:
    fetch('http://$host:9/')
    print('allow')
except OSError as e:
    # a refused net:connect names only the URL; past the decision the
    # failure says more (here: the name does not resolve)
    print('deny' if str(e).endswith(')') else 'allow')
" >"$tmp/run" 2>"$tmp/err"
  real=$(cat "$tmp/run")
  dry=$("$broker" --config "$tmp/box.toml" --decide \
    "{\"action\":\"net:connect\",\"input\":{\"host\":\"$host\",\"port\":9}}")
  case $dry in *'"decision":"allow"'*) verdict=allow ;; *) verdict=deny ;; esac
  lower=$(printf '%s' "$host" | tr 'A-Z' 'a-z' | sed 's/\.$//')
  case $dry in
  *"\"host\":\"$lower\""*) ;;
  *) fail "--decide host $host: shows $dry"; continue ;;
  esac
  if [ "$real" = "$verdict" ]; then
    echo "ok   host $host: both $real"
  else
    fail "host $host: the run says '$real' ($(cat "$tmp/err")), --decide says $verdict"
  fi
done

echo "decide_agrees.sh: $((checks - failures)) of $checks checks passed"
[ "$failures" -eq 0 ]
