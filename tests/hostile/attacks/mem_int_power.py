# attack: memory bomb, 2 ** 2 ** 40
# status: 1
# stderr: MemoryError
# serves-after
try:
    n = 2 ** 2 ** 40
except MemoryError:
    print('caught')
