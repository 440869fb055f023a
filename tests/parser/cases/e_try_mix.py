try:
  x
except* A:
  y
except B:
  z
