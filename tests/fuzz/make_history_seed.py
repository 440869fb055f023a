#!/usr/bin/python3.11
"""tests/fuzz/make_history_seed.py -- writes tests/fuzz/corpus/history/seed.log,
a small valid box history (broker/history/) made without box's code: the
header, the framing, the rules and pruning records and the SHA-256 chain
are built here from the format broker/history/history_int.h describes (all
integers big endian; each record framed as a u32 body length, the body and
the FNV-1a-64 of length and body; an event's chain hash is SHA-256 of the
previous hash, then seq and ts as 8 bytes, then each text as a presence
byte, a 4-byte length and its bytes).  It seeds the libFuzzer target
fuzz_history, and tests/history/test_history_corrupt checks that box
verifies it intact: two implementations of the format agreeing.

Events 1 and 2 were compacted away (the header's anchor is event 2's
hash), event 3 is pruned by a pruning record, 4 to 15 remain.

Usage: tests/fuzz/make_history_seed.py OUT.log"""
import hashlib
import json
import struct
import sys


def fnv(data):
    h = 0xCBF29CE484222325
    for b in data:
        h ^= b
        h = (h * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h


def frame(body):
    head = struct.pack(">I", len(body)) + body
    return head + struct.pack(">Q", fnv(head))


def header(anchor_seq, anchor_ts, anchor_hash):
    b = b"box-hist" + struct.pack(">IIqq", 1, 0, anchor_seq, anchor_ts) + anchor_hash
    return b + struct.pack(">Q", fnv(b))


def text_bytes(t):
    if t is None:
        return b"\0"
    b = t.encode("utf-8")
    return b"\1" + struct.pack(">I", len(b)) + b


def canonical(seq, ts, texts):
    return struct.pack(">qq", seq, ts) + b"".join(text_bytes(t) for t in texts)


def main(out):
    prev = bytes(32)
    events = []
    for seq in range(1, 16):
        ts = 1700000000 + 10 * seq
        action = ["fs:read", "fs:write", "http:request"][seq % 3]
        kind = ["request", "response", "error"][seq % 3]
        rec = {"input": {"path": f"~/project/f{seq}.txt"}, "requestId": f"r{seq}"}
        if kind == "response":
            rec["output"] = {"result": "completed"}
        record = json.dumps(rec, separators=(",", ":"))
        verdict = "permit" if kind == "request" else None
        canon = canonical(seq, ts, ("Box::Action", action, kind, record, verdict))
        prev = hashlib.sha256(prev + canon).digest()
        events.append((seq, ts, canon, prev))
    data = header(events[1][0], events[1][1], events[1][3])
    rules = [("rule-one", 1), ("rule-two", 9)]
    data += frame(b"R" + struct.pack(">I", len(rules)) +
                  b"".join(struct.pack(">I", len(f)) + f.encode() + struct.pack(">q", s) for f, s in rules))
    for seq, ts, canon, h in events[2:]:
        data += frame(b"E" + canon + h)
        if seq == 5:
            s3 = events[2]
            data += frame(b"P" + struct.pack(">qq", s3[0], s3[1]) + s3[3])
    with open(out, "wb") as f:
        f.write(data)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
