# re: re.error messages, msg/pattern/pos/lineno/colno, for common mistakes.
import re

bad = ["(", ")", "a)", "[a-", "[z-a]", "*a", "a**", "a{2,1}", "(?P<1>x)", "(?P<a>x)(?P<a>y)",
       "(?P=nope)", r"\1", r"(a)\2", "a{,", "x{3", r"\q", r"[\q]", "(?<=a+)b", "(?", "(?P",
       "(?P<n", "(?#unclosed", "[", "[]", "[^]", "a|*", "(?<n>x)", "(?P<n>x)(?P=n", r"\x1",
       r"\u12", r"\U1234567", r"\N{NOT A NAME}", r"\N", "a{99999999999999999999}", "?",
       "(?(1)a|b|c)", "(?(x)a)", "+", "[b-a]", r"[\d-z]", "(?i", "\\", "a\\"]
for pat in bad:
    try:
        re.compile(pat)
        print(repr(pat), "compiled")
    except re.error as e:
        print(repr(pat), "->", e, "|", e.msg, e.pos, e.lineno, e.colno, e.pattern == pat)
    except (OverflowError, ValueError) as e:
        print(repr(pat), "->", type(e).__name__, e)

# positions on later lines
for pat in ["ab\ncd(", "a\n\n  [x", "(?x)\n  a  # c\n  )"]:
    try:
        re.compile(pat)
    except re.error as e:
        print(repr(str(e)), e.pos, e.lineno, e.colno)

# bytes patterns
try:
    re.compile(b"a(")
except re.error as e:
    print(e, e.pattern, e.pos, e.lineno, e.colno)

# the exception itself
e = re.error("boom")
print(e, e.msg, e.pattern, e.pos, e.lineno, e.colno, repr(e), e.args)
e = re.error("boom", "a\nbc", 3)
print(e, e.lineno, e.colno, e.args)
print(issubclass(re.error, Exception), re.error.__name__, re.error.__module__)
try:
    re.compile("(")
except Exception as e:
    print(type(e).__name__, type(e) is re.error, isinstance(e, re.error))
