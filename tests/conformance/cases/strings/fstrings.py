name = "World"
n = 3
print(f"Hello {name}!", f"{n * 2}", f"{n!r}", f"{name!r:>10}", f"{'x'}")
print(f"{n=}", f"{name = }", f"{{literal}}")
items = [1, 2, 3]
print(f"{len(items)} items: {', '.join(str(i) for i in items)}")
w = 8
print(f"{3.14159:{w}.{n}f}|")
