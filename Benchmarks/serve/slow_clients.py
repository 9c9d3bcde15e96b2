#!/usr/bin/env python3
"""Slow clients against a running `beckon serve` (standard library only):

    python3 Benchmarks/serve/slow_clients.py PORT [CONNECTIONS (3000)] [GAP s (1)] [SECONDS (30)]

opens CONNECTIONS connections, each sending a request line and then one header line every GAP
seconds without ever ending its head, and meanwhile asks `GET /healthz` on a connection of its
own once a second. It prints when the server closed the slow connections (seconds from the
start), what each was answered (408 past `--header-timeout`, 503 past `--max-connections`), and
the normal requests' times or errors. Raise `ulimit -n` above CONNECTIONS first."""
import select
import socket
import sys
import time
import urllib.error
import urllib.request

port = int(sys.argv[1])
count = int(sys.argv[2]) if len(sys.argv) > 2 else 3000
gap = float(sys.argv[3]) if len(sys.argv) > 3 else 1.0
duration = float(sys.argv[4]) if len(sys.argv) > 4 else 30.0

start = time.time()
slow = {}  # socket -> [bytes read, seconds when the server closed it or None]
failed = 0
for _ in range(count):
    try:
        connection = socket.create_connection(("127.0.0.1", port))
        connection.setblocking(False)
        connection.send(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")
        slow[connection] = [b"", None]
    except OSError:
        failed += 1
print(f"opened {len(slow)} connections ({failed} failed) in {time.time() - start:.1f} s", flush=True)

last_line = last_normal = 0.0
normal = []
while time.time() - start < duration and any(state[1] is None for state in slow.values()):
    poller, by_fd = select.poll(), {}
    for connection, state in slow.items():
        if state[1] is None:
            poller.register(connection, select.POLLIN)
            by_fd[connection.fileno()] = connection
    for fd, _ in poller.poll(200):
        connection = by_fd[fd]
        try:
            data = connection.recv(4096)
        except OSError:
            data = b""
        if data:
            slow[connection][0] += data
        else:
            slow[connection][1] = time.time() - start
    if time.time() - last_line >= gap:
        last_line = time.time()
        for connection, state in slow.items():
            if state[1] is None:
                try:
                    connection.send(b"X-Line: x\r\n")
                except OSError:
                    pass
    if time.time() - last_normal >= 1:
        last_normal = time.time()
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=5).read()
            normal.append(f"{(time.time() - last_normal) * 1000:.0f} ms")
        except urllib.error.HTTPError as error:
            normal.append(str(error.code))
        except OSError as error:
            normal.append(type(error).__name__)

closed = sorted(state[1] for state in slow.values() if state[1] is not None)
answers = {}
for data, _ in slow.values():
    status = data[:12].decode(errors="replace") or "nothing"
    answers[status] = answers.get(status, 0) + 1
if closed:
    print(f"closed by the server: {len(closed)} of {len(slow)}, the first at {closed[0]:.1f} s, the last at {closed[-1]:.1f} s")
else:
    print(f"closed by the server: none of {len(slow)} within {duration:.0f} s")
print("answered:", ", ".join(f"{n} × {status}" for status, n in sorted(answers.items())))
print("GET /healthz meanwhile, once a second:", " ".join(normal))
