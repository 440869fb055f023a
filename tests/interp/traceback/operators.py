a, b, c = 1, 2, None
total = (a + b) * 3  # fine
values = [1, 2]
item = values [ 1 ] + values[(0) ]   
ratio = (a + b) * c
