#!/usr/bin/python3.11
"""gen_re_random.py -- expected values for test_re_random (the re and random
cores) from CPython 3.11.

Writes cases_random.inc and cases_re.inc into DIR (the first argument), or
next to this script.  `make check` runs it with /usr/bin/python3.11 into
the build tree before compiling the test (the tables are not committed):
    python3.11 tests/modules/gen_re_random.py [DIR]
"""
import os
import re
import random
import sys
import warnings

warnings.simplefilter("ignore")
# Output directory: the first argument, else next to this script.
HERE = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))


def c_bytes(b):
    out = ['"']
    for x in b:
        ch = chr(x)
        if x < 128 and (ch.isalnum() or ch in " _-.,:;=+*/<>()[]{}|^$&~#!@%'"):
            out.append(ch)
        else:
            out.append("\\%03o" % x)
    out.append('"')
    return "".join(out)


def c_str(s):
    if isinstance(s, bytes):
        return c_bytes(s)
    return c_bytes(s.encode("utf-8", "surrogatepass"))


# ---------------------------------------------------------------- random

def rand_ops():
    """(op text, callable(Random) -> result text)."""
    R = []

    def add(op, fn):
        R.append((op, fn))

    def fl(x):
        return repr(float(x))

    add("random", lambda r: fl(r.random()))
    add("random", lambda r: fl(r.random()))
    for k in (0, 1, 7, 31, 32, 33, 64, 100, 257):
        add("getrandbits %d" % k, lambda r, k=k: str(r.getrandbits(k)))
    add("randrange 10", lambda r: str(r.randrange(10)))
    add("randrange 3 1000", lambda r: str(r.randrange(3, 1000)))
    add("randrange 0 100 7", lambda r: str(r.randrange(0, 100, 7)))
    add("randrange 100 0 -3", lambda r: str(r.randrange(100, 0, -3)))
    add("randrange 1180591620717411303424", lambda r: str(r.randrange(2 ** 70)))
    add("randrange -5 5", lambda r: str(r.randrange(-5, 5)))
    for _ in range(3):
        add("randint 1 6", lambda r: str(r.randint(1, 6)))
    add("randint -1000000000000 1000000000000",
        lambda r: str(r.randint(-10 ** 12, 10 ** 12)))
    for n in (1, 5, 1000):
        add("choice %d" % n, lambda r, n=n: str(r.choice(range(n))))
    for n in (0, 1, 2, 20):
        add("shuffle %d" % n, lambda r, n=n: _shuf(r, n))
    for n, k in ((10, 5), (21, 21), (22, 6), (100, 10), (25, 20), (1000, 600), (10 ** 9, 4),
                 (5, 0)):
        add("sample %d %d" % (n, k), lambda r, n=n, k=k: " ".join(map(str, r.sample(range(n), k))))
    add("samplecounts 3,1,2 4", lambda r: " ".join(map(str, r.sample([0, 1, 2], counts=[3, 1, 2], k=4))))
    add("choices 7 5", lambda r: " ".join(map(str, r.choices(range(7), k=5))))
    add("choicescum 1,3,6,10 6",
        lambda r: " ".join(map(str, r.choices(range(4), cum_weights=[1, 3, 6, 10], k=6))))
    add("choicescum 0.5,0.5,2.25 4",
        lambda r: " ".join(map(str, r.choices(range(3), cum_weights=[0.5, 0.5, 2.25], k=4))))
    add("randbytes 5", lambda r: r.randbytes(5).hex())
    add("uniform 1 2", lambda r: fl(r.uniform(1, 2)))
    add("uniform 10 -3.5", lambda r: fl(r.uniform(10, -3.5)))
    add("triangular 0 1 none", lambda r: fl(r.triangular()))
    add("triangular 0 10 3", lambda r: fl(r.triangular(0, 10, 3)))
    add("triangular 5 5 5", lambda r: fl(r.triangular(5.0, 5.0, 5.0)))
    add("normalvariate 0 1", lambda r: fl(r.normalvariate(0, 1)))
    add("normalvariate 100 15", lambda r: fl(r.normalvariate(100, 15)))
    for _ in range(3):
        add("gauss 0 1", lambda r: fl(r.gauss(0, 1)))
    add("gauss 5 2", lambda r: fl(r.gauss(5, 2)))
    add("lognormvariate 0 1", lambda r: fl(r.lognormvariate(0, 1)))
    add("expovariate 1.5", lambda r: fl(r.expovariate(1.5)))
    add("vonmisesvariate 1 4", lambda r: fl(r.vonmisesvariate(1, 4)))
    add("vonmisesvariate 1 0", lambda r: fl(r.vonmisesvariate(1, 0)))
    add("vonmisesvariate -2 0.5", lambda r: fl(r.vonmisesvariate(-2, 0.5)))
    for a, b in ((0.5, 1.0), (1.0, 2.0), (3.0, 1.5), (0.05, 1.0), (200.0, 1.0)):
        add("gammavariate %r %r" % (a, b), lambda r, a=a, b=b: fl(r.gammavariate(a, b)))
    add("betavariate 2 3", lambda r: fl(r.betavariate(2, 3)))
    add("betavariate 0.5 0.5", lambda r: fl(r.betavariate(0.5, 0.5)))
    add("paretovariate 2", lambda r: fl(r.paretovariate(2)))
    add("weibullvariate 1 2", lambda r: fl(r.weibullvariate(1, 2)))
    add("random", lambda r: fl(r.random()))
    return R


