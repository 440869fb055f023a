with x:
y
