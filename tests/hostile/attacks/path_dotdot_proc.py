# attack: path escapes with .., /proc/self/root, /proc/self/fd/N, /dev/fd/N, /proc/self/cwd, ~
# status: 0
# stdout: PermissionError: ../../../../../../../etc/passwd: outside this box's home and every declared bind
# stdout: PermissionError: sub/../../../../../../etc/passwd: outside this box's home and every declared bind
# stdout: PermissionError: /proc/self/root/etc/passwd: outside this box's home and every declared bind
# stdout: PermissionError: /proc/self/root@WS@/sub/f.txt: outside this box's home and every declared bind
# stdout: PermissionError: /proc/self/fd/3: outside this box's home and every declared bind
# stdout: PermissionError: /proc/self/fd/4: outside this box's home and every declared bind
# stdout: PermissionError: /dev/fd/0: outside this box's home and every declared bind
# stdout: PermissionError: /proc/self/cwd/sub/f.txt: outside this box's home and every declared bind
# stdout: PermissionError: /proc/self/environ: outside this box's home and every declared bind
# stdout: PermissionError: /: outside this box's home and every declared bind
# stdout: FileNotFoundError: [Errno 2] No such file or directory: '~/outside/secret.txt'
# stdout: PermissionError: /etc: outside this box's home and every declared bind
# stdout: PermissionError: /proc/self/fd: outside this box's home and every declared bind
# stdout: PermissionError: /tmp/x: outside this box's home and every declared bind
# stdout: sub/../sub/f.txt 'inner\n'
import os
def attempt(f):
    try:
        print('got', repr(f()))
    except OSError as e:
        print(type(e).__name__ + ':', e)
for p in ('../../../../../../../etc/passwd', 'sub/../../../../../../etc/passwd', '/proc/self/root/etc/passwd',
          '/proc/self/root@WS@/sub/f.txt', '/proc/self/fd/3', '/proc/self/fd/4', '/dev/fd/0',
          '/proc/self/cwd/sub/f.txt', '/proc/self/environ', '/', '~/outside/secret.txt'):
    attempt(lambda: open(p).read())
for p in ('/etc', '/proc/self/fd'):
    attempt(lambda: os.listdir(p))
attempt(lambda: open('/tmp/x', 'w').write('pwned'))
print('sub/../sub/f.txt', repr(open('sub/../sub/f.txt').read()))
