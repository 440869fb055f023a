# attack: json.loads of 100,000 nested arrays and objects
# status: 0
# stdout: RecursionError maximum recursion depth exceeded while decoding a JSON array from a unicode string
# stdout: RecursionError maximum recursion depth exceeded while decoding a JSON object from a unicode string
import json
for s in ('[' * 100000 + ']' * 100000, '{"a":' * 100000 + '1' + '}' * 100000):
    try:
        json.loads(s)
        print('no error')
    except RecursionError as e:
        print(type(e).__name__, e)
