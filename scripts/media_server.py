#!/usr/bin/env python3
"""A local media server for Herald's Service Extension tests and benchmarks.

Listens on 127.0.0.1 only, on the port given (0: any free port), prints
"PORT <n>" once ready, and exits when its standard input closes or after
--lifetime seconds, whichever comes first. Every response is generated on the
fly in 64 KiB chunks, so a 50 MB file costs the server no memory.

Routes (FORMAT is jpeg png gif mp3 m4a wav aiff mpeg mp4 avi; SIZE in bytes;
NAME is any file name, with or without an extension):
  /m/FORMAT/SIZE/NAME      the file; query: type=MIME (wrong types; "none" omits
                           the header), length=N|none (lie or omit Content-Length),
                           status=CODE
  /redirect/N/PATH         N 302 redirects, then PATH
  /status/CODE             an HTML error page with that status
  /html                    200 with an HTML page (an error page served as success)
  /stall                   reads the request and never answers
  /stall-body/FORMAT/SIZE  sends the headers and 100 bytes, then nothing
  /drip/FORMAT/SIZE        sends 1 KiB every 0.1 s (query: chunk=BYTES, interval=SECONDS)
"""
import argparse
import os
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

MAGIC = {
    "jpeg": (bytes([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10]) + b"JFIF\x00", "image/jpeg"),
    "png": (bytes([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]) + b"IHDR", "image/png"),
    "gif": (b"GIF89a\x01\x00\x01\x00", "image/gif"),
    "mp3": (b"ID3\x03\x00\x00\x00\x00\x00\x00", "audio/mpeg"),
    "m4a": (b"\x00\x00\x00\x20ftypM4A \x00\x00\x00\x00", "audio/mp4"),
    "wav": (b"RIFF\x24\x00\x00\x00WAVEfmt ", "audio/wav"),
    "aiff": (b"FORM\x00\x00\x00\x2eAIFFCOMM", "audio/aiff"),
    "mpeg": (bytes([0, 0, 1, 0xBA, 0x44, 0, 4, 0, 4, 1]), "video/mpeg"),
    "mp4": (b"\x00\x00\x00\x20ftypisom\x00\x00\x02\x00", "video/mp4"),
    "avi": (b"RIFF\x00\x00\x00\x00AVI LIST", "video/x-msvideo"),
}
CHUNK = 64 * 1024
FILLER = bytes([0xA5]) * CHUNK
STOP = threading.Event()


def body(fmt, size):
    """The file's bytes, in chunks: magic header, then filler."""
    head = MAGIC[fmt][0][:size]
    yield head
    left = size - len(head)
    while left > 0:
        n = min(left, CHUNK)
        yield FILLER[:n]
        left -= n


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.0"

    def log_message(self, *args):
        pass

    def send_bytes(self, chunks, interval=0.0):
        try:
            for chunk in chunks:
                if STOP.is_set():
                    return
                self.wfile.write(chunk)
                if interval:
                    self.wfile.flush()
                    if STOP.wait(interval):
                        return
        except (BrokenPipeError, ConnectionResetError):
            pass

    def page(self, code, text):
        data = ("<!DOCTYPE html><html><body><h1>%d</h1><p>%s</p></body></html>" % (code, text)).encode()
        self.send_response(code)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.send_bytes([data])

    def file_head(self, fmt, size, query, default_status=200):
        status = int(query.get("status", [default_status])[0])
        self.send_response(status)
        mime = query.get("type", [MAGIC[fmt][1]])[0]
        if mime != "none":
            self.send_header("Content-Type", mime)
        length = query.get("length", [str(size)])[0]
        if length != "none":
            self.send_header("Content-Length", length)
        self.end_headers()

    def do_GET(self):
        url = urlsplit(self.path)
        query = parse_qs(url.query)
        parts = [p for p in url.path.split("/") if p]
        try:
            if len(parts) >= 3 and parts[0] == "m" and parts[1] in MAGIC:
                size = int(parts[2])
                self.file_head(parts[1], size, query)
                self.send_bytes(body(parts[1], size))
            elif len(parts) >= 2 and parts[0] == "redirect":
                hops = int(parts[1])
                rest = "/".join(parts[2:]) + ("?" + url.query if url.query else "")
                target = "/redirect/%d/%s" % (hops - 1, rest) if hops > 1 else "/" + rest
                self.send_response(302)
                self.send_header("Location", target)
                self.send_header("Content-Length", "0")
                self.end_headers()
            elif len(parts) == 2 and parts[0] == "status":
                self.page(int(parts[1]), "status page")
            elif parts == ["html"]:
                self.page(200, "this is not an image")
            elif parts == ["stall"]:
                STOP.wait(120)
            elif len(parts) == 3 and parts[0] == "stall-body" and parts[1] in MAGIC:
                size = int(parts[2])
                self.file_head(parts[1], size, query)
                self.send_bytes([next(body(parts[1], size)), FILLER[:90]])
                self.wfile.flush()
                STOP.wait(120)
            elif len(parts) == 3 and parts[0] == "drip" and parts[1] in MAGIC:
                size = int(parts[2])
                chunk = int(query.get("chunk", ["1024"])[0])
                interval = float(query.get("interval", ["0.1"])[0])
                self.file_head(parts[1], size, query)
                data = b"".join(body(parts[1], size))
                self.send_bytes((data[i:i + chunk] for i in range(0, len(data), chunk)), interval)
            else:
                self.page(404, "no such route")
        except (BrokenPipeError, ConnectionResetError):
            pass


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--lifetime", type=float, default=300.0, help="seconds before the server exits on its own")
    args = parser.parse_args()
    server = ThreadingHTTPServer(("127.0.0.1", args.port), Handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    print("PORT %d" % server.server_address[1], flush=True)
    deadline = time.monotonic() + args.lifetime

    def watch_stdin():
        try:
            sys.stdin.read()
        except Exception:
            pass
        STOP.set()

    threading.Thread(target=watch_stdin, daemon=True).start()
    while not STOP.is_set() and time.monotonic() < deadline:
        STOP.wait(0.2)
    STOP.set()
    server.shutdown()
    os._exit(0)


if __name__ == "__main__":
    main()
