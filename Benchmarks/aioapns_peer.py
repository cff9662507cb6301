"""The peer for `herald bench-apns` and `make bench-gateway`: aioapns (a real Python APNs client from PyPI).

Sends N alert notifications to N tokens through one aioapns client with token
auth, pointed at herald apns-sim (host, port and CA patched in: aioapns only knows
Apple's hosts), WINDOW requests in flight at a time. Prints one JSON line like the
Swift command.

By default the tokens are made up ("%064x" % n) and the payloads numbered, and one
warm-up notification (not counted) opens the connection first. With `--tokens FILE`
(the JSON lines given to `herald app import-devices`) it sends `--payload` to every
token in the file with `--collapse-id`, push type alert and priority 10, as the
gateway does for a publish, and the time includes opening the connection.
"""
import argparse
import asyncio
import json
import resource
import ssl
import time

from aioapns import APNs, NotificationRequest, PushType
from aioapns import connection as apns_connection


def requests(args):
    """(token, message, collapse id) for every notification to send."""
    if not args.tokens:
        return [("%064x" % (n + 1), {"aps": {"alert": "Benchmark %d" % n}}, None) for n in range(args.count)]
    message = json.loads(args.payload)
    with open(args.tokens) as f:
        return [(json.loads(line)["token"], message, args.collapse_id) for line in f if line.strip()]


async def run(args):
    apns_connection.APNsProductionClientProtocol.APNS_SERVER = args.host
    apns_connection.APNsTLSClientProtocol.APNS_PORT = args.port
    context = ssl.create_default_context(cafile=args.ca)
    with open(args.key) as f:
        key = f.read()
    client = APNs(key=key, key_id=args.key_id, team_id=args.team_id, topic=args.topic,
                  max_connections=args.connections, use_sandbox=False, ssl_context=context)
    todo = requests(args)

    async def send(token, message, collapse_id):
        if collapse_id is None:
            request = NotificationRequest(device_token=token, message=message)
        else:
            request = NotificationRequest(device_token=token, message=message, collapse_key=collapse_id,
                                          priority=10, push_type=PushType.ALERT)
        result = await client.send_notification(request)
        return result.is_successful

    if not args.tokens:
        await send(*todo[0])
    start = time.perf_counter()
    accepted = 0
    window = args.window
    for first in range(0, len(todo), window):
        results = await asyncio.gather(*[send(*item) for item in todo[first:first + window]])
        accepted += sum(1 for ok in results if ok)
    seconds = time.perf_counter() - start
    print(json.dumps({"count": len(todo), "accepted": accepted, "seconds": seconds, "rate": len(todo) / seconds,
                      "connections": args.connections, "window": window,
                      "peakRSSMiB": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))


def main():
    parser = argparse.ArgumentParser()
    for name in ("host", "ca", "key", "key-id", "team-id", "topic"):
        parser.add_argument("--" + name, required=True)
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--count", type=int, default=20000)
    parser.add_argument("--connections", type=int, default=1)
    parser.add_argument("--window", type=int, default=1000)
    parser.add_argument("--tokens", help="JSON lines with a \"token\" each; sends to these instead of --count made-up ones")
    parser.add_argument("--payload", default='{"aps":{"alert":"Benchmark"}}', help="with --tokens: the payload, JSON")
    parser.add_argument("--collapse-id", help="with --tokens: apns-collapse-id")
    asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()
