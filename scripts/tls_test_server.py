#!/usr/bin/env python3
"""A TLS server on 127.0.0.1 for the APNs transport's TLS tests.

It completes TLS handshakes with the given certificate and ALPN protocols, then reads
and discards until the client closes. The first line it prints is "PORT <n>". It exits
when its standard input closes, or after --lifetime seconds.
"""
import argparse
import os
import socket
import ssl
import sys
import threading


def serve(context, connection):
    try:
        with context.wrap_socket(connection, server_side=True) as tls:
            while tls.recv(65536):
                pass
    except (OSError, ssl.SSLError):
        pass
    finally:
        connection.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cert", required=True, help="PEM certificate")
    parser.add_argument("--key", required=True, help="PEM private key")
    parser.add_argument("--alpn", default="", help="comma-separated ALPN protocols to offer (none if empty)")
    parser.add_argument("--lifetime", type=float, default=240)
    arguments = parser.parse_args()
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(arguments.cert, arguments.key)
    if arguments.alpn:
        context.set_alpn_protocols(arguments.alpn.split(","))
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)
    print("PORT", listener.getsockname()[1], flush=True)
    threading.Thread(target=lambda: (sys.stdin.read(), os._exit(0)), daemon=True).start()
    threading.Timer(arguments.lifetime, lambda: os._exit(0)).start()
    while True:
        connection, _ = listener.accept()
        threading.Thread(target=serve, args=(context, connection), daemon=True).start()


if __name__ == "__main__":
    main()
