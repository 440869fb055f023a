#!/bin/sh
# tests/sandbox/filter_golden.sh -- the generated seccomp filter allows
# exactly the syscalls we intend, no more.
#
# Reads seccomp/worker_filter.pfc from the build (the text seccomp/gen_filter
# exported from the very program the worker loads) and checks:
#   1. its allowlist (syscall [action] if condition) equals the committed
#      golden list for its profile, tests/sandbox/allowlist-<profile>.golden;
#   2. the syscalls libseccomp's pseudo code tests are exactly those names;
#   3. the default action and the bad-architecture action are KILL_PROCESS;
#   4. only the sanitizer profile returns an errno instead of killing.
set -eu

top_builddir=${top_builddir:-.}
top_srcdir=${top_srcdir:-$(dirname "$0")/../..}
pfc="$top_builddir/seccomp/worker_filter.pfc"
fail() { echo "filter_golden: $*" >&2; exit 1; }

test -f "$pfc" || fail "$pfc is missing (make seccomp/worker_filter.pfc)"
profile=$(sed -n 's/^# box worker seccomp filter, profile: //p' "$pfc")
golden="$top_srcdir/tests/sandbox/allowlist-$profile.golden"
test -f "$golden" || fail "no golden list for profile '$profile'"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

sed -n 's/^#   \([a-z0-9_]*\) *\(\[[^]]*\] if .*\) -- .*/\1 \2/p' "$pfc" > "$tmp/allowlist"
test -s "$tmp/allowlist" || fail "no allowlist in $pfc"
diff -u "$golden" "$tmp/allowlist" || fail "allowlist differs from $golden"

sed -n 's/^  # filter for syscall "\([a-z0-9_]*\)".*/\1/p' "$pfc" | sort -u > "$tmp/program"
cut -d' ' -f1 "$golden" | sort -u > "$tmp/expected"
diff -u "$tmp/expected" "$tmp/program" || fail "the BPF program tests other syscalls than the list"

grep -A1 '^  # default action$' "$pfc" | grep -qx '  action KILL_PROCESS;' ||
	fail "default action is not KILL_PROCESS"
grep -A1 '^# invalid architecture action$' "$pfc" | grep -qx 'action KILL_PROCESS;' ||
	fail "bad-architecture action is not KILL_PROCESS"
if test "$profile" = production && grep -q 'action ERRNO' "$pfc"; then
	fail "the production filter returns an errno somewhere"
fi

echo "filter_golden: profile $profile: $(wc -l < "$tmp/allowlist") rules on $(wc -l < "$tmp/program") syscalls, as in $(basename "$golden")"
