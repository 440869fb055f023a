if x:
  y
else:
w
