data = {"a": [1, 2, 3]}
key = "a"
value = data[key][10]
