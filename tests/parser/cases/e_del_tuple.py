del (a, 1)
