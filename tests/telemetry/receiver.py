"""tests/telemetry/receiver.py -- a local OTLP/HTTP (JSON) logs receiver for
the telemetry tests.

Usage: receiver.py PORT OUT [--delay SECONDS] [--status CODE] [--tls CERT KEY]

Listens on 127.0.0.1:PORT (0: a free port; the port is printed on stdout),
accepts POST /v1/logs and POST /v1/traces.  A logs request must be a valid
OTLP-JSON ExportLogsServiceRequest as box writes it: resourceLogs -> resource with
the attributes service.name = "strands-box", strands.box.name,
strands.box.source and strands.box.run.id -> scopeLogs with scope
"strands-box.policy" -> logRecords with timeUnixNano (a decimal string),
severityText deny/permit, eventName "strands.box.policy.decision", a 32-hex
traceId and 16-hex spanId, and the strands.box.policy.* attributes (action,
resource, verdict, cause, rule, principal).  Every valid record is appended
to OUT as one line:
  <run id> <traceId> <verdict> <action> <resource> <rule> auth=<value of
  the Authorization or X-Collector-Token header, or ->
A traces request must be a valid ExportTraceServiceRequest: resourceSpans
-> the same resource -> scopeSpans with scope "strands-box.policy" ->
spans with a 32-hex traceId, a 16-hex spanId, name "policy <action>", kind
1 (INTERNAL), startTimeUnixNano = endTimeUnixNano (decimal strings) and the
same strands.box.policy.* attributes; each span is appended to OUT.spans
in the same form.  A valid request is answered 200 {}; an invalid one is
answered 400 and appended to OUT as "INVALID <why>".  --delay waits before answering; --status
answers every request with CODE (and records nothing); --tls serves
HTTPS with CERT and KEY.  Stops when stdin
closes or after 300 seconds.
"""
import http.server
import json
import re
import socketserver
import ssl
import sys
import threading
import time

port, out = int(sys.argv[1]), sys.argv[2]
delay, status, tls = 0.0, 200, None
args = sys.argv[3:]
while args:
    if args[0] == "--delay":
        delay = float(args[1])
    elif args[0] == "--status":
        status = int(args[1])
    elif args[0] == "--tls":
        tls = (args[1], args[2])
        args = args[1:]
    args = args[2:]
lock = threading.Lock()


def attrs(obj, where):
    out = {}
    for a in obj.get("attributes", []):
        if not isinstance(a.get("key"), str) or not isinstance(a.get("value"), dict):
            raise ValueError(where + ": an attribute is not {key, value}")
        v = a["value"]
        out[a["key"]] = v.get("stringValue", v.get("intValue", v.get("arrayValue")))
    return out


def resource_run(rl):
    res = attrs(rl["resource"], "resource")
    if res.get("service.name") != "strands-box" or res.get("strands.box.source") != "box":
        raise ValueError("resource attributes: %r" % res)
    run = res.get("strands.box.run.id")
    if not run or not res.get("strands.box.name"):
        raise ValueError("resource without run id or box name")
    return run


def ids(obj):
    if not re.fullmatch(r"[0-9a-f]{32}", obj.get("traceId", "")) or \
            not re.fullmatch(r"[0-9a-f]{16}", obj.get("spanId", "")):
        raise ValueError("trace or span id")


def policy_fields(obj, where):
    a = attrs(obj, where)
    p = "strands.box.policy."
    for k in ("action", "resource", "verdict", "cause", "rule", "principal"):
        if not isinstance(a.get(p + k), str):
            raise ValueError("no " + p + k)
    if a[p + "verdict"] not in ("deny", "permit"):
        raise ValueError("verdict")
    return [a[p + "verdict"], a[p + "action"], a[p + "resource"], a[p + "rule"]]


def check_logs(body):
    """The lines to record, or raises ValueError."""
    doc = json.loads(body)
    if set(doc) != {"resourceLogs"} or not isinstance(doc["resourceLogs"], list):
        raise ValueError("not {resourceLogs: [...]}")
    lines = []
    for rl in doc["resourceLogs"]:
        run = resource_run(rl)
        for sl in rl["scopeLogs"]:
            if sl["scope"]["name"] != "strands-box.policy":
                raise ValueError("scope " + sl["scope"]["name"])
            for lr in sl["logRecords"]:
                if not re.fullmatch(r"[0-9]+", lr.get("timeUnixNano", "")):
                    raise ValueError("timeUnixNano")
                if lr.get("eventName") != "strands.box.policy.decision":
                    raise ValueError("eventName")
                ids(lr)
                fields = policy_fields(lr, "logRecord")
                if lr.get("severityText") != fields[0]:
                    raise ValueError("severityText")
                lines.append([run, lr["traceId"]] + fields)
    return lines


def check_traces(body):
    """The lines to record, or raises ValueError."""
    doc = json.loads(body)
    if set(doc) != {"resourceSpans"} or not isinstance(doc["resourceSpans"], list):
        raise ValueError("not {resourceSpans: [...]}")
    lines = []
    for rs in doc["resourceSpans"]:
        run = resource_run(rs)
        for ss in rs["scopeSpans"]:
            if ss["scope"]["name"] != "strands-box.policy":
                raise ValueError("scope " + ss["scope"]["name"])
            for sp in ss["spans"]:
                ids(sp)
                start, end = sp.get("startTimeUnixNano", ""), sp.get("endTimeUnixNano", "")
                if not re.fullmatch(r"[0-9]+", start) or start != end:
                    raise ValueError("span times")
                if sp.get("kind") != 1:
                    raise ValueError("span kind")
                fields = policy_fields(sp, "span")
                if sp.get("name") != "policy " + fields[1]:
                    raise ValueError("span name")
                lines.append([run, sp["traceId"]] + fields)
    return lines


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def answer(self, code, body):
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_POST(self):
        n = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(n)
        if delay:
            time.sleep(delay)
        if status != 200:
            self.answer(status, b"{}")
            return
        auth = self.headers.get("Authorization") or self.headers.get("X-Collector-Token") or "-"
        target = out
        try:
            if self.path == "/v1/logs":
                check = check_logs
            elif self.path == "/v1/traces":
                check, target = check_traces, out + ".spans"
            else:
                raise ValueError("path " + self.path)
            if self.headers.get("Content-Type") != "application/json":
                raise ValueError("content type")
            lines = [" ".join(l + ["auth=" + auth]) for l in check(body)]
        except (ValueError, KeyError, TypeError) as e:
            with lock, open(out, "a") as f:
                f.write("INVALID %s\n" % e)
            self.answer(400, b"{}")
            return
        with lock, open(target, "a") as f:
            f.write("".join(l + "\n" for l in lines))
        self.answer(200, b"{}")


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def main():
    server = Server(("127.0.0.1", port), Handler)
    if tls:
        ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        ctx.load_cert_chain(*tls)
        server.socket = ctx.wrap_socket(server.socket, server_side=True)
    print(server.server_address[1], flush=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    done = threading.Event()

    def watch_stdin():
        sys.stdin.read()
        done.set()

    threading.Thread(target=watch_stdin, daemon=True).start()
    done.wait(300)


if __name__ == "__main__":
    main()
