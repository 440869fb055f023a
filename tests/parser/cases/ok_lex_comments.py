# comment
x = 1  # trailing

    # indented comment
# another
if x:  # c
    # c
    y = 2  # c
# c
  # odd indent comment
    z = 3
x = 1  # type: int
