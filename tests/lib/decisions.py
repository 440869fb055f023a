"""tests/lib/decisions.py -- the decision records of an OTLP-JSON decision
log, one line each: "verdict action resource rule" (what the digest's jq
query prints).  Reads the files named, or stdin.  Used by the end-to-end
suites to compare a run's decisions with what they expect."""
import fileinput
import json

PREFIX = "strands.box.policy."
for line in fileinput.input():
    record = json.loads(line)
    for rl in record.get("resourceLogs", []):
        for sl in rl["scopeLogs"]:
            if sl["scope"]["name"] != "strands-box.policy":
                continue
            for lr in sl["logRecords"]:
                a = {x["key"]: x["value"].get("stringValue") for x in lr["attributes"]}
                print(a.get(PREFIX + "verdict"), a.get(PREFIX + "action"),
                      a.get(PREFIX + "resource"), a.get(PREFIX + "rule"))
