# An uncaught JSONDecodeError: the traceback's last line names
# json.decoder.JSONDecodeError, as CPython prints it.
import json

print(json.loads('{"ok": true}'))
json.loads('[1, 2,\n oops]')
