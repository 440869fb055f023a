if x:
  y
else
  z
