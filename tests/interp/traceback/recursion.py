def down(n):
    if n == 0:
        return 1 // n
    return down(n - 1)

down(30)
