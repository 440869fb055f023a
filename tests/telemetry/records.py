"""tests/telemetry/records.py -- the decision records of OTLP-JSON log files
(box's file targets), one line each in the form tests/telemetry/receiver.py
writes them (without the auth field):
  <run id> <traceId> <verdict> <action> <resource> <rule>
Reads the files named.  The telemetry tests compare what a collector
received with what a file target of the same box holds."""
import fileinput
import json

P = "strands.box.policy."
for line in fileinput.input():
    doc = json.loads(line)
    for rl in doc.get("resourceLogs", []):
        res = {a["key"]: a["value"].get("stringValue") for a in rl["resource"]["attributes"]}
        for sl in rl["scopeLogs"]:
            for lr in sl["logRecords"]:
                a = {x["key"]: x["value"].get("stringValue") for x in lr["attributes"]}
                print(res["strands.box.run.id"], lr["traceId"], a[P + "verdict"], a[P + "action"],
                      a[P + "resource"], a[P + "rule"])
