a and b = 1
