try:
  x
y = 1
