# attack: huge source, a script file of 65,537 bytes, one over the limit
# source-cmd: { printf 'print(1)\n'; yes '#########'; } | head -c 65537
# run-as-file
# status: 125
# stderr: box-broker: Shell script @WS@/attack_src_over_64kib_file.py is 65537 bytes; maximum is 65536
