def f(x):
	if x:
		return x.missing_attr
f(1)
