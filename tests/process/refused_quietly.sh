#!/bin/sh
# tests/process/refused_quietly.sh -- a run the broker refuses after it has
# started the worker early (a -c source over 64 KiB, a policy that does not
# load) ends with the broker's reason as the last line of stderr, and
# nothing from the worker, even with 40 such runs at once (the worker is
# killed before its pipes close, so it never sees them close).
. "${top_srcdir:-.}/tests/process/lib.sh"

big=$(awk 'BEGIN { s = ""; for (i = 0; i < 100000; i++) s = s "#"; print s }')
printf 'permit (principal, action, resource) when { nonsense ' >"$TMP/bad.dw"
sed -e "s|^policy *=.*||" "$CONFIG" >"$TMP/badpolicy.toml"
printf 'policy = "%s"\n' "$TMP/bad.dw" | cat - "$TMP/badpolicy.toml" >"$TMP/bad.toml"

i=0
while [ $i -lt 40 ]; do
  if [ $((i % 2)) -eq 0 ]; then
    "$BROKER" --config "$CONFIG" -c "$big" >/dev/null 2>"$TMP/err.$i" &
  else
    "$BROKER" --config "$TMP/bad.toml" -c "print(1)" >/dev/null 2>"$TMP/err.$i" &
  fi
  i=$((i + 1))
done
wait

stray=0 wrong=0
i=0
while [ $i -lt 40 ]; do
  grep -q '^box-worker:' "$TMP/err.$i" && stray=$((stray + 1))
  last=$(tail -n 1 "$TMP/err.$i")
  case "$last" in
    box-broker:*) ;;
    *) wrong=$((wrong + 1)); echo "run $i ends with: $last" ;;
  esac
  i=$((i + 1))
done
if [ $stray -eq 0 ]; then pass "no box-worker line in 40 refused runs"; else
  fail "$stray of 40 refused runs printed a box-worker line"; fi
if [ $wrong -eq 0 ]; then pass "each refused run ends with the broker's reason"; else
  fail "$wrong of 40 refused runs end with another line"; fi
finish
