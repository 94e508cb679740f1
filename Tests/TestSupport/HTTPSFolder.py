"""A folder served over HTTPS with the given certificate: an internal registry whose
certificate a private authority signed. Prints its port on the first line, then serves until
killed.

Usage: HTTPSFolder.py FOLDER CERTIFICATE.pem KEY.pem
"""
import functools
import http.server
import socketserver
import ssl
import sys

folder, certificate, key = sys.argv[1:4]


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True


context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
context.load_cert_chain(certificate, key)
with Server(("127.0.0.1", 0), functools.partial(Quiet, directory=folder)) as server:
    server.socket = context.wrap_socket(server.socket, server_side=True)
    print(server.server_address[1], flush=True)
    server.serve_forever()
