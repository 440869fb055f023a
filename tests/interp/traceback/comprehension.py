values = [1, 2, 0, 4]
inverse = [10 / v for v in values]