def _shuf(r, n):
    x = list(range(n))
    r.shuffle(x)
    return " ".join(map(str, x))


SEEDS = [
    ("int", "42", 42), ("int", "0", 0), ("int", "1", 1), ("int", "-7", -7),
    ("int", str(2 ** 40 + 5), 2 ** 40 + 5), ("int", str(2 ** 100 + 3), 2 ** 100 + 3),
    ("str", "hello", "hello"), ("str", "h\u00e9llo \u4e16\u754c", "h\u00e9llo \u4e16\u754c"),
    ("bytes", "\x00\xff", b"\x00\xff"), ("bytes", "", b""),
    ("hash", str(hash(1.5)), 1.5), ("hash", str(hash(-2.25)), -2.25),
    ("v1str", "hello", "hello"),
]

ERROR_OPS = [
    ("int", "1", "randrange 0", lambda r: r.randrange(0)),
    ("int", "1", "randrange 5 5", lambda r: r.randrange(5, 5)),
    ("int", "1", "randrange 0 10 0", lambda r: r.randrange(0, 10, 0)),
    ("int", "1", "randrange 10 0 2", lambda r: r.randrange(10, 0, 2)),
    ("int", "1", "randrange 10 none 2", lambda r: r.randrange(10, None, 2)),
    ("int", "1", "randint 3 1", lambda r: r.randint(3, 1)),
    ("int", "1", "choice 0", lambda r: r.choice([])),
    ("int", "1", "sample 5 6", lambda r: r.sample(range(5), 6)),
    ("int", "1", "sample 5 -1", lambda r: r.sample(range(5), -1)),
    ("int", "1", "samplecounts 0,0 1", lambda r: r.sample([0, 1], counts=[0, 0], k=1)),
    ("int", "1", "choicescum 0,0 1", lambda r: r.choices(range(2), cum_weights=[0, 0], k=1)),
    ("int", "1", "choicescum 1,inf 1", lambda r: r.choices(range(2), cum_weights=[1, float("inf")], k=1)),
    ("int", "1", "gammavariate 0.0 1.0", lambda r: r.gammavariate(0.0, 1.0)),
    ("int", "1", "expovariate 0", lambda r: r.expovariate(0)),
    ("int", "1", "paretovariate 0", lambda r: r.paretovariate(0)),
]


