# re: sub, subn and split with templates, functions, counts and empty matches.
import re

print(re.sub(r"\d+", "#", "a1b22c"), re.subn(r"\d+", "#", "a1b22c"), re.sub("x", "y", "abc"))
print(re.sub(r"(\w+)@(\w+)", r"\2 at \1", "ann@home bob@work"))
print(re.sub(r"(?P<k>\w+)=(?P<v>\w+)", r"\g<v>=\g<k>;\g<0>", "a=1 b=2"))
print(re.sub(r"(\w)", r"\g<1>\g<1>", "abc"), re.sub("a", r"\n\t\\", "xax"))
print(re.sub("(a)|b", r"[\1]", "ab"), re.sub(r"(\d)", r"\g<1>0", "x5"))
print(re.sub("a", "b", "aaaa", 2), re.sub("a", "b", "aaaa", count=1), re.subn("a", "b", "aaaa", 0))
print(re.sub("a", "b", "aaa", -1), re.subn("a", "b", "aaa", count=-3))
print(re.sub("x*", "-", "abxd"), re.sub("", "-", "abc"), re.sub("(?=b)", "^", "abab"))
print(re.sub(r"\b", "|", "hi yo"), re.subn("a*", "X", "baaac"), re.sub("$", "!", "a\n"))
print(re.sub("A", "b", "aAa", flags=re.I), re.sub("^x", "-", "x\nx", flags=re.M))

# function replacements
print(re.sub(r"\d+", lambda m: str(int(m.group()) * 2), "3 apples and 10 pears"))
print(re.sub(r"(\w)(\w*)", lambda m: m.group(1).upper() + m.group(2), "hello big world"))
print(re.sub("a", lambda m: None, "banana"), re.subn("n", lambda m: "N", "banana", 1))
calls = []
re.sub("o", lambda m: calls.append(m.start()) or "0", "foo boo")
print(calls)
for bad in [lambda: re.sub("a", lambda m: 3, "xa"), lambda: re.sub("a", lambda m: b"b", "a"),
            lambda: re.sub("a", 3, "a"), lambda: re.sub("a", b"b", "a"),
            lambda: re.sub(b"a", "b", b"a"), lambda: re.sub("a", "b", "a", "x")]:
    try:
        print(bad())
    except TypeError as e:
        print("TypeError", e)

# template errors
for tpl in [r"\3", r"\g<x>", r"\g<1", r"\g", r"\q", "\\", r"\g<-1>", r"\g<a b>", r"\8"]:
    try:
        print(re.sub("(a)(b)", tpl, "ab"))
    except (re.error, IndexError) as e:
        print(type(e).__name__, e)

# split
print(re.split(r"\W+", "Words, words, words."), re.split(r"(\W+)", "Words, words, words."))
print(re.split(r"\W+", "Words, words, words.", 1), re.split(r"\W+", "a b c", maxsplit=-1))
print(re.split("[a-f]+", "0a3B9", flags=re.I), re.split(r"(,)|(;)", "a,b;c"))
print(re.split("x*", "axbc"), re.split("", "abc"), re.split(r"\b", "a b"), re.split("x", ""))
print(re.split("(?=b)", "abab"), re.split("^", "a\nb", flags=re.M), re.split("a", "a"))
print(re.compile(",").split("1,2,3", 1), re.compile(",").split(string="x,y", maxsplit=5))

# the original string comes back when nothing changed
s = "nothing here"
print(re.sub("z", "y", s) is s, re.subn("z", "y", s))
