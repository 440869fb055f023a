# attack: memory bomb, [0] * 2**40
# status: 1
# stderr: MemoryError
# serves-after
try:
    l = [0] * 2**40
except MemoryError:
    print('caught')
