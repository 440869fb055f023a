for x in y
