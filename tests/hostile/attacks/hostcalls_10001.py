# attack: 10,001 host calls, every handler in the way (except BaseException, finally, __exit__)
# status: 1
# stdout: 5000 answered
# stdout: 10000 answered
# stderr: RuntimeError: script exceeded its limit of 10000 host calls
# serves-after
import os
class CM:
    def __enter__(self):
        return self
    def __exit__(self, *exc):
        print('__exit__ ran')
        return True
n = 0
try:
    with CM():
        while True:
            try:
                os.path.exists('missing.txt')
                n += 1
                if n % 5000 == 0:
                    print(n, 'answered')
            except BaseException:
                print('inner handler ran')
except BaseException as e:
    print('caught', type(e).__name__)
finally:
    print('finally ran')
