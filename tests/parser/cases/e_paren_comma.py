x = (a
     b)
