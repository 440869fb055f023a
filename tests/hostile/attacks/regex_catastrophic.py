# attack: catastrophic regex backtracking, re.match(r'(a+)+$', 'a'*40+'b'): PCRE2's match limit, a clear error within seconds
# status: 1
# stdout: (a|aa)*c False
# stderr: RuntimeError: regular expression match limit exceeded
# max-seconds: 20
import re
print('(a|aa)*c', re.match(r'(a|aa)*c', 'a' * 25) is not None)
re.match(r'(a+)+$', 'a' * 40 + 'b')
print('never')
