"""tests/telemetry/receiver.py -- a local OTLP/HTTP (JSON) logs receiver for
the telemetry tests.

Usage: receiver.py PORT OUT [--delay SECONDS] [--status CODE] [--tls CERT KEY]

Listens on 127.0.0.1:PORT (0: a free port; the port is printed on stdout),
accepts POST /v1/logs, and checks that each body is a valid OTLP-JSON
ExportLogsServiceRequest as box writes it: resourceLogs -> resource with
the attributes service.name = "strands-box", strands.box.name,
strands.box.source and strands.box.run.id -> scopeLogs with scope
"strands-box.policy" -> logRecords with timeUnixNano (a decimal string),
severityText deny/permit, eventName "strands.box.policy.decision", a 32-hex
traceId and 16-hex spanId, and the strands.box.policy.* attributes (action,
resource, verdict, cause, rule, principal).  Every valid record is appended
to OUT as one line:
  <run id> <traceId> <verdict> <action> <resource> <rule> auth=<value of
  the Authorization or X-Collector-Token header, or ->
and the request is answered 200 {}; an invalid one is answered 400 and
appended as "INVALID <why>".  --delay waits before answering; --status
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


def check(body):
    """The lines to record, or raises ValueError."""
    doc = json.loads(body)
    if set(doc) != {"resourceLogs"} or not isinstance(doc["resourceLogs"], list):
        raise ValueError("not {resourceLogs: [...]}")
    lines = []
    for rl in doc["resourceLogs"]:
        res = attrs(rl["resource"], "resource")
        if res.get("service.name") != "strands-box" or res.get("strands.box.source") != "box":
            raise ValueError("resource attributes: %r" % res)
        run = res.get("strands.box.run.id")
        if not run or not res.get("strands.box.name"):
            raise ValueError("resource without run id or box name")
        for sl in rl["scopeLogs"]:
            if sl["scope"]["name"] != "strands-box.policy":
                raise ValueError("scope " + sl["scope"]["name"])
            for lr in sl["logRecords"]:
                if not re.fullmatch(r"[0-9]+", lr.get("timeUnixNano", "")):
                    raise ValueError("timeUnixNano")
                if lr.get("eventName") != "strands.box.policy.decision":
                    raise ValueError("eventName")
                if not re.fullmatch(r"[0-9a-f]{32}", lr.get("traceId", "")) or \
                        not re.fullmatch(r"[0-9a-f]{16}", lr.get("spanId", "")):
                    raise ValueError("trace or span id")
                a = attrs(lr, "logRecord")
                p = "strands.box.policy."
                for k in ("action", "resource", "verdict", "cause", "rule", "principal"):
                    if not isinstance(a.get(p + k), str):
                        raise ValueError("no " + p + k)
                if lr.get("severityText") != a[p + "verdict"] or a[p + "verdict"] not in ("deny", "permit"):
                    raise ValueError("severityText")
                lines.append([run, lr["traceId"], a[p + "verdict"], a[p + "action"],
                              a[p + "resource"], a[p + "rule"]])
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
        try:
            if self.path != "/v1/logs":
                raise ValueError("path " + self.path)
            if self.headers.get("Content-Type") != "application/json":
                raise ValueError("content type")
            lines = [" ".join(l + ["auth=" + auth]) for l in check(body)]
        except (ValueError, KeyError, TypeError) as e:
            with lock, open(out, "a") as f:
                f.write("INVALID %s\n" % e)
            self.answer(400, b"{}")
            return
        with lock, open(out, "a") as f:
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
