def compute(a, b, c):
    return (a +
            b *
            c)

result = compute(
    1,
    2,
    "x",
) + 5
