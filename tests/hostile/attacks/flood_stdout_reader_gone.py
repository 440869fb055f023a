# attack: output flood, 1 GiB to stdout while the reader takes 100 bytes and goes away
# stdout-to: head -c 100
# stdout-bytes: 100
# status: 125
# stderr: box-broker: worker killed by signal SIGPIPE
# max-seconds: 20
# serves-after
import sys
chunk = 'x' * 2**20
for i in range(1024):
    sys.stdout.write(chunk)
print('wrote 1 GiB', file=sys.stderr)
