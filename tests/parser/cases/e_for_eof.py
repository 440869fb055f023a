for x in y:

