"""The peer for `herald bench-decode`: Python's json.loads plus the same field access.

Reads every payload once, then for N passes parses each with json.loads and reads
the fields `herald bench-decode` reads: provider (by the same marker keys), id,
title, body, link, attachment count and app data size. It does less than Herald
(no lenient coercion, no notes, no unwrapping of JSON strings), so it is a
generous baseline. Prints one JSON line like the Swift command.
"""
import json
import sys
import time


def provider_of(p):
    if isinstance(p.get("herald"), dict):
        return "herald", p["herald"].get("publishId")
    data = p.get("data")
    if isinstance(data, dict) and isinstance(data.get("pusher"), dict):
        return "pusher-beams", data["pusher"].get("publishId")
    custom = p.get("custom")
    if isinstance(custom, dict) and "i" in custom:
        return "onesignal", custom["i"]
    if isinstance(p.get("os_data"), dict):
        return "onesignal", p["os_data"].get("i")
    if any(k.startswith("com.urbanairship.") for k in p) or "_" in p:
        return "airship", p.get("_")
    if isinstance(p.get("ab"), dict):
        return "braze", p["ab"].get("c")
    if isinstance(p.get("itbl"), dict):
        return "iterable", p["itbl"].get("messageId")
    if "gcm.message_id" in p or "google.c.a.e" in p:
        return "fcm", p.get("gcm.message_id")
    if "_j_msgid" in p:
        return "jpush", p["_j_msgid"]
    if "_gmid_" in p or "_ge_" in p:
        return "getui", p.get("_gmid_")
    if "d" in p and "p" in p:
        return "umeng", p["d"]
    for key in ("id", "messageId", "message_id", "notificationId"):
        if key in p:
            return "apns", p[key]
    return "apns", None


def touch(p):
    provider, ident = provider_of(p)
    aps = p.get("aps") if isinstance(p.get("aps"), dict) else {}
    alert = aps.get("alert")
    title = alert.get("title") if isinstance(alert, dict) else None
    body = alert.get("body") if isinstance(alert, dict) else alert
    link = next((p[k] for k in ("link", "url", "deeplink", "deep_link") if isinstance(p.get(k), str)), None)
    media = 0
    opts = p.get("fcm_options")
    if isinstance(opts, dict) and "image" in opts:
        media += 1
    if isinstance(p.get("att"), dict):
        media += len(p["att"])
    data = {k: v for k, v in p.items() if k != "aps"}
    return (len(provider) + len(str(ident or "")) + len(str(title or "")) + len(str(body or ""))
            + len(link or "") + media + len(data))


def main():
    iterations = 2000
    files = []
    args = sys.argv[1:]
    while args:
        arg = args.pop(0)
        if arg == "--iterations":
            iterations = int(args.pop(0))
        else:
            files.append(arg)
    corpus = [open(f, "rb").read() for f in files]
    checksum = 0
    start = time.perf_counter()
    for _ in range(iterations):
        for raw in corpus:
            try:
                payload = json.loads(raw)
            except ValueError:
                continue
            if isinstance(payload, dict):
                checksum += touch(payload)
    seconds = time.perf_counter() - start
    total = iterations * len(corpus)
    print(json.dumps({"payloads": total, "seconds": seconds, "perSecond": round(total / seconds), "checksum": checksum}))


if __name__ == "__main__":
    main()
