# attack: path escapes through symlinks (in the middle, at the end, dangling, inside the workspace), read, write, list, stat
# status: 0
# stdout: PermissionError: sub/link_mid/secret.txt: resolves to a different path, so it is not the identity policy judged
# stdout: PermissionError: link_end: resolves to a different path, so it is not the identity policy judged
# stdout: PermissionError: dangling: resolves to a different path, so it is not the identity policy judged
# stdout: PermissionError: link_in/f.txt: resolves to a different path, so it is not the identity policy judged
# stdout: PermissionError: @WS@/link_end: resolves to a different path, so it is not the identity policy judged
# stdout: PermissionError: link_end: resolves to a different path, so it is not the identity policy judged
# stdout: PermissionError: dangling: resolves to a different path, so it is not the identity policy judged
# stdout: PermissionError: sub/link_mid: resolves to a different path, so it is not the identity policy judged
# stdout: PermissionError: link_in: resolves to a different path, so it is not the identity policy judged
# stdout: PermissionError: link_end: resolves to a different path, so it is not the identity policy judged
# stdout: PermissionError: link_end: resolves to a different path, so it is not the identity policy judged
# stdout: is_symlink True
import os
def attempt(f):
    try:
        print('got', repr(f()))
    except OSError as e:
        print(type(e).__name__ + ':', e)
for p in ('sub/link_mid/secret.txt', 'link_end', 'dangling', 'link_in/f.txt', '@WS@/link_end'):
    attempt(lambda: open(p).read())
for p in ('link_end', 'dangling'):
    attempt(lambda: open(p, 'w').write('pwned'))
for p in ('sub/link_mid', 'link_in'):
    attempt(lambda: os.listdir(p))
attempt(lambda: os.stat('link_end').st_size)
attempt(lambda: os.rename('link_end', 'moved'))
print('is_symlink', os.path.islink('link_end'))
