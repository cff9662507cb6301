#!/usr/bin/env python3
"""A webhook receiver for Herald's tests and benchmarks.

Verifies every request with the Standard Webhooks library (the secrets are read from
--secret-file at each request, one per line, so a test may write it after the endpoint
is made), records each event id it acknowledges as a line "<event id> <webhook-id>" in
--out, and answers 200. --fail-first N answers 503 to the first N requests; --fail-for S
answers 503 for S seconds from the first request. A request that does not verify is
answered 400 and recorded as "BAD <reason>". Prints "listening PORT" when ready.
"""
import argparse
import json
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from standardwebhooks.webhooks import Webhook


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--secret-file", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--fail-first", type=int, default=0)
    parser.add_argument("--fail-for", type=float, default=0)
    parser.add_argument("--no-verify", action="store_true", help="acknowledge without verifying (a peer for benchmarks)")
    parser.add_argument("--answer", type=int, default=0,
                        help="answer every request with this status (a 3xx with a Location back here), recording 'ANSWERED STATUS'")
    args = parser.parse_args()
    lock = threading.Lock()
    state = {"requests": 0, "first": None}
    out = open(args.out, "a", buffering=1)

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *_):
            pass

        def answer(self, status):
            self.send_response(status)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def do_POST(self):
            body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
            with lock:
                state["requests"] += 1
                number = state["requests"]
                if state["first"] is None:
                    state["first"] = time.monotonic()
                failing = number <= args.fail_first or time.monotonic() - state["first"] < args.fail_for
            if failing:
                return self.answer(503)
            if args.answer:
                with lock:
                    out.write("ANSWERED %d\n" % args.answer)
                self.send_response(args.answer)
                if 300 <= args.answer < 400:
                    self.send_header("Location", "http://127.0.0.1:%d/elsewhere" % self.server.server_address[1])
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            try:
                if args.no_verify:
                    payload = json.loads(body)
                else:
                    headers = {k.lower(): v for k, v in self.headers.items()}
                    with open(args.secret_file) as f:
                        secrets = [line.strip() for line in f if line.strip()]
                    payload, errors = None, []
                    for secret in secrets:
                        try:
                            payload = Webhook(secret).verify(body, headers)
                            break
                        except Exception as error:  # the next secret may verify it
                            errors.append(str(error))
                    if payload is None:
                        raise ValueError("; ".join(errors) or "no secret")
            except Exception as error:
                with lock:
                    out.write("BAD %s\n" % str(error).replace("\n", " "))
                return self.answer(400)
            events = payload["data"]["events"] if payload.get("type") == "batch" else [payload]
            webhook_id = self.headers.get("webhook-id", "")
            with lock:
                out.write("".join("%s %s\n" % (event["id"], webhook_id) for event in events))
            self.answer(200)

    server = ThreadingHTTPServer(("127.0.0.1", args.port), Handler)
    server.daemon_threads = True
    print("listening %d" % server.server_address[1], flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    sys.exit(main())
