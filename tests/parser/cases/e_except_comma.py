try:
  x
except A, B:
  z
