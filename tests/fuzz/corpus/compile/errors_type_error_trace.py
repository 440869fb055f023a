def add(a, b):
    return a + b
def main():
    return add(1, "2")
main()
