	if x:
		a
