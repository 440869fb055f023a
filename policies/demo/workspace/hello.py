# policies/demo/workspace/hello.py -- the demo box's first script.
import os
import sys
print('Hello from inside the box.')
print('The workspace is', os.getcwd())
print('This line goes to stderr.', file=sys.stderr)
