"""tests/egress/server.py -- a small HTTP server for the fetch() tests.

Listens on 127.0.0.1 on a free port, prints the port on stdout, and serves
until stdin closes or 120 seconds pass (whichever comes first), so a test
that dies never leaves it behind.  Paths:
  /hello        200 "hello" with two Set-Cookie and two X-Multi headers
  /redirect     302 to /hello
  /exact        200 with exactly 1048576 bytes (Content-Length)
  /big          200 with 1048577 bytes (Content-Length)
  /chunked-big  200, chunked, 2 MiB, no Content-Length
  /forbidden    403 from the server itself
  /count        200, the number of requests served before this one
  anything else 200, a JSON echo of method, path, headers and body
"""
import http.server
import json
import sys
import threading

served = 0


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
        global served
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        path = self.path
        count = served
        served += 1
        if path == "/hello":
            self.send_body(200, b"hello", [("Set-Cookie", "a=1"), ("Set-Cookie", "b=2"),
                                           ("X-Multi", "1"), ("X-Multi", "2"),
                                           ("Content-Type", "text/plain")])
        elif path == "/redirect":
            self.send_body(302, b"", [("Location", "/hello")])
        elif path == "/exact":
            self.send_body(200, b"e" * 1048576)
        elif path == "/big":
            self.send_body(200, b"b" * 1048577)
        elif path == "/chunked-big":
            self.send_response(200)
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            chunk = b"c" * 65536
            try:
                for _ in range(32):
                    self.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))
                self.wfile.write(b"0\r\n\r\n")
            except (BrokenPipeError, ConnectionResetError):
                pass
        elif path == "/forbidden":
            self.send_body(403, b"no")
        elif path == "/count":
            self.send_body(200, str(count).encode())
        else:
            echo = {"method": self.command, "path": path,
                    "headers": {k.lower(): v for k, v in self.headers.items()},
                    "body": body.decode("utf-8", "replace")}
            self.send_body(200, json.dumps(echo).encode(), [("Content-Type", "application/json")])

    do_GET = do_POST = do_PUT = do_DELETE = do_HEAD = do_PATCH = handle_any


class Server(http.server.HTTPServer):
    def handle_error(self, request, client_address):
        pass  # clients that stop reading at the byte cap are expected


def main():
    server = Server(("127.0.0.1", 0), Handler)
    print(server.server_address[1], flush=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    done = threading.Event()

    def watch_stdin():
        sys.stdin.read()
        done.set()

    threading.Thread(target=watch_stdin, daemon=True).start()
    done.wait(120)
    server.shutdown()


if __name__ == "__main__":
    main()