def gen_random():
    lines = ["/* Generated by tests/modules/gen_re_random.py from CPython %s: do not edit. */"
             % sys.version.split()[0]]
    lines.append("static const struct rand_case rand_cases[] = {")
    for kind, text, value in SEEDS:
        r = random.Random()
        if kind == "v1str":
            r.seed(value, version=1)
        else:
            r.seed(value)
        for op, fn in rand_ops():
            res = fn(r)
            seed = value if kind == "bytes" else text.encode()
            lines.append("\t{ %s, %s, %d, %s, %s }," % (c_str(kind), c_bytes(seed), len(seed),
                                                       c_str(op), c_str(res)))
    lines.append("};")
    lines.append("static const struct rand_case rand_error_cases[] = {")
    for kind, text, op, fn in ERROR_OPS:
        r = random.Random(int(text))
        try:
            fn(r)
            raise SystemExit("no error for " + op)
        except Exception as e:
            res = "%s: %s" % (type(e).__name__, e)
        lines.append("\t{ %s, %s, %d, %s, %s }," % (c_str(kind), c_str(text), len(text), c_str(op),
                                                   c_str(res)))
    lines.append("};")
    import hashlib
    lines.append("static const struct sha512_case sha512_cases[] = {")
    for fill, n in (("a", 0), ("abc", 3), ("a", 111), ("a", 112), ("xy", 127), ("q", 128),
                    ("0123456789", 129), ("a", 1000000), ("hello", 5), ("zz", 239), ("z", 240)):
        msg = (fill * n)[:n].encode()
        lines.append("\t{ %s, %d, %s }," % (c_str(fill), n, c_str(hashlib.sha512(msg).hexdigest())))
    lines.append("};")
    with open(os.path.join(HERE, "cases_random.inc"), "w") as f:
        f.write("\n".join(lines) + "\n")


# ---------------------------------------------------------------- re

PATTERNS = [
    # (pattern, flags)
    (r"abc", 0), (r"a.c", 0), (r"a.c", re.S), (r"^abc$", 0), (r"^b", re.M), (r"c$", re.M),
    (r"(?m)^", 0), (r"$", 0), (r"\Aab", 0), (r"ab\Z", 0), (r"a*", 0), (r"a+?", 0), (r"a{2,3}", 0),
    (r"a{,2}", 0), (r"a{2,}", 0), (r"a{2}", 0), (r"x{", 0), (r"x{}", 0), (r"x{a}", 0),
    (r"x{1,a}", 0), (r"{", 0), (r"a{1, 2}", 0),
    (r"(a)(b)?", 0), (r"(?P<first>\w+) (?P<last>\w+)", 0), (r"(?P<x>a)(?P=x)", 0),
    (r"(a)\1", 0), (r"(a)|b", 0), (r"((a)b)", 0), (r"((a)())", 0), (r"(a)(b?)", 0),
    (r"\d+", 0), (r"\d+", re.A), (r"\w+", 0), (r"\w+", re.A), (r"\s+", 0), (r"\s+", re.A),
    (r"\D+", 0), (r"\W+", 0), (r"\S+", 0), (r"\S+", re.A), (r"\W+", re.A),
    (r"\bfoo\b", 0), (r"\Boo\B", 0), (r"\b\w", re.A), (r"(?a:\w+)\w", 0), (r"(?a:\bx)", 0),
    (r"[a-c]+", 0), (r"[^a-c]+", 0), (r"[]a]+", 0), (r"[^]a]+", 0), (r"[a-]+", 0),
    (r"[\d\s]+", 0), (r"[\D]+", 0), (r"[^\d]+", 0), (r"[\W\d]+", 0), (r"[^\S\n]+", 0),
    (r"[\S]", re.A), (r"[^\W_]+", 0), (r"[\w.-]+@[\w-]+\.\w+", 0), (r"[#x]+", re.X),
    (r"(?i)abc", 0), (r"abc", re.I), (r"(?i:a)b", 0), (r"a(?-i:b)", re.I), (r"[a-z]+", re.I),
    (r"(?s:.)+", 0), (r"(?x) a b # comment", 0), (r"a b c", re.X), (r"a\ b", re.X),
    (r"(?x)a # c\n b", 0), (r"a(?=b)", 0), (r"a(?!b)", 0), (r"(?<=a)b", 0), (r"(?<!a)b", 0),
    (r"(?<=ab|cd)e", 0), (r"(?>a+)b", 0), (r"a++b", 0), (r"a*+a", 0), (r"(a)?(?(1)b|c)", 0),
    (r"(?P<q>')?x(?(q)')", 0), (r"(?#comment)ab", 0), (r"\x41\u00e9\U0001F600", 0),
    (r"\N{LATIN SMALL LETTER E WITH ACUTE}", 0), (r"\101\0\01", 0), (r"[\x41-\x43]", 0),
    (r"\.\*\+\?\(\)\[\]\{\}\|\^\$\\", 0), (r"\-\#\ \&\~", 0), (r"\n\t\r\f\v\a", 0),
    (r"é+", 0), (r"É", re.I), (r"[à-ÿ]+", 0), (r"\w+", re.I), (r"a|b|", 0), (r"(|a)+", 0),
    (r"x*", 0), (r"(a*)*b", 0), (r"^$", re.M), (r"(?m)$\n", 0), (r"(?i)straße", 0),
    (r"(a+)+$", 0), (r"(\w+)\s(\w+)", 0), (r"(?:a|b)*c", 0), (r"a{0}", 0), (r"(?:)", 0),
    (r"\bé", 0), (r"[^a]", 0), (r".", 0), (r"(?u)\w", 0), (r"\A|\Z", 0),
    (r"(?<=(?-i:\b){2,}a)b", 0), (r"(?<=(?=a)?a)b", 0), (r"(?<=(?=b)*?a)b", 0), (r"[éa]+", re.I | re.A),
    (r"é", re.I | re.A), (r"[A-z]+", re.I | re.A), (r"[^éB]+", re.I | re.A), (r"(?i:[a-cé]+)", re.A),
    (r"\x00\x01", 0), (r"(?x)[ #]+ a \  # c", 0), (r"(?x:a b)c d", 0),
]

