"""The peer for `herald bench-apns`: aioapns (a real Python APNs client from PyPI).

Sends N alert notifications to N tokens through one aioapns client with token
auth, pointed at herald apns-sim (host, port and CA patched in: aioapns only knows
Apple's hosts). Prints one JSON line like the Swift command.
"""
import argparse
import asyncio
import json
import ssl
import time

from aioapns import APNs, NotificationRequest
from aioapns import connection as apns_connection


async def run(args):
    apns_connection.APNsProductionClientProtocol.APNS_SERVER = args.host
    apns_connection.APNsTLSClientProtocol.APNS_PORT = args.port
    context = ssl.create_default_context(cafile=args.ca)
    with open(args.key) as f:
        key = f.read()
    client = APNs(key=key, key_id=args.key_id, team_id=args.team_id, topic=args.topic,
                  max_connections=args.connections, use_sandbox=False, ssl_context=context)

    async def send(n):
        request = NotificationRequest(device_token="%064x" % (n + 1), message={"aps": {"alert": "Benchmark %d" % n}})
        result = await client.send_notification(request)
        return result.is_successful

    await send(0)
    start = time.perf_counter()
    accepted = 0
    window = args.window
    for first in range(0, args.count, window):
        results = await asyncio.gather(*[send(n) for n in range(first, min(first + window, args.count))])
        accepted += sum(1 for ok in results if ok)
    seconds = time.perf_counter() - start
    print(json.dumps({"count": args.count, "accepted": accepted, "seconds": seconds, "rate": args.count / seconds,
                      "connections": args.connections}))


def main():
    parser = argparse.ArgumentParser()
    for name in ("host", "ca", "key", "key-id", "team-id", "topic"):
        parser.add_argument("--" + name, required=True)
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--count", type=int, default=20000)
    parser.add_argument("--connections", type=int, default=1)
    parser.add_argument("--window", type=int, default=1000)
    asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()
