if x
  pass
