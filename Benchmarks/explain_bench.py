"""`make bench-gateway` (and `make bench-explain` alone): what explaining costs on a
1,000,000-device app.

`herald serve` (release, SQLite, the test deliverer `discard`) with 1,000,000 devices
imported (locales and time zones of a few kinds), one publish to all of them with texts by
language and a frequency cap, delivered. Then, one request at a time on one kept-alive
connection:
1. explanations, `GET …/publishes/{id}/devices/{device}`, of random devices, beside the
   peer in the same run, `GET …/devices/{device}` (one device read by id: the cheapest read
   the API has);
2. previews, `POST …/publishes/preview` of the same publish for 100 random devices.
Latency median and p95 from the client, and the server's CPU per request from /proc.
The aim: an explanation under 20 ms at the median, a 100-device preview under 100 ms.
"""
import argparse
import os
import random
import sqlite3
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchlib import Server, call, imported_app, machine, timed, write_section  # noqa: E402

START, END = "<!-- bench:explain:start -->", "<!-- bench:explain:end -->"
LOCALES = ["de-DE", "de-AT", "en-US", "fr-FR", "pt-BR", None]
ZONES = ["Europe/Berlin", "America/New_York", "Asia/Tokyo", None]


def fields(i):
    device = {}
    if LOCALES[i % len(LOCALES)]:
        device["locale"] = LOCALES[i % len(LOCALES)]
    if ZONES[i % len(ZONES)]:
        device["timeZone"] = ZONES[i % len(ZONES)]
    return device


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--herald", required=True)
    parser.add_argument("--report", required=True)
    parser.add_argument("--devices", type=int, default=1_000_000)
    args = parser.parse_args()
    n = args.devices
    with tempfile.TemporaryDirectory() as folder:
        data, created = imported_app(args.herald, folder, n, fields)
        app, key = created["appId"], created["serverKey"]
        server = Server(args.herald, ["--data", data], os.path.join(folder, "serve.err"), ["--deliverer", "discard"])
        try:
            publish = {
                "interests": ["bench"],
                "notification": {"title": "Sale", "body": "Today only",
                                 "localized": {"de": {"title": "Angebot"}, "pt-BR": {"title": "Oferta"}, "fr": {"title": "Soldes"}}},
                "options": {"frequencyCap": {"max": 3, "window": 86400}, "ttl": 3600},
            }
            publish_id = call("POST", f"{server.base}/v1/apps/{app}/publishes", key, publish)["publishId"]
            deadline = time.time() + 1800
            while call("GET", f"{server.base}/v1/apps/{app}/publishes/{publish_id}", key)["status"] != "done":
                if time.time() > deadline:
                    raise SystemExit(f"publish {publish_id} not done after 30 min\n{server.errors()}")
                time.sleep(0.5)
            with sqlite3.connect(os.path.join(data, "herald.sqlite")) as db:
                ids = [row[0] for row in db.execute("SELECT id FROM devices ORDER BY random() LIMIT 3000")]
            random.seed(7)
            base = f"/v1/apps/{app}"
            peer = timed(server, key, [("GET", f"{base}/devices/{d}", None) for d in ids[:1000]])
            explain = timed(server, key, [("GET", f"{base}/publishes/{publish_id}/devices/{d}", None) for d in ids[1000:2000]])
            previews = [("POST", f"{base}/publishes/preview", {"publish": publish, "devices": random.sample(ids, 100)}) for _ in range(50)]
            preview = timed(server, key, previews)
        finally:
            server.stop()
    rows = [
        f"| `GET …/devices/{{device}}` (peer: one device by id) | {peer['n']} | {peer['median']:.2f} ms | {peer['p95']:.2f} ms | {peer['cpu_us']:.0f} µs |",
        f"| `GET …/publishes/{{id}}/devices/{{device}}` (explanation) | {explain['n']} | {explain['median']:.2f} ms | {explain['p95']:.2f} ms | {explain['cpu_us']:.0f} µs |",
        f"| `POST …/publishes/preview`, 100 devices | {preview['n']} | {preview['median']:.2f} ms | {preview['p95']:.2f} ms | {preview['cpu_us']:.0f} µs |",
    ]
    section = "\n".join([
        START,
        f"Measured {time.strftime('%Y-%m-%d')} on {machine()}. `herald serve` release build on SQLite, the test deliverer "
        f"`discard`; {n:,} devices imported (six locales, four time zones), one publish to all of them with three texts by "
        "language and a frequency cap, delivered; then one request at a time on one kept-alive connection, random devices.",
        "",
        "| request | requests | median | p95 | server CPU per request |",
        "| --- | --- | --- | --- | --- |",
        *rows,
        "",
        f"Aim: an explanation under 20 ms at the median ({explain['median']:.2f} ms, {explain['median'] / peer['median']:.1f}x the "
        f"one-device read), a 100-device preview under 100 ms ({preview['median']:.2f} ms).",
        END,
    ])
    write_section(args.report, section, START, END)
    print(section)


if __name__ == "__main__":
    main()
