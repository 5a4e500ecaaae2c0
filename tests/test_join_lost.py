"""`sixdot join` when no sixdot server answers (issue 34): a web server or
another service where the server was is said in one line on stderr, and
join exits non-zero, piped or at a terminal. Before, meeting one on
reconnecting printed a thread's traceback, then join exited 0 once its input
ended; meeting one at the start was a traceback too.

A real `sixdot serve` (on a thread) that stops, and a plain HTTP server on
loopback that takes its port; join is the real program, piped or in a pty.
"""

from __future__ import annotations

import contextlib
import os
import queue
import subprocess
import sys
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from clienttools import PtyClient
from sixdot.server.background import Background
from test_join_pty import register
from test_server import QUICK


class NotSixdot(BaseHTTPRequestHandler):
    """A web page at every address, websocket or not."""

    protocol_version = "HTTP/1.1"

    def do_GET(self) -> None:
        body = b"Just a web page.\n"
        self.send_response(200)
        self.send_header("Content-Type", "text/plain")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:
        del format, args  # the test's output stays its own


@contextlib.contextmanager
def web_server(port: int) -> Iterator[str]:
    """A plain HTTP server on loopback at `port` (0: any): its ws:// URL."""
    ThreadingHTTPServer.allow_reuse_address = True
    httpd = ThreadingHTTPServer(("127.0.0.1", port), NotSixdot)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"ws://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join(10)


def said_not_sixdot(url: str) -> str:
    return (
        f"No sixdot server at {url}: server rejected WebSocket connection: HTTP 200."
        " Check the address and port."
    )


def port_of(url: str) -> int:
    return int(url.rsplit(":", 1)[1])


def test_a_web_server_where_the_server_was_ends_a_piped_join_with_one_line(
    tmp_path: Path,
) -> None:
    with Background(tmp_path / "server", hasher=QUICK) as server:
        url = server.url
        child = subprocess.Popen(
            [sys.executable, "-m", "sixdot", "join", "--plain", url],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        assert child.stdin is not None and child.stdout is not None
        lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=lambda: [lines.put(x) for x in child.stdout], daemon=True).start()
        child.stdin.write("register Zed\npassword1\npassword1\n")
        child.stdin.flush()
        while "Logged in as Zed" not in lines.get(timeout=30):
            pass
    # The server is gone; a web server takes its port while join tries again.
    # Its input stays open: join ends of itself.
    try:
        with web_server(port_of(url)):
            code = child.wait(60)
    finally:
        child.kill()
    assert child.stderr is not None
    assert (code, child.stderr.read()) == (1, said_not_sixdot(url) + "\n")
    heard = list(lines.queue)
    assert "Connection lost: trying again." in [line.strip() for line in heard]


def test_a_web_server_where_the_server_was_ends_join_at_a_terminal(tmp_path: Path) -> None:
    with Background(tmp_path / "server", hasher=QUICK) as server:
        url = server.url
        pty = PtyClient("join", url, rows=30, columns=160)
        register(pty)
    try:
        with web_server(port_of(url)):
            assert pty.wait_exit(60) == 1
        lines = pty.output_lines()
        assert said_not_sixdot(url) in lines
        assert not any("Traceback" in line for line in lines)
    finally:
        pty.close()


def test_a_web_server_at_the_start_is_said_in_one_line() -> None:
    with web_server(0) as url:
        done = subprocess.run(
            [sys.executable, "-m", "sixdot", "join", "--plain", url],
            input="",
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert (done.returncode, done.stdout, done.stderr) == (2, "", said_not_sixdot(url) + "\n")


def test_an_address_not_ws_is_said_in_one_line() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "sixdot", "join", "--plain", "http://127.0.0.1:1"],
        input="",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.startswith("Cannot connect to http://127.0.0.1:1: ")
    assert len(done.stderr.splitlines()) == 1
