# attack: memory bomb, many small allocations: a list of new strings of a few hundred bytes, growing forever
# status: 1
# stderr: MemoryError
# serves-after
# max-seconds: 90
keep = []
try:
    while True:
        keep.append(str(len(keep)) * 100)
except MemoryError:
    print('caught')
