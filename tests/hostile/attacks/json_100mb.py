# attack: json.loads of 100 MB: one 100 MB string works; 50 million numbers exhaust the heap (MemoryError)
# status: 1
# stdout: 100000000 True
# stderr: MemoryError
# serves-after
# max-seconds: 90
import json
s = '"' + 'a' * 100000000 + '"'
x = json.loads(s)
print(len(x), x == s[1:-1])
del s, x
json.loads('[' + '1,' * 50000000 + '1]')
print('never')
