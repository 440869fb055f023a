# attack: infinite loop, while True: pass (test broker, --cpu-limit 1)
# broker-args: --cpu-limit 1
# serves-after
# status: 125
# stderr: box-broker: Python script exceeded its CPU time limit
# max-seconds: 30
# stdout: spinning
print('spinning', flush=True)
while True:
    pass
