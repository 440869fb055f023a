#!/bin/sh
# stress.sh -- the parser must answer deep and huge sources with a tree or
# an error, never a crash, a C stack overflow or quadratic time.  Builds
# the inputs with awk, runs box-parse on each under a time limit and checks
# the first word of its answer.
builddir="${top_builddir:-.}"
bin="$builddir/tests/parser/box-parse"
tmp="${TMPDIR:-/tmp}/box-stress.$$"
mkdir -p "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0

# check NAME EXPECTED-PREFIX AWK-PROGRAM
check() {
	awk "BEGIN { $3 }" > "$tmp/$1.py" </dev/null
	out=$(timeout 60 "$bin" "$tmp/$1.py" 2>"$tmp/err")
	rc=$?
	case "$out" in
	"$2"*)
		if [ $rc -eq 0 ] && [ ! -s "$tmp/err" ]; then
			pass=$((pass + 1))
			return
		fi ;;
	esac
	fail=$((fail + 1))
	echo "FAIL: $1 (exit $rc): $(printf '%s' "$out" | head -c 200) $(head -c 300 "$tmp/err")"
}

rep() { echo "for (i = 0; i < $2; i++) printf \"%s\", \"$1\";"; }

check unary_minus "MemoryError" "$(rep - 10000) print 1"
check not_chain "MemoryError" "$(rep 'not ' 10000) print \"x\""
check lambda_chain "MemoryError" "$(rep 'lambda:' 10000) print 1"
check ifexp_chain "MemoryError" "$(rep '1 if 1 else ' 10000) print 1"
check power_chain "MemoryError" "$(rep '2**' 10000) print 1"
check parens "SyntaxError: too many nested parentheses" "$(rep '(' 10000) $(rep ')' 10000) print \"\""
check brackets_open "SyntaxError: too many nested parentheses" "$(rep '[' 10000) print \"\""
check attr_chain "RecursionError" "printf \"x\"; $(rep '.a' 10000) print \"\""
check call_chain "RecursionError" "printf \"x\"; $(rep '()' 10000) print \"\""
check subscript_chain "RecursionError" "printf \"x\"; $(rep '[0]' 10000) print \"\""
check binop_chain "RecursionError" "printf \"x = \"; $(rep '1+' 100000) print 1"
check indent_levels "IndentationError: too many levels of indentation" \
	"for (i = 0; i < 200; i++) { for (j = 0; j < i; j++) printf \" \"; print \"if x:\" } for (j = 0; j < 200; j++) printf \" \"; print \"pass\""
check fstring_nest "SyntaxError" "$(rep 'f\"{' 100) $(rep '}\"' 100) print \"\""
check pattern_nest "Module" "printf \"match x:\\n case \"; $(rep '[' 150) $(rep ']' 150) print \": pass\""
check huge_list "Module" "printf \"x = [\"; $(rep '1, ' 300000) print \"]\""
check huge_call "Module" "printf \"f(\"; $(rep 'a, ' 300000) print \")\""
check many_defs "Module" "for (i = 0; i < 50000; i++) print \"def f\" i \"(a, b=1):\\n    return a + b\\n\""
check long_string "Module" "printf \"x = '\"; $(rep 'abcdefgh' 200000) print \"'\""
check many_strings "Module" "printf \"x = \"; $(rep '\"a\" ' 100000) print \"\""
check bool_chain "Module" "$(rep 'a and ' 100000) print \"b\""
check compare_chain "Module" "$(rep 'a < ' 100000) print \"b\""
check decorators "Module" "$(rep '@d\\n' 10000) print \"def f(): pass\""
check deep_blocks "Module" "for (i = 0; i < 99; i++) { for (j = 0; j < i; j++) printf \" \"; print \"if x:\" } for (j = 0; j < 99; j++) printf \" \"; print \"pass\""
# Comprehension targets that fail inside one another (found by fuzz_parse:
# the target's error diagnosis re-parsed each level three times, 3**depth).
check comp_target_nest "SyntaxError" "printf \"a = \"; $(rep '(f(x for ( k, ' 40) print \"\""
check comp_target_nest_closed "SyntaxError" "printf \"a = \"; $(rep 'f(x for (k, ' 40) $(rep ') in y)' 40) print \"\""

echo "parser-stress: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
