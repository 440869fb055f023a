# attack: memory bomb, one huge allocation: bytearray(2**31)
# status: 1
# stderr: MemoryError
# serves-after
try:
    x = bytearray(2**31)
except MemoryError:
    print('caught')
finally:
    print('finally ran')