SUBJECTS = ["abc", "xabcx", "aaa", "ab\nbc\nc", "a\n", "", "foo bar", "hello world",
            "Foo BAR baz", "a1 b22 ccc333", "x{1,2}", "x{}", "{", "aab", "ab", "ac", "b",
            "é É éé àÿ", "١٢٣ 456", "a\u00a0b\u2003c\x1cd", "x_y-z.w@q-r.com", "'x'", "x'",
            "abcde", "cde", "ABC", "STRASSE straße", "aaaaab", "\u4e16\u754c1_", "a\u0301b",
            "ooh foo", "x\x85y", "#x#", "A\xe9\U0001F600", "A\x00\x01", ".*+?()[]{}|^$\\",
            "-# &~", "\n\t\r\f\v\a", "a{1,2}", "a b c", "a b", "ab c", "aabb", "abab"]

MODES = ["match", "search", "fullmatch"]

ERROR_PATTERNS = [
    (r"(", 0), (r")", 0), (r"a)", 0), (r"*", 0), (r"a**", 0), (r"x{2}{3}", 0), (r"(?<x)", 0),
    (r"(?P<a>x)(?P<a>y)", 0), (r"[z-a]", 0), (r"[a", 0), (r"[", 0), (r"[]", 0),
    (r"(?<=a+)b", 0), (r"\q", 0), ("\\", 0), (r"\8", 0), (r"(?(2)a|b)", 0),
    (r"(?P<1a>x)", 0), (r"\N{foo}", 0), (r"[\x41-\x40]", 0), (r"[\w-a]", 0), (r"[a-\w]", 0),
    (r"a{3,2}", 0), (r"(?P=x)", 0), (r"(?P<x>(?P=x))", 0), (r"(a)(?P=", 0), (r"(?Px)", 0),
    (r"(?", 0), (r"(?z)", 0), (r"a(?i)b", 0), (r"(?i", 0), (r"(?-", 0), (r"(?-i", 0),
    (r"(?i-i:a)", 0), (r"(?a-a:a)", 0), (r"(?L)a", 0), (r"abc", re.L), (r"(?au)a", 0),
    (r"\x4", 0), (r"\u12", 0), (r"\U0011ffff", 0), (r"\777", 0), (r"[\777]", 0),
    (r"(?#abc", 0), (r"(a", 0), (r"(?:a", 0), (r"(?=a", 0), ("a\n(", 0), ("ab\ncd\n)", 0),
    (r"(?P<>a)", 0), (r"(?P<a", 0), (r"(?P<a>a)(?P=b)", 0), (r"(?(a)b)", 0), (r"(?(0)b)", 0),
    (r"(?(1)a|b|c)", 0), (r"(?(x-y)a)", 0), (r"(?<!a|bc)", 0), (r"a{99999999999}", 0),
    (r"(a)\2", 0), (r"(a\1)", 0), (r"[\8]", 0), (r"\N", 0), (r"\N{", 0), (r"\N{x", 0),
    (r"(?x)(?i", 0), (r"(?i:a)*?*", 0), (r"^*", 0), (r"\b+", 0), (r"(?<=(a)\1)", 0),
    (r"\d", re.A | re.U), (r"(?a-i)", 0), (r"(?-x)", 0), (r"(?s-:a)", 0), (r"(?i!)", 0),
    (r"a|*", 0), (r"(*)", 0), (r"[a-", 0),
]

