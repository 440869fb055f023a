data = [1, 5, 12, 7, 30]
if (n := len(data)) > 3:
    print("long", n)
print([y for x in data if (y := x * 2) > 10])
while (v := data.pop()) != 12:
    print(v)
print(data)
