# attack: the box directory, the loaded box.toml and policy by every spelling, and hard links made outside to them
# status: 0
# stdout: PermissionError: @TMP@/state: resolves into trusted Box state, which no policy may open
# stdout: PermissionError: @TMP@/state/private/telemetry/records.jsonl: resolves into trusted Box state, which no policy may open
# stdout: PermissionError: ../../state/private/telemetry/records.jsonl: resolves into trusted Box state, which no policy may open
# stdout: PermissionError: @TMP@/box/box.toml: resolves to an authority source that this run loaded, which no policy may open or change
# stdout: PermissionError: ../box.toml: resolves to an authority source that this run loaded, which no policy may open or change
# stdout: PermissionError: @TMP@//box/./../box/policy.dw: resolves to an authority source that this run loaded, which no policy may open or change
# stdout: PermissionError: hard_toml: resolves to an authority source that this run loaded, which no policy may open or change
# stdout: PermissionError: hard_policy: resolves to an authority source that this run loaded, which no policy may open or change
# stdout: PermissionError: hard_log: resolves into trusted Box state, which no policy may open
# stdout: PermissionError: ../box.toml: resolves to an authority source that this run loaded, which no policy may open or change
# stdout: PermissionError: hard_policy: resolves to an authority source that this run loaded, which no policy may open or change
# stdout: PermissionError: ../../state/x: resolves into trusted Box state, which no policy may open
# stdout: PermissionError: ../../state: resolves into trusted Box state, which no policy may open
# stdout: PermissionError: ../../state/private: resolves into trusted Box state, which no policy may open
# stdout: PermissionError: ../policy.dw: resolves to an authority source that this run loaded, which no policy may open or change
# stdout: PermissionError: hard_toml: resolves to an authority source that this run loaded, which no policy may open or change
# stdout: PermissionError: ../../state/moved: resolves into trusted Box state, which no policy may open
# stdout: PermissionError: ..: resolves to an authority source that this run loaded, which no policy may open or change
import os
def attempt(f):
    try:
        print('got', repr(f()))
    except OSError as e:
        print(type(e).__name__ + ':', e)
for p in ('@TMP@/state', '@TMP@/state/private/telemetry/records.jsonl',
          '../../state/private/telemetry/records.jsonl', '@TMP@/box/box.toml', '../box.toml',
          '@TMP@//box/./../box/policy.dw', 'hard_toml', 'hard_policy', 'hard_log'):
    attempt(lambda: open(p).read(40))
for p in ('../box.toml', 'hard_policy', '../../state/x'):
    attempt(lambda: open(p, 'a').write('pwned'))
attempt(lambda: os.listdir('../../state'))
attempt(lambda: os.listdir('../../state/private'))
attempt(lambda: os.remove('../policy.dw'))
attempt(lambda: os.remove('hard_toml'))
attempt(lambda: os.rename('sub', '../../state/moved'))
attempt(lambda: os.rmdir('..'))
