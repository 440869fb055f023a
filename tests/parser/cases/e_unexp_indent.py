 x
