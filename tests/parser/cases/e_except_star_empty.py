try:
  x
except* :
  z
