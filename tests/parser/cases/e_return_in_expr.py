x = (return)
