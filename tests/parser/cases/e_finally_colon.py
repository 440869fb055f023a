try:
  x
finally
  z
