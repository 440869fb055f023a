# re: VERBOSE patterns (whitespace, comments, escapes, classes).
import re

date = re.compile(r"""
    (?P<year>\d{4})   # year
    -                 # separator
    (?P<month>\d\d)   # month
    -
    (?P<day>\d\d)     # day
""", re.VERBOSE)
m = date.match("2024-02-29")
print(m.groupdict(), m.span(), date.groups, date.flags)

p = re.compile(r"""
    a \  b      # an escaped space is literal
    [ #]        # inside a class space and # are literal
    c\#d        # an escaped hash
""", re.X)
print(p.findall("a b c#d a b#c#d"), p.match("a b c#d"))
print(re.findall(r"(?x) \d + (?: \. \d+ )?", "3.14 and 42"), re.findall("(?x)a b", "ab a b"))
print(re.match(r"(?x) a{2, 3}", "aaa"), re.match(r"(?x)a {2}", "aa"), re.match("(?x)a#b\nc", "ac"))
print(re.compile("""(?x)
    (?P<word> \\w+ )   # a word
    \\s* = \\s*
    (?P<val> [^\\s]+ )
""").findall("x = 1  y=2"))
print(re.match(r"(?x)\ ", " "), re.match("(?x)[ ]", " "), re.match("(?x:a b)c", "abc"), re.match("(?x:a b) c", "ab c"))
print(re.match("(?-x:a b)c", "a bc", re.X), re.findall("(?x) \\N{LATIN SMALL LETTER A} +", "aa a"))
try:
    re.compile("(?x) a ( b", re.X)
except re.error as e:
    print(e)
try:
    re.compile("""(?x)
      abc  # comment
      [d
    """)
except re.error as e:
    print(e, e.lineno, e.colno)
