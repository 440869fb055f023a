# attack: huge source, a script file of exactly 65,536 bytes (the limit) run as a script file
# source-cmd: { printf 'print("the whole 64 KiB ran")\n'; yes '#########'; } | head -c 65536
# run-as-file
# status: 0
# stdout: the whole 64 KiB ran