BYTES_PATTERNS = [
    (rb"a.c", 0, [b"abc", b"a\xffc"]), (rb"\w+", 0, [b"ab\xe9cd", b"x_1"]),
    (rb"[\x80-\xff]+", 0, [b"ab\xe9\xffcd"]), (rb"(?i)abc", 0, [b"ABC"]),
    (rb"\s+", 0, [b"a \t\x85b"]), (rb"\d+", 0, [b"12ab"]), (rb"\bx", 0, [b"\xe9x x"]),
]

BYTES_ERRORS = [(rb"\u1234", 0), (rb"(?u)a", 0), (rb"abc", re.U), (rb"[\xe9-a]", 0),
                (rb"(?P<\xe9>a)", 0), (rb"abc", re.A | re.L)]

ITER_CASES = [
    (r"x*", "abxd", "-"), (r"a*", "baaac", "<\\g<0>>"), (r"(\w+) (\w+)", "hello world foo bar", r"\2 \1"),
    (r"(?P<a>\d)", "a1b2c3", r"[\g<a>]"), (r"\b", "ab cd", "|"), (r"", "abc", "-"),
    (r"(a)|(b)", "abcab", r"\1\2!"), (r"(,)", "a,b,,c", r"\g<1>\g<1>"), (r"\s+", " a  b ", ""),
    (r"(?m)^", "a\nb\n", ">"), (r"$", "a\nb\n", "<"), (r"é", "aébé", "\\n"), (r"a", "aaa", r"\-\&"),
    (r"(a)(b)?", "ab a", r"[\2]"), (r"\W+", "Words, words, words.", "_"), (r"(\W+)", "Words, words.", "_"),
    (r"x*", "", "-"), (r"(?:)", "", "!"), (r"[aeiou]", "programming", r"\0\01"), (r"o", "foo", "\\-"),
    (r"(\d+)", "a12b345c", r"\g<1>0"), (r"(?<=a)", "aaa", "|"), (r"\d*", "12a3", "#"),
]

TEMPLATE_ERRORS = [
    (r"(a)", r"\3"), (r"(a)", r"\g<x>"), (r"(a)", r"\q"), (r"(a)", r"\g"), (r"(a)", r"\g<"),
    (r"(a)", r"\g<>"), (r"(a)", r"\g<1"), (r"(a)", r"\g<-1>"), (r"(a)", r"\g<a b>"),
    (r"(a)", "x\\"), (r"(a)", r"\g<2>"), (r"(a)", r"ab\400"), (r"(?P<n>a)", r"\g<m>"),
    (r"(a)", r"\12"), (r"(a)", r"\g<99999999999>"),
]

ESCAPES = ["abc", "a.b*c", "()[]{}?*+-|^$\\.&~# \t\n\r\v\f", "é!\"%',/:;<=>@_`", "", "a\x00b"]


def spans_text(m, s_is_str=True):
    if m is None:
        return "None"
    parts = []
    for g in range(m.re.groups + 1):
        a, b = m.span(g)
        parts.append("%d,%d" % (a, b))
    return ";".join(parts) + "|" + str(m.lastindex or 0)


def err_text(fn):
    try:
        fn()
    except re.error as e:
        return "re.error: " + str(e)
    except Exception as e:
        return "%s: %s" % (type(e).__name__, e)
    return None


def ser_list(items):
    out = []
    for x in items:
        out.append("\x1e" if x is None else x)
    return "\x1f".join(out)


