# attack: huge source, a -c of 100,000 bytes
# source-cmd: { printf 'print(1)\n'; yes '#########'; } | head -c 100000
# status: 125
# stderr: box-broker: Python source is 100000 bytes; maximum is 65536
