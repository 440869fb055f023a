True = 1
