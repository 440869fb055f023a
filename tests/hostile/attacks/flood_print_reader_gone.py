# attack: output flood, print() of 1 MiB lines forever, with BrokenPipeError caught, while the reader goes away
# stdout-to: head -c 100
# stdout-bytes: 100
# status: 125
# stderr: box-broker: worker killed by signal SIGPIPE
# max-seconds: 20
line = 'y' * 2**20
while True:
    try:
        print(line)
    except BrokenPipeError:
        pass
