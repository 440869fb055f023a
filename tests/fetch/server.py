"""tests/fetch/server.py -- the HTTP server the fetch() end-to-end tests reach.

Usage: server.py LOGFILE

Listens on 127.0.0.1 on a port the kernel picks (free by construction),
prints the port on stdout, and appends one line per request it receives to
LOGFILE ("METHOD PATH"), so a test can show that a refused fetch() never
reached it.  It stops by itself when the process that started it goes away
or after 120 seconds, whichever comes first: a test that dies never leaves
it behind.

Paths:
  /hello          200 "hello" with two Set-Cookie and two X-Multi headers
  /redirect       302 to /hello, with a body
  /exact          200, exactly 1048576 bytes, Content-Length
  /over           200, 1048577 bytes, Content-Length
  /chunked-exact  200, chunked, exactly 1048576 bytes, no Content-Length
  /chunked-over   200, chunked, 1048577 bytes, no Content-Length
  /binary         200, bytes that are not UTF-8
  /teapot         418 from the server itself
  /forbidden      403 from the server itself (no egress marker)
  /utf8           200, UTF-8 text with non-ASCII characters
  /slow           200 "slow" after 20 seconds (a request still in flight)
  /delay          200 "delay" after 0.3 seconds
  anything else   200, an echo: "METHOD PATH", "body_len=N", "body=<repr>",
                  then "h:<lowercase name>=<value>" per header, sorted
"""
import http.server
import os
import sys
import threading
import time

LOG = sys.argv[1]
PARENT = os.getppid()
LIMIT = 1048576


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

    def send_chunked(self, total):
        self.send_response(200)
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        try:
            left = total
            while left:
                n = min(left, 65536)
                self.wfile.write(b"%x\r\n%s\r\n" % (n, b"c" * n))
                left -= n
            self.wfile.write(b"0\r\n\r\n")
        except (BrokenPipeError, ConnectionResetError):
            pass

    def handle_any(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        with open(LOG, "a") as f:
            f.write("%s %s\n" % (self.command, self.path))
        path = self.path
        if path == "/hello":
            self.send_body(200, b"hello", [("Set-Cookie", "a=1; Path=/"), ("Set-Cookie", "b=2"),
                                           ("X-Multi", "one"), ("X-Multi", "two"),
                                           ("Content-Type", "text/plain")])
        elif path == "/redirect":
            self.send_body(302, b"moved", [("Location", "/hello")])
        elif path == "/exact":
            self.send_body(200, b"e" * LIMIT)
        elif path == "/over":
            self.send_body(200, b"o" * (LIMIT + 1))
        elif path == "/chunked-exact":
            self.send_chunked(LIMIT)
        elif path == "/chunked-over":
            self.send_chunked(LIMIT + 1)
        elif path == "/binary":
            self.send_body(200, b"ok\xff\xfe\xed\xa0\x80end")
        elif path == "/teapot":
            self.send_body(418, b"short and stout")
        elif path == "/forbidden":
            self.send_body(403, b"the origin says no")
        elif path == "/delay":
            time.sleep(0.3)
            self.send_body(200, b"delay")
        elif path == "/slow":
            time.sleep(20)
            self.send_body(200, b"slow")
        elif path == "/utf8":
            self.send_body(200, "caf\u00e9 \u2603 \U0001f600".encode(),
                           [("Content-Type", "text/plain; charset=utf-8")])
        else:
            lines = ["%s %s" % (self.command, path), "body_len=%d" % len(body),
                     "body=%r" % body.decode("utf-8", "replace")]
            lines += sorted("h:%s=%s" % (k.lower(), v) for k, v in self.headers.items())
            self.send_body(200, "\n".join(lines).encode(), [("Content-Type", "text/plain")])

    do_GET = do_POST = do_PUT = do_DELETE = do_HEAD = do_PATCH = handle_any


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        pass  # a client that stops reading at the byte cap is expected


def main():
    server = Server(("127.0.0.1", 0), Handler)
    print(server.server_address[1], flush=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and os.getppid() == PARENT:
        time.sleep(0.2)
    server.shutdown()


if __name__ == "__main__":
    main()
