"""tests/egress/origin.py -- the origin servers of the credential tests.

Usage: origin.py SEEN CERT KEY AWS_KEY_ID AWS_SECRET_KEY [AWS_SESSION_TOKEN]

Serves HTTPS (CERT/KEY, made by the test with its own CA) and plain HTTP on
two free ports of 127.0.0.1, prints "TLS_PORT PLAIN_PORT" on stdout, and
appends one JSON line per request it receives to SEEN: {"scheme", "method",
"target" (path and query as sent), "headers" (names lowercased), "body"}.
It stops when stdin closes or after 300 seconds.  Paths:
  /gzip     200 with Content-Encoding: gzip
  /leak     200 that echoes the request's credential: the Authorization
            (or X-Api-Key) value in an X-Leak header and in the body
  /sigv4    checks the request's SigV4 Authorization against its own
            computation (an independent implementation of the AWS
            signature version 4 algorithm, with the real keys): 200
            "sigv4 ok <region> <service>" or 403 "sigv4 bad: <why>"
  /big      200 with 1 MiB (for bench/)
  .../drop  no answer: the connection is closed (a failed transfer)
  else      200, a JSON echo of method, target, headers and body
"""
import gzip
import hashlib
import hmac
import http.server
import json
import socketserver
import ssl
import sys
import threading
import urllib.parse

SEEN, CERT, KEY, AWS_KEY_ID, AWS_SECRET = sys.argv[1:6]
AWS_TOKEN = sys.argv[6] if len(sys.argv) > 6 else None
lock = threading.Lock()
BIG = b"0123456789abcdef" * 65536


def sigv4_check(method, target, headers, body):
    """None when the request is signed right with the real keys, else why."""
    auth = headers.get("authorization", "")
    if not auth.startswith("AWS4-HMAC-SHA256 "):
        return "no AWS4-HMAC-SHA256 Authorization"
    fields = {}
    for part in auth[len("AWS4-HMAC-SHA256 "):].split(","):
        k, _, v = part.strip().partition("=")
        fields[k] = v
    try:
        key_id, date, region, service, term = fields["Credential"].split("/")
        signed = fields["SignedHeaders"].split(";")
        signature = fields["Signature"]
    except (KeyError, ValueError):
        return "malformed Authorization"
    if key_id != AWS_KEY_ID:
        return "credential key id is not the real one"
    if term != "aws4_request":
        return "bad scope terminator"
    if AWS_TOKEN is not None and headers.get("x-amz-security-token") != AWS_TOKEN:
        return "session token missing"
    if AWS_TOKEN is not None and "x-amz-security-token" not in signed:
        return "session token not signed"
    amz_date = headers.get("x-amz-date", "")
    if not amz_date.startswith(date):
        return "x-amz-date does not match the scope"
    path, _, query = target.partition("?")
    pairs = sorted(urllib.parse.parse_qsl(query, keep_blank_values=True))
    canonical_query = "&".join(
        urllib.parse.quote(k, safe="-_.~") + "=" + urllib.parse.quote(v, safe="-_.~")
        for k, v in pairs)
    canonical_headers = "".join(
        h + ":" + " ".join(headers.get(h, "").split()) + "\n" for h in signed)
    payload_hash = headers.get("x-amz-content-sha256") or hashlib.sha256(body).hexdigest()
    canonical = "\n".join([method, urllib.parse.quote(path, safe="/-_.~"), canonical_query,
                           canonical_headers, ";".join(signed), payload_hash])
    scope = "/".join([date, region, service, term])
    to_sign = "\n".join(["AWS4-HMAC-SHA256", amz_date, scope,
                         hashlib.sha256(canonical.encode()).hexdigest()])
    k = ("AWS4" + AWS_SECRET).encode()
    for part in (date, region, service, term):
        k = hmac.new(k, part.encode(), hashlib.sha256).digest()
    want = hmac.new(k, to_sign.encode(), hashlib.sha256).hexdigest()
    if not hmac.compare_digest(want, signature):
        return "signature mismatch"
    return None, region, service


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def send_body(self, status, body, headers=()):
        self.send_response(status)
        for k, v in headers:
            self.send_header(k, v)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def handle_any(self):
        n = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(n) if n else b""
        headers = {k.lower(): v for k, v in self.headers.items()}
        scheme = "https" if isinstance(self.connection, ssl.SSLSocket) else "http"
        with lock, open(SEEN, "a") as f:
            f.write(json.dumps({"scheme": scheme, "method": self.command, "target": self.path,
                                "headers": headers,
                                "body": body.decode("utf-8", "replace")}) + "\n")
        path = self.path.partition("?")[0]
        if path == "/gzip":
            self.send_body(200, gzip.compress(b"compressed"), [("Content-Encoding", "gzip")])
        elif path == "/leak":
            cred = headers.get("authorization") or headers.get("x-api-key") or ""
            self.send_body(200, ("token=" + cred + ";").encode(), [("X-Leak", "was " + cred)])
        elif path == "/sigv4":
            r = sigv4_check(self.command, self.path, headers, body)
            if isinstance(r, str):
                self.send_body(403, ("sigv4 bad: " + r).encode())
            else:
                self.send_body(200, ("sigv4 ok %s %s" % (r[1], r[2])).encode())
        elif path.endswith("/drop"):
            self.close_connection = True  # no answer at all: the transfer fails
        elif path == "/big":
            self.send_body(200, BIG, [("Content-Type", "application/octet-stream")])
        else:
            echo = {"method": self.command, "target": self.path, "headers": headers,
                    "body": body.decode("utf-8", "replace")}
            self.send_body(200, json.dumps(echo).encode(), [("Content-Type", "application/json")])

    do_GET = do_POST = do_PUT = do_DELETE = do_HEAD = do_PATCH = handle_any


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        pass


def main():
    tls = Server(("127.0.0.1", 0), Handler)
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.load_cert_chain(CERT, KEY)
    tls.socket = ctx.wrap_socket(tls.socket, server_side=True)
    plain = Server(("127.0.0.1", 0), Handler)
    print(tls.server_address[1], plain.server_address[1], flush=True)
    for s in (tls, plain):
        threading.Thread(target=s.serve_forever, daemon=True).start()
    done = threading.Event()

    def watch_stdin():
        sys.stdin.read()
        done.set()

    threading.Thread(target=watch_stdin, daemon=True).start()
    done.wait(300)


if __name__ == "__main__":
    main()
