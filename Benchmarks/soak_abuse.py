"""The abuse probes of `make soak` that need the gateway's API (issue-level attacks, each
with what a legitimate client got while it ran). Used by soak_probe.py.

- `keyless_bodies`: 64 connections send the head of a console sign-in (no key) that
  announces a 1 MiB body, hold it, and reconnect as soon as the server lets go; meanwhile
  another app registers devices and publishes every 0.1 s: how many were refused.
- `client_key_flood`: the client key from one address as fast as two keep-alive
  connections go, while a registered device asks for itself every 0.2 s with its own
  key (5 a second, as busy as a real device gets, within its own limit of 10): how many
  of the device's requests were answered.
- `receipt_wave`: 5,000 devices registered from 20 addresses report delivered and opened
  for one publish within 30 s at the default limits: how many receipts got 429.
- `reconnect_storm`: 1,100 connections from 5 addresses that reconnect the moment the
  server closes them, while /healthz is asked every 0.25 s from another address.
"""
import http.client
import json
import selectors
import socket
import threading
import time

MIB = 1 << 20


def request(conn, method, path, key=None, body=None):
    """One request on a keep-alive `http.client` connection: (status, parsed JSON or None)."""
    headers = {"Content-Type": "application/json"}
    if key:
        headers["Authorization"] = f"Bearer {key}"
    conn.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
    response = conn.getresponse()
    data = response.read()
    try:
        return response.status, json.loads(data) if data else None
    except ValueError:
        return response.status, None


def connection(port, source="127.0.0.1"):
    return http.client.HTTPConnection("127.0.0.1", port, timeout=10, source_address=(source, 0))


def safe(conn_factory, method, path, key=None, body=None):
    """A request on a fresh connection; 'error' when the connection failed."""
    conn = conn_factory()
    try:
        return request(conn, method, path, key, body)[0]
    except OSError:
        return "error"
    finally:
        conn.close()


def keyless_bodies(port, app, seconds=30, holders=64):
    """Sign-in heads announcing 1 MiB, held, while `app` registers and publishes."""
    head = (b"POST /v1/console/session HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"X-Herald-Console: 1\r\nContent-Length: " + str(MIB).encode() + b"\r\n\r\n")
    stop = threading.Event()
    holds = [0]

    def hold():
        while not stop.is_set():
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1) as s:
                    s.sendall(head)
                    holds[0] += 1
                    while not stop.is_set():
                        try:
                            if not s.recv(4096):
                                break
                        except socket.timeout:
                            continue
            except OSError:
                time.sleep(0.01)

    threads = [threading.Thread(target=hold, daemon=True) for _ in range(holders)]
    for thread in threads:
        thread.start()
    time.sleep(1)
    statuses = {}
    ends = time.time() + seconds
    n = 0
    while time.time() < ends:
        n += 1
        token = f"{n:08x}" + "ab" * 28
        for status in (
            safe(lambda: connection(port), "POST", f"/v1/apps/{app['appId']}/devices", app["clientKey"],
                 {"token": token, "environment": "production", "interests": ["soak"]}),
            safe(lambda: connection(port), "POST", f"/v1/apps/{app['appId']}/publishes", app["serverKey"],
                 {"interests": ["nobody"], "notification": {"title": "soak"}}),
        ):
            statuses[status] = statuses.get(status, 0) + 1
        time.sleep(0.1)
    stop.set()
    for thread in threads:
        thread.join(timeout=5)
    return {"statuses": statuses, "holds": holds[0]}


def client_key_flood(port, app, seconds=20):
    """The client key flooding from 127.0.0.2 while one device asks for itself."""
    conn = connection(port, "127.0.0.3")
    status, answer = request(conn, "POST", f"/v1/apps/{app['appId']}/devices", app["clientKey"],
                             {"token": "cd" * 32, "environment": "production"})
    conn.close()
    if status != 201:
        raise SystemExit(f"soak: the device could not register ({status}: {answer})")
    device, device_key = answer["deviceId"], answer["deviceKey"]
    stop = threading.Event()
    flood = {"sent": 0, "429": 0}

    def attack(index):
        conn = connection(port, "127.0.0.2")
        n = 0
        while not stop.is_set():
            n += 1
            try:
                status, _ = request(conn, "POST", f"/v1/apps/{app['appId']}/devices", app["clientKey"],
                                    {"token": f"{index:02x}{n:014x}" + "ef" * 24, "environment": "production"})
            except (OSError, http.client.HTTPException):
                conn.close()
                conn = connection(port, "127.0.0.2")
                continue
            flood["sent"] += 1
            flood["429"] += status == 429
        conn.close()

    attackers = [threading.Thread(target=attack, args=(i,), daemon=True) for i in range(2)]
    started = time.time()
    for thread in attackers:
        thread.start()
    answered, asked = 0, 0
    conn = connection(port, "127.0.0.1")
    while time.time() < started + seconds:
        asked += 1
        try:
            status, _ = request(conn, "GET", f"/v1/apps/{app['appId']}/devices/{device}", device_key)
            answered += status == 200
        except (OSError, http.client.HTTPException):
            conn.close()
            conn = connection(port, "127.0.0.1")
        time.sleep(0.2)
    stop.set()
    elapsed = time.time() - started
    for thread in attackers:
        thread.join(timeout=5)
    conn.close()
    return {"answered": answered, "asked": asked, "flood_rate": flood["sent"] / elapsed, "flood_429": flood["429"],
            "flood_sent": flood["sent"]}


