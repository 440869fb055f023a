#!/bin/sh
# tests/conformance/run-boxed.sh -- runs the conformance suite through the
# real box-broker (sandboxed worker, seccomp filter, pipe protocol), in a
# throw-away box with an empty policy: the cases touch no host resource.
# The agent may read the cases (box-broker reads a SCRIPT with the agent's
# own access).
top_builddir=$(cd "${top_builddir:-.}" && pwd)
broker=$top_builddir/box-broker
[ -x "$broker" ] || { echo "run-boxed: no box-broker in $top_builddir" >&2; exit 99; }
top_srcdir=${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}
cases=$(cd "$top_srcdir/tests/conformance/cases" && pwd -P)
box=$(mktemp -d)
trap 'rm -rf "$box"' EXIT
mkdir -p "$box/ws"
cat > "$box/box.toml" <<TOML
name = "conformance"
box_dir = "$box/state"

[agent]
workspace = "$box/ws"

[agent.filesystem]
read = ["$cases"]
TOML
BOX_RUNNER="$broker --config $box/box.toml"
export BOX_RUNNER top_builddir
sh "$(dirname "$0")/run.sh"
