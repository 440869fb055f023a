f(c, a for a in b)
