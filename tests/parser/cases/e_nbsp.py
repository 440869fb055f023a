x = a b
