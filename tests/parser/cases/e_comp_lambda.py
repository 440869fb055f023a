k = [x for x in lambda: y]
