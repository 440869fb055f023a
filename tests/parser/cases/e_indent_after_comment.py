x = 1
    # comment
    y = 2
