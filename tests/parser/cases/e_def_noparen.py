def f
  pass
