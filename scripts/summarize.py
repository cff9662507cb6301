"""Prints `herald inspect --json` lines as a short block each, for `make demo`."""
import json
import sys

for line in sys.stdin:
    n = json.loads(line)
    alert = n["alert"]
    text = " / ".join(x for x in (alert["title"], alert["body"]) if x) or "(silent)"
    media = ", ".join(a["url"] + (f" ({a['type']})" if a["type"] else "") for a in n["attachments"]) or "-"
    pad = " " * 14
    print(f"{n['provider']:<13} id={n['id'] or '-'}")
    print(f"{pad}alert: {text}")
    print(f"{pad}link:  {n['link'] or '-'}")
    print(f"{pad}media: {media}")
    print(f"{pad}data:  {json.dumps(n['data'], ensure_ascii=False, sort_keys=True)}")
