#!/bin/sh
# tests/interp/finalizer-boxed.sh -- the finalizer cases (tests/interp/
# finalizer.sh: stdout and stderr of __del__, byte for byte) through the
# real box-broker: sandboxed worker, seccomp filter, stderr relayed by the
# broker.  A throw-away box with an empty policy that may read the cases.
top_builddir=$(cd "${top_builddir:-.}" && pwd)
top_srcdir=${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}
. "$top_srcdir/tests/lib/box.sh"
box_boxed_runner finalizer "$top_srcdir/tests/interp/finalizer"
sh "$(dirname "$0")/finalizer.sh"
