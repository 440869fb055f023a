[i for i in x] = 1
