x = 1
y = f"{a b}"
