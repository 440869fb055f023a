if x:
  y
elif z:
w
