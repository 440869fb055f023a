try:
  x
except A
  z
