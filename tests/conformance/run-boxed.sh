#!/bin/sh
# tests/conformance/run-boxed.sh -- runs the conformance suite through the
# real box-broker (sandboxed worker, seccomp filter, pipe protocol), in a
# throw-away box with an empty policy: the cases touch no host resource.
# The agent may read the cases (box-broker reads a SCRIPT with the agent's
# own access).
top_builddir=$(cd "${top_builddir:-.}" && pwd)
top_srcdir=${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}
. "$top_srcdir/tests/lib/box.sh"
box_boxed_runner conformance "$top_srcdir/tests/conformance/cases"
sh "$(dirname "$0")/run.sh"
