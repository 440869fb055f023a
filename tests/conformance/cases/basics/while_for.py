i = 0
total = 0
while i < 10:
    i += 1
    if i == 3:
        continue
    if i == 8:
        break
    total += i
else:
    print("no")
print(i, total)
for x in range(3):
    pass
else:
    print("else ran", x)
for i, c in enumerate("abc", 1):
    print(i, c)
for a, b in zip([1, 2, 3], "xy"):
    print(a, b)
