a = 1 if x else 2
b = (1 if x else 2) if y else 3
c = 1 if (x if y else z) else 2
d = lambda: 1 if x else 2
e = [1 if x else 2 for x in y]
f = x if y else lambda: z