def receipt_wave(port, app, devices=5000, seconds=30):
    """`devices` devices on interest `wave`, one publish to them, then each reports
    delivered and opened, spread over `seconds`."""
    keys = []
    lock = threading.Lock()

    def register(part):
        conn = connection(port, f"127.0.1.{part + 1}")
        for n in range(part, devices, 20):
            status, answer = request(conn, "POST", f"/v1/apps/{app['appId']}/devices", app["clientKey"],
                                     {"token": f"{n:08x}" + "77" * 28, "environment": "production",
                                      "interests": ["wave"]})
            if status != 201:
                raise SystemExit(f"soak: registration {n} got {status}: {answer}")
            with lock:
                keys.append((answer["deviceId"], answer["deviceKey"]))
        conn.close()

    workers = [threading.Thread(target=register, args=(part,)) for part in range(20)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    conn = connection(port)
    status, answer = request(conn, "POST", f"/v1/apps/{app['appId']}/publishes", app["serverKey"],
                             {"interests": ["wave"], "notification": {"title": "wave"}})
    publish = answer["publishId"]
    while True:
        _, state = request(conn, "GET", f"/v1/apps/{app['appId']}/publishes/{publish}", app["serverKey"])
        if state["status"] in ("done", "failed", "cancelled"):
            break
        time.sleep(0.2)
    conn.close()
    statuses = {}
    reports = [(device, key, event) for event in ("delivered", "opened") for device, key in keys]
    started = time.time()

    def report(part, parts):
        conn = connection(port)
        for index in range(part, len(reports), parts):
            target = started + seconds * index / len(reports)
            time.sleep(max(0, target - time.time()))
            device, key, event = reports[index]
            try:
                status, _ = request(conn, "POST", f"/v1/apps/{app['appId']}/events", key,
                                    {"events": [{"publishId": publish, "event": event, "at": time.time()}]})
            except (OSError, http.client.HTTPException):
                status = "error"
                conn.close()
                conn = connection(port)
            with lock:
                statuses[status] = statuses.get(status, 0) + 1
        conn.close()

    reporters = [threading.Thread(target=report, args=(part, 8)) for part in range(8)]
    for thread in reporters:
        thread.start()
    for thread in reporters:
        thread.join()
    return {"statuses": statuses, "seconds": time.time() - started, "devices": len(keys)}


def reconnect_storm(port, health_checker, addresses=5, per_address=220, seconds=30):
    """Connections from 127.0.0.2-6 that send half a head and reconnect the moment the
    server closes them (or answers 503), while /healthz is asked from 127.0.0.1."""
    selector = selectors.DefaultSelector()
    counts = {"connects": 0}

    def open_one(source):
        s = socket.socket()
        s.bind((source, 0))
        s.setblocking(False)
        try:
            s.connect(("127.0.0.1", port))
        except BlockingIOError:
            pass
        except OSError:
            s.close()
            return
        counts["connects"] += 1
        selector.register(s, selectors.EVENT_WRITE, source)

    sources = [f"127.0.0.{i}" for i in range(2, 2 + addresses)]
    for source in sources:
        for _ in range(per_address):
            open_one(source)
    stop, results = threading.Event(), []
    checker = threading.Thread(target=health_checker, args=(port, stop, results))
    checker.start()
    ends = time.time() + seconds
    while time.time() < ends:
        for key, events in selector.select(timeout=0.05):
            s, source = key.fileobj, key.data
            if events & selectors.EVENT_WRITE:
                try:
                    s.send(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")
                    selector.modify(s, selectors.EVENT_READ, source)
                    continue
                except OSError:
                    pass
            try:
                if s.recv(4096):
                    pass  # an answer (503, 408): the server is closing it
            except OSError:
                pass
            selector.unregister(s)
            s.close()
            open_one(source)
    stop.set()
    checker.join()
    for key in list(selector.get_map().values()):
        key.fileobj.close()
    answered = sum(1 for ok, _, _ in results if ok)
    slowest = max((t for ok, t, _ in results if ok), default=float("nan"))
    return {"answered": answered, "asked": len(results), "slowest_ms": slowest * 1000, "connects": counts["connects"],
            "refused_at": [at for ok, _, at in results if not ok]}
