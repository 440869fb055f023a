#!/bin/bash
# tests/layout/boundaries.sh -- fails on an #include that crosses a boundary
# doc/ARCHITECTURE.md ("Map of the tree") draws.  Every quoted include names
# its header from the top of the tree ("worker/objects/object.h"), so the
# folder a file may depend on is read straight off the include line.
#
# The rules, one folder (or file group) per line: the folders its files may
# include from.  A folder not listed here may include from anywhere inside
# its own side (the broker side: broker/ common/ seccomp/; the worker side:
# worker/ common/ seccomp/).
set -u

top=${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}
cd "$top" || exit 99

# folder|allowed include prefixes (space-separated); "self" is the folder.
rules='
common|self
seccomp|self common
broker|self common seccomp
worker|self common seccomp
worker/parse|self worker/text common
worker/num|self worker/text common
worker/text|self common
worker/compile|self worker/parse worker/runtime worker/objects worker/num worker/text common
worker/objects|self worker/runtime worker/num worker/text common
worker/eval|self worker/compile worker/objects worker/runtime worker/num worker/text common
worker/host|self worker/runtime worker/objects common
'
# The modules' pure-C cores (libboxmodcores.a) know nothing of the object
# model: they may include only each other, the text and number libraries
# and common/utf8.h.
cores='worker/modules/core_error.[ch]
worker/modules/re/re_translate.[ch] worker/modules/re/re_text.[ch]
worker/modules/re/re_engine.[ch] worker/modules/re/re_template.c
worker/modules/random/mt19937.[ch] worker/modules/random/sha512.[ch]
worker/modules/random/random_core.[ch]
worker/modules/json/json_scan.[ch] worker/modules/json/json_escape.[ch]
worker/modules/datetime/dt_*.[ch] worker/modules/datetime/strptime.[ch]'
core_allowed='worker/modules/core_error.h worker/modules/re/re_ worker/modules/random/mt19937
worker/modules/random/sha512 worker/modules/random/random_core worker/modules/json/json_scan
worker/modules/json/json_escape worker/modules/datetime/dt_ worker/modules/datetime/strptime
worker/num/ worker/text/ common/utf8.h'

fails=0
checked=0

# includes FILE -> the tree-relative headers FILE includes (config.h aside)
includes() {
  sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$1" |
    grep -v '^config\.h$'
}

# most_specific_rule FILE -> the "folder|allowed" line of the deepest folder
# of the rules that contains FILE
most_specific_rule() {
  local f=$1 best="" line dir
  while IFS= read -r line; do
    [ -n "$line" ] || continue
    dir=${line%%|*}
    case "$f" in
      "$dir"/*) [ ${#dir} -gt ${#best} ] && best=$dir ;;
    esac
  done <<<"$rules"
  [ -n "$best" ] && grep "^$best|" <<<"$rules"
}

is_core() {
  local f=$1 pat
  for pat in $cores; do
    # shellcheck disable=SC2053
    [[ $f == $pat ]] && return 0
  done
  return 1
}

while IFS= read -r f; do
  checked=$((checked + 1))
  rule=$(most_specific_rule "$f") || continue
  dir=${rule%%|*}
  allowed=${rule#*|}
  core=false
  is_core "$f" && core=true
  while IFS= read -r inc; do
    [ -n "$inc" ] || continue
    case "$inc" in */*) ;; *) echo "FAIL $f: #include \"$inc\" does not name its folder"; fails=$((fails + 1)); continue ;; esac
    ok=false
    if $core; then
      for p in $core_allowed; do
        case "$inc" in "$p"*) ok=true ;; esac
      done
    else
      for p in $allowed; do
        [ "$p" = self ] && p=$dir
        case "$inc" in "$p"/*) ok=true ;; esac
      done
      # tests and generated tables beside a file are its own business
      case "$inc" in tests/*) ok=true ;; esac
    fi
    if ! $ok; then
      echo "FAIL $f includes \"$inc\" ($( $core && echo 'a module core' || echo "$dir") may not)"
      fails=$((fails + 1))
    fi
  done < <(includes "$f")
done < <(find common seccomp broker worker \( -name '*.[ch]' -o -name '*.inc' \) -print | sort)

if [ "$checked" -eq 0 ]; then
  echo "FAIL no source files found under $top"
  exit 1
fi
echo "checked the includes of $checked files"
[ "$fails" -eq 0 ] || { echo "$fails include(s) cross a boundary"; exit 1; }
echo "1 passed, 0 failed"
