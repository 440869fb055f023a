# attack: sleeping past 180 s in total: refused at once, a refused sleep not charged, then uncaught
# status: 1
# stdout: TimeoutError script exceeded its total sleep of 180 seconds
# stdout: TimeoutError script exceeded its total sleep of 180 seconds
# stdout: 0.5 s slept
# stderr: TimeoutError: script exceeded its total sleep of 180 seconds
# max-seconds: 20
import time, asyncio
t0 = time.monotonic()
time.sleep(0.5)
for attempt in (lambda: time.sleep(179.6), lambda: asyncio.run(asyncio.sleep(10**9))):
    try:
        attempt()
    except TimeoutError as e:
        print(type(e).__name__, e)
print(round(time.monotonic() - t0, 1), 's slept')
time.sleep(179.5 + 0.01)
