# attack: deeply nested data, repr, str, ==, json.dumps and copy.deepcopy of a 1e6-deep list
# status: 0
# stdout: repr RecursionError maximum recursion depth exceeded while getting the repr of an object
# stdout: str RecursionError maximum recursion depth exceeded while getting the repr of an object
# stdout: == RecursionError maximum recursion depth exceeded in comparison
# stdout: json.dumps RecursionError maximum recursion depth exceeded while encoding a JSON object
# stdout: copy.deepcopy RecursionError maximum recursion depth exceeded while calling a Python object
# stdout: done
import copy, json
def build():
    x = []
    for i in range(10**6):
        x = [x]
    return x
deep = build()
for name, attempt in (('repr', lambda: repr(deep)), ('str', lambda: str(deep)),
                      ('==', lambda: deep == build()), ('json.dumps', lambda: json.dumps(deep)),
                      ('copy.deepcopy', lambda: copy.deepcopy(deep))):
    try:
        attempt()
        print(name, 'no error')
    except RecursionError as e:
        print(name, type(e).__name__, e)
print('done')
