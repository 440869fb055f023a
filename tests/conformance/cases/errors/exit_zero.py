import sys
print("ok")
sys.exit(0)
print("not reached")
