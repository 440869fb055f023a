for i in range(10):
    if i % 2 == 0:
        continue
    elif i > 5:
        break
    else:
        pass
else:
    x = 1
