if x:
  a
      b
