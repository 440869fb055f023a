def risky(n):
    if n % 3 == 0:
        raise ValueError(n)
    if n % 3 == 1:
        raise TypeError(n)
    return n
results = []
for i in range(6):
    try:
        try:
            results.append(risky(i))
        except ValueError as e:
            results.append(f"V{e}")
            if i > 2:
                raise
    except ValueError as e:
        results.append(f"outer V{e}")
    except TypeError as e:
        results.append(f"T{e}")
    finally:
        results.append(".")
print(results)
