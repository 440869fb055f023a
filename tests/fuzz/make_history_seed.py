#!/usr/bin/python3.11
"""tests/fuzz/make_history_seed.py -- writes tests/fuzz/corpus/history/seed.db,
a small valid box history (broker/history/) made without box's code: the
schema, the pruning anchor and the SHA-256 chain are built here from the
format history_int.h describes (previous hash, then seq and ts as 8 bytes
big endian, then each text as a presence byte, a 4-byte big-endian length
and its bytes).  It seeds the libFuzzer target fuzz_history, and
tests/history/test_history_corrupt checks that box verifies it intact: two
implementations of the chain agreeing.

Usage: tests/fuzz/make_history_seed.py OUT.db"""
import hashlib
import json
import os
import sqlite3
import struct
import sys

APPLICATION_ID = 0x626F7868  # 'boxh'
SCHEMA_VERSION = 1


def text_bytes(t):
    if t is None:
        return b"\0"
    b = t.encode("utf-8")
    return b"\1" + struct.pack(">I", len(b)) + b


def row_hash(prev, seq, ts, action_type, action_id, kind, record, verdict):
    h = hashlib.sha256(prev)
    h.update(struct.pack(">qq", seq, ts))
    for t in (action_type, action_id, kind, record, verdict):
        h.update(text_bytes(t))
    return h.digest()


def main(out):
    if os.path.exists(out):
        os.unlink(out)
    db = sqlite3.connect(out)
    db.executescript(
        """
        CREATE TABLE events (seq INTEGER PRIMARY KEY, ts INTEGER NOT NULL,
          action_type TEXT NOT NULL, action_id TEXT NOT NULL, kind TEXT NOT NULL,
          record TEXT NOT NULL, verdict TEXT, hash BLOB NOT NULL);
        CREATE INDEX events_ts ON events(ts);
        CREATE TABLE chain (id INTEGER PRIMARY KEY CHECK (id = 1),
          head_seq INTEGER NOT NULL, head_ts INTEGER NOT NULL, head_hash BLOB NOT NULL,
          anchor_seq INTEGER NOT NULL, anchor_hash BLOB NOT NULL);
        """
    )
    db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    prev = bytes(32)
    rows = []
    for seq in range(1, 16):
        ts = 1700000000 + 10 * seq
        action = ["fs:read", "fs:write", "http:request"][seq % 3]
        kind = ["request", "response", "error"][seq % 3]
        rec = {"input": {"path": f"~/project/f{seq}.txt"}, "requestId": f"r{seq}"}
        if kind == "response":
            rec["output"] = {"result": "completed"}
        record = json.dumps(rec, separators=(",", ":"))
        verdict = "permit" if kind == "request" else None
        prev = row_hash(prev, seq, ts, "Box::Action", action, kind, record, verdict)
        rows.append((seq, ts, "Box::Action", action, kind, record, verdict, prev))
    # The first three are pruned: the anchor is the third one's hash.
    anchor_seq, anchor_hash = rows[2][0], rows[2][7]
    db.executemany("INSERT INTO events VALUES (?, ?, ?, ?, ?, ?, ?, ?)", rows[3:])
    head = rows[-1]
    db.execute("INSERT INTO chain VALUES (1, ?, ?, ?, ?, ?)", (head[0], head[1], head[7], anchor_seq, anchor_hash))
    db.commit()
    db.execute("VACUUM")
    db.close()


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
