1 = x = y
