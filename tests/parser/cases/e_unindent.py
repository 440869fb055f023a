if x:
  a
 b
