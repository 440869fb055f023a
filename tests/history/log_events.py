#!/usr/bin/python3.11
"""tests/history/log_events.py -- reads a box history (history.log) without
box's code, for the end-to-end tests: prints the number of events it holds
(those after the newest pruning), or with --head "event N, sha256 HEX" for
the newest event.  The format is broker/history/history_int.h's: a 72-byte
header (anchor seq at byte 16), then records framed as a u32 body length,
the body (its first byte the kind; an event: 'E', seq, ts, ..., its
32-byte chain hash last) and an 8-byte checksum.

Usage: tests/history/log_events.py FILE [--head]"""
import struct
import sys


def main(path, head):
    d = open(path, "rb").read()
    if len(d) < 72 or d[:8] != b"box-hist":
        sys.exit("log_events.py: %s is not a box history" % path)
    anchor = struct.unpack(">q", d[16:24])[0]
    events = []
    at = 72
    while at + 4 <= len(d):
        n = struct.unpack(">I", d[at:at + 4])[0]
        body = d[at + 4:at + 4 + n]
        if len(body) < n or at + n + 12 > len(d):
            break
        if body[:1] == b"E":
            events.append((struct.unpack(">q", body[1:9])[0], body[-32:]))
        elif body[:1] == b"P":
            anchor = struct.unpack(">q", body[1:9])[0]
        at += n + 12
    if head:
        seq, h = events[-1]
        print("event %d, sha256 %s" % (seq, h.hex()))
    else:
        print(sum(1 for seq, _ in events if seq > anchor))


if __name__ == "__main__":
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    main(sys.argv[1], len(sys.argv) == 3 and sys.argv[2] == "--head")
