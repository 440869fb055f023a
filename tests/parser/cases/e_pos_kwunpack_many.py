f(**a, b, c)
