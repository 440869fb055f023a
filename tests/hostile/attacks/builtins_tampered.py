# attack: __builtins__ tampered (exception classes rebound, names deleted), module globals walked to the raw _box_fs, the frozen-module gate forged
# status: 1
# stdout: PermissionError /etc/passwd: outside this box's home and every declared bind
# stdout: FileNotFoundError True
# stdout: raw _box_fs: PermissionError /etc: outside this box's home and every declared bind
# stdout: forged <frozen>: PermissionError /etc/shadow: outside this box's home and every declared bind
# stdout: no builtins module
# stderr: RuntimeError: script exceeded its limit of 10000 host calls
import os
open('hello.py').close()  # the io layer is loaded before the tampering
b = __builtins__ if isinstance(__builtins__, dict) else vars(__builtins__)
real = {k: b[k] for k in ('PermissionError', 'FileNotFoundError', 'OSError', 'print', 'type', 'isinstance')}
for k in ('PermissionError', 'OSError', 'FileNotFoundError', 'RuntimeError', 'MemoryError',
          'TimeoutError', 'RecursionError', 'Exception', 'BaseException'):
    b[k] = 42
try:
    open('/etc/passwd')
except real['OSError'] as e:
    real['print'](real['type'](e).__name__, e)
real['print'](real['type'](OSError.__new__ if False else real['OSError'](2, 'gone')).__name__,
              real['isinstance'](real['OSError'](2, 'gone'), real['FileNotFoundError']))
fs = os.listdir.__globals__['_box_fs']
try:
    fs.listdir('/etc')
except real['OSError'] as e:
    real['print']('raw _box_fs:', real['type'](e).__name__, e)
ns = {}
exec(compile("import _box_fs\ntry:\n    _box_fs.read('/etc/shadow')\nexcept OSError as e:\n    r = e", '<frozen os>', 'exec'), {'__builtins__': real | {'__build_class__': None}, 'OSError': real['OSError']}, ns)
real['print']('forged <frozen>:', real['type'](ns['r']).__name__, ns['r'])
try:
    import builtins
except ImportError:
    real['print']('no builtins module')
while True:
    try:
        os.path.exists('x')
    except:
        pass
