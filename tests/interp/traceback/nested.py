def inner(d):
    return d["missing"]

def middle(d):
    x = inner(d)
    return x

def outer():
    return middle({}) + 1

outer()
