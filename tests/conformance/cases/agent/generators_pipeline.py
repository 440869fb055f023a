def read_lines():
    for line in ["10,a", "x,b", "30,c", "", "50,e"]:
        yield line
def parse(lines):
    for line in lines:
        if not line:
            continue
        num, tag = line.split(",")
        try:
            yield int(num), tag
        except ValueError:
            print("skip", repr(num))
def running_total(pairs):
    total = 0
    for n, tag in pairs:
        total += n
        yield tag, total
print(list(running_total(parse(read_lines()))))
gen = (x * 2 for x in range(4))
print(next(gen), list(gen), list(gen))
