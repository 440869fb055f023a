if x:
    y

