# attack: memory bomb, [[0]*1000]*10**6 then copying every row
# status: 1
# stdout: 1000000 1000
# stderr: MemoryError
# serves-after
# max-seconds: 90
rows = [[0] * 1000] * 10**6
print(len(rows), len(rows[0]))
try:
    copies = [r[:] for r in rows]
except MemoryError:
    print('caught')
