match x:
  case y as _:
    pass
