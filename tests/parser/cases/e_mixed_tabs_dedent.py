if x:
    a
	b