def gen_re():
    L = ["/* Generated by tests/modules/gen_re_random.py from CPython %s: do not edit. */"
         % sys.version.split()[0]]
    L.append("static const struct re_match_case re_match_cases[] = {")
    for pat, fl in PATTERNS:
        rx = re.compile(pat, fl)
        for subj in SUBJECTS:
            for mode in MODES:
                ranges = ((0, None), (1, None), (1, len(subj) - 1)) if mode == "search" else ((0, None),)
                for pos, endpos in ranges:
                    if endpos is not None and endpos < 0:
                        continue
                    args = (subj, pos) if endpos is None else (subj, pos, endpos)
                    m = getattr(rx, mode)(*args)
                    L.append("\t{ true, %s, %d, %s, %d, %d, %d, %d, %s }," % (
                        c_str(pat), fl, c_str(subj), len(subj.encode()), MODES.index(mode), pos,
                        -1 if endpos is None else endpos, c_str(spans_text(m))))
    for pat, fl, subjects in BYTES_PATTERNS:
        rx = re.compile(pat, fl)
        for subj in subjects:
            for mode in MODES:
                m = getattr(rx, mode)(subj)
                L.append("\t{ false, %s, %d, %s, %d, %d, 0, -1, %s }," % (
                    c_bytes(pat), fl, c_bytes(subj), len(subj), MODES.index(mode),
                    c_str(spans_text(m))))
    L.append("};")
    L.append("static const struct re_info_case re_info_cases[] = {")
    for pat, fl in PATTERNS:
        rx = re.compile(pat, fl)
        gi = ",".join("%s=%d" % kv for kv in rx.groupindex.items())
        L.append("\t{ %s, %d, %d, %d, %s }," % (c_str(pat), fl, rx.flags, rx.groups, c_str(gi)))
    L.append("};")
    L.append("static const struct re_error_case re_error_cases[] = {")
    for pat, fl in ERROR_PATTERNS:
        t = err_text(lambda: re.compile(pat, fl))
        if t is None:
            raise SystemExit("no error for %r" % pat)
        L.append("\t{ true, %s, %d, %s }," % (c_str(pat), fl, c_str(t)))
    for pat, fl in BYTES_ERRORS:
        t = err_text(lambda: re.compile(pat, fl))
        if t is None:
            raise SystemExit("no error for %r" % pat)
        L.append("\t{ false, %s, %d, %s }," % (c_bytes(pat), fl, c_str(t)))
    L.append("};")
    L.append("static const struct re_iter_case re_iter_cases[] = {")
    for pat, subj, repl in ITER_CASES:
        rx = re.compile(pat)
        fi = ser_list(["%d,%d" % m.span() for m in rx.finditer(subj)])
        fa = ser_list([x if isinstance(x, str) else "\x1d".join(x) for x in rx.findall(subj)])
        sub, n = rx.subn(repl, subj)
        sp = ser_list(rx.split(subj))
        sub2 = rx.sub(repl, subj, count=1)
        L.append("\t{ %s, %s, %s, %s, %s, %s, %d, %s, %s }," % (
            c_str(pat), c_str(subj), c_str(repl), c_str(fi), c_str(fa), c_str(sub), n,
            c_str(sub2), c_str(sp)))
    L.append("};")
    L.append("static const struct re_tpl_error_case re_tpl_error_cases[] = {")
    for pat, repl in TEMPLATE_ERRORS:
        t = err_text(lambda: re.compile(pat).sub(repl, "a"))
        if t is None:
            raise SystemExit("no error for %r" % repl)
        L.append("\t{ %s, %s, %s }," % (c_str(pat), c_str(repl), c_str(t)))
    L.append("};")
    L.append("static const struct re_escape_case re_escape_cases[] = {")
    for s in ESCAPES:
        e = re.escape(s)
        L.append("\t{ %s, %d, %s, %d }," % (c_str(s), len(s.encode()), c_str(e), len(e.encode())))
    L.append("};")
    with open(os.path.join(HERE, "cases_re.inc"), "w") as f:
        f.write("\n".join(L) + "\n")


if __name__ == "__main__":
    gen_random()
    gen_re()
