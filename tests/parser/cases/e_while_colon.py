while x
  y
