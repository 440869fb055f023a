# attack: deeply nested data, repr, == and json.dumps of a 1e6-deep dict
# status: 0
# stdout: RecursionError maximum recursion depth exceeded while getting the repr of an object
# stdout: RecursionError maximum recursion depth exceeded in comparison
# stdout: RecursionError maximum recursion depth exceeded while encoding a JSON object
# stdout: done
import json
def build():
    x = {}
    for i in range(10**6):
        x = {'a': x}
    return x
deep = build()
for t in (lambda: repr(deep), lambda: deep == build(), lambda: json.dumps(deep)):
    try:
        t()
        print('no error')
    except RecursionError as e:
        print(type(e).__name__, e)
print('done')
