# re flags are an int subclass (enum.IntFlag in CPython): arithmetic, repr,
# formatting, identity of members, the class as a container of members.
import re, json
print(str(re.I), repr(re.I), format(re.I), f'{re.I:d}', f'{re.I:>5}', re.I|8, repr(re.I|8), repr(re.I|1024), ~re.I, re.I+1, type(re.I+1), re.I.name, re.I.value, int(re.I), type(re.I|re.M), isinstance(re.I,int))
print(json.dumps(re.I), re.I == 2, re.I < 3, hash(re.I)==2, re.NOFLAG, repr(re.NOFLAG), bool(re.NOFLAG), re.I*2, -re.I, re.I << 1, type(re.I & 2), repr(re.I & 3), repr(re.I ^ re.I), repr(3 | re.I), (re.I|re.M).name, re.RegexFlag(2), re.RegexFlag['IGNORECASE'], list(re.RegexFlag)[:3], len(re.RegexFlag))
print(repr(~re.NOFLAG), repr(~(re.I|re.M)), re.I in (re.I|re.M), '%d %s %r' % (re.I, re.I, re.I), str(re.I|re.M))
print(re.RegexFlag(2) is re.I, (re.I|re.M) is (re.M|re.I), re.RegexFlag, type(re.RegexFlag).__name__ if False else '')
print(re.findall('a', 'AaA', re.I), re.findall('a', 'AaA', flags=re.I|re.M), re.compile('x', re.I).flags, re.compile('x', re.I|re.X).flags == re.I|re.X|re.U)
print(sorted([re.M, re.I, re.A]), max(re.I, re.M), re.I + re.M, sum([re.I, re.M]), divmod(re.M, 3), float(re.I), str(int(re.I)), re.I.bit_length(), {re.I: 1}[2], [2].index(re.I))
print(re.compile('a', re.I).flags, type(re.compile('a', re.I).flags), re.compile('a').flags)
print(re.sub('a', 'b', 'AAA', flags=re.IGNORECASE), re.split('a', 'xAy', flags=re.I), re.I.__class__.__name__, re.RegexFlag.__name__, issubclass(re.RegexFlag, int))
