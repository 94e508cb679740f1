"""A registry server that misbehaves on purpose, for the consuming side's failure tests.

Prints its port on the first line, then serves until killed:
  /error.json      500
  /redirect.json   302 to the same path on another origin (port given as argv[1])
  /truncated.json  says 1000 bytes, sends 10, closes
  /big.json        100 MB of JSON, streamed
  /slow.json       nothing for a minute
"""
import http.server
import socketserver
import sys
import time

OTHER_PORT = int(sys.argv[1])


class Faults(http.server.BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def do_GET(self):
        if self.path.endswith("/error.json"):
            self.send_response(500)
            self.send_header("Content-Length", "0")
            self.end_headers()
        elif self.path.endswith("/redirect.json"):
            self.send_response(302)
            self.send_header("Location", f"http://127.0.0.1:{OTHER_PORT}/r/a-rise.json")
            self.send_header("Content-Length", "0")
            self.end_headers()
        elif self.path.endswith("/truncated.json"):
            self.send_response(200)
            self.send_header("Content-Length", "1000")
            self.end_headers()
            self.wfile.write(b'{"name": "')
            self.wfile.flush()
            self.close_connection = True
        elif self.path.endswith("/big.json"):
            size = 100 * 1024 * 1024
            self.send_response(200)
            self.send_header("Content-Length", str(size))
            self.end_headers()
            chunk = b" " * 65536
            try:
                for _ in range(size // len(chunk)):
                    self.wfile.write(chunk)
            except (BrokenPipeError, ConnectionResetError):
                pass
        elif self.path.endswith("/slow.json"):
            time.sleep(60)
        else:
            self.send_response(404)
            self.send_header("Content-Length", "0")
            self.end_headers()


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True


with Server(("127.0.0.1", 0), Faults) as server:
    print(server.server_address[1], flush=True)
    server.serve_forever()
