# attack: memory bomb through a format width, f'{1:>{2**40}}'
# status: 1
# stderr: MemoryError
# serves-after
try:
    s = f'{1:>{2**40}}'
except MemoryError:
    print('caught')
