
  x if y else z

