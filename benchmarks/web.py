"""The web client in headless Chromium against `sixdot serve` on loopback (issue 33).

Run from the repository root:  .venv/bin/python benchmarks/web.py [--games 3]

1. The page's transfer size: every file a browser fetches for it (the HTML, the
   CSS, the JavaScript module), uncompressed. Target: under 150 KB.
2. Time to the lobby: from navigation to "Connected." on the page.
3. An event to its line, the issue's figure: in whole games of Alphabeticell
   for three (two random bots), from the moment the server sends a seat's
   event frame (`step`: a move, the deal) to the moment its first line is in
   the page's log region: the outbox, the server's seat for the browser
   (sixdot join's client mind and the presenters), the websocket and the
   page. The server runs in this process, so its side is stamped where it
   sends (`Client.send`), the page's with `performance.timeOrigin + now()`,
   both the machine's clock. Target: p99 at most 50 ms. Each game's own
   figures are printed with the history's length: the page keeps every line,
   so a figure growing with them is rendering work that does (a history of
   one <ol> made each game's p99 grow from 51 ms at 578 lines to 122 ms at
   1,759; kept in parts, only those in sight rendered, it stays flat).
4. A move to its line: at each of the player's turns Enter is pressed on "1"
   in the command field, and the page notes (performance.now, in the page) the
   key press and the first line the server's answer adds to the history: the
   browser, the websocket, the server's seat and the rules, there and back.
5. The page's work per event, by game: the CPU time of the page's main thread
   (Chromium's ThreadTime metric: the handlers, style, layout, paint and the
   accessibility tree's updates, and the DevTools calls that drive it) over
   the game's events. The machine's load stretches the figures above (the
   page's thread waits for a core) but hardly this one, so it shows whether
   the page's work grows with its history.

Results are percentiles and ratios to the targets (at most 1.0 meets them),
saved to benchmarks/results/web.json with the load average.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent
sys.path[:0] = [str(HERE), str(HERE.parent / "tests")]

from common import load_average, percentile, rounded  # noqa: E402
from sixdot.server.app import Client  # noqa: E402
from sixdot.server.background import Background  # noqa: E402
from sixdot.web import PAGES  # noqa: E402
from sixdot.web.bridge import WebSeat  # noqa: E402
from test_server import QUICK  # noqa: E402
from webtools import LINES, Browser  # noqa: E402

#: Notes each Enter pressed on a move ("1") and each line added to the history,
#: in the page's clock; and each line added to the log region, in the machine's.
WATCH = """
// The lines among the nodes added to the history (its parts are not lines).
window.__lines = changes => changes.flatMap(change => [...change.addedNodes])
  .filter(node => node.nodeType === 1 && node.getAttribute('role') === 'listitem');
window.__marks = [];
window.__logged = [];
document.addEventListener('keydown', e => {
  if (e.key === 'Enter' && document.activeElement.value === '1')
    window.__marks.push(['key', performance.now()]);
}, true);
new MutationObserver(changes => {
  if (window.__lines(changes).length) window.__marks.push(['line', performance.now()]);
}).observe(document.getElementById('history'), {childList: true, subtree: true});
new MutationObserver(changes => {
  const at = performance.timeOrigin + performance.now();
  for (const change of changes)
    for (const node of change.addedNodes) window.__logged.push([node.textContent, at]);
}).observe(document.getElementById('log'), {childList: true});
// What the driving loop asks, counted as lines come, so that asking costs the
// page nothing: turns asked (urgent lines), games started and ended, and
// whether the newest line is the table's (the lobby after a game over).
window.__seen = {urgent: 0, started: 0, over: 0, table: false};
new MutationObserver(changes => {
  const seen = window.__seen;
  for (const node of window.__lines(changes)) {
    const text = node.textContent;
    if (node.classList.contains('urgent')) seen.urgent++;
    if (text.endsWith(': the game starts.')) seen.started++;
    if (text.includes('Game over.')) seen.over++;
    seen.table = text.startsWith('Table');
  }
}).observe(document.getElementById('history'), {childList: true, subtree: true});
true
"""
#: The counts, at once if a turn came or a game ended since the driving loop
#: last looked (`answered` turns, `over` games), else once the history changes
#: (or after a second): the loop waits in the page for news instead of asking
#: every few milliseconds, which took the page's main thread from the lines
#: it was measured on.
NEWS = """new Promise(done => {
  const seen = () => done(window.__seen);
  if (window.__seen.urgent > %(answered)d || window.__seen.over > %(over)d) return seen();
  const watch = new MutationObserver(() => { watch.disconnect(); seen(); });
  watch.observe(document.getElementById('history'), {childList: true, subtree: true});
  setTimeout(() => { watch.disconnect(); seen(); }, 1000);
})"""


class Stamps:
    """The server's side of an event's way, stamped in this process: when each
    event frame for a browser is sent, and the first line it comes to."""

    def __init__(self) -> None:
        #: Each event frame's first line, when the frame was sent and when its
        #: lines left the seat for the browser (ms).
        self.sent: list[tuple[str, float, float]] = []
        self._at: dict[int, float] = {}

    def install(self) -> None:
        stamps = self
        send, hear, tell = Client.send, WebSeat.hear, WebSeat._send

        def sending(client: Client, frame: dict[str, Any] | bytes) -> None:
            before = client.queued
            send(client, frame)
            if client.queued == before:  # not queued: the client was behind
                return
            data = client.outbox._queue[-1]  # type: ignore[attr-defined]  # the very frame
            if data is not None and json.loads(data).get("type") == "step":
                stamps._at[id(data)] = time.time() * 1000

        async def hearing(seat: WebSeat, frame: bytes) -> None:
            seat.__dict__["stamp"] = stamps._at.pop(id(frame), None)
            try:
                await hear(seat, frame)
            finally:
                seat.__dict__["stamp"] = None

        async def telling(seat: WebSeat, kind: str, **fields: Any) -> None:
            stamp = seat.__dict__.get("stamp")
            if kind == "lines" and stamp is not None and not fields["urgent"]:
                stamps.sent.append((fields["lines"][0], stamp, time.time() * 1000))
                seat.__dict__["stamp"] = None  # the frame's first line only
            await tell(seat, kind, **fields)

        Client.send = sending  # type: ignore[method-assign]
        WebSeat.hear = hearing  # type: ignore[method-assign]
        WebSeat._send = telling  # type: ignore[method-assign]


def event_delays(
    sent: list[tuple[str, float, float]], logged: list[list[Any]]
) -> list[tuple[float, float]]:
    """From each event frame sent to its first line in the log region, and the
    part of it in the server (until the seat sent the lines), in ms: the log
    holds the lines in the order they were sent, among others."""
    found, at = [], 0
    for line, stamp, told in sent:
        while at < len(logged) and logged[at][0] != line:
            at += 1
        if at == len(logged):
            break
        found.append((float(logged[at][1]) - stamp, told - stamp))
        at += 1
    return found


def delays(marks: list[list[object]]) -> list[float]:
    """From each Enter to the first line after it, in milliseconds."""
    found, pressed = [], None
    for kind, at in marks:
        if kind == "key":
            pressed = at
        elif pressed is not None:
            found.append(float(at) - float(pressed))  # type: ignore[arg-type]
            pressed = None
    return found


def thread_time(browser: Browser) -> float:
    """The CPU time of the page's main thread so far (since Performance.enable), in ms."""
    metrics = browser.call("Performance.getMetrics")["metrics"]
    return float(next(m["value"] for m in metrics if m["name"] == "ThreadTime")) * 1000


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=3)
    args = parser.parse_args()
    stamps = Stamps()
    stamps.install()
    with (
        tempfile.TemporaryDirectory() as folder,
        Background(Path(folder) / "server", hasher=QUICK) as server,
    ):
        base = server.url.replace("ws://", "http://")
        size = sum(len(urllib.request.urlopen(base + path).read()) for path in PAGES)
        browser = Browser(Path(folder) / "chromium")
        try:
            started = time.monotonic()
            browser.page(server.url)
            to_lobby = (time.monotonic() - started) * 1000
            browser.js(WATCH)
            browser.register("Ana")
            samples: list[float] = []
            events: list[tuple[float, float]] = []
            games: list[dict[str, object]] = []
            browser.call("Performance.enable", timeDomain="threadTicks")
            worked = thread_time(browser)
            for game in range(args.games):
                browser.send("create alphabeticell 3 bots=random target=10")
                answered = browser.js("window.__seen.urgent")  # before the first turn
                browser.send("start")
                # This game under way, so the last one's end is not taken for its own.
                browser.wait(f"window.__seen.started > {game}")
                while True:
                    seen = browser.js(NEWS % {"answered": answered, "over": game})
                    if seen["over"] > game and seen["table"]:
                        break
                    if seen["urgent"] > answered:
                        answered = seen["urgent"]
                        browser.send("1")
                samples = delays(browser.js("window.__marks"))
                before = len(events)
                events = event_delays(stamps.sent, browser.js("window.__logged"))
                # Each game's own figures beside the history's length: the
                # page keeps every line, and its rendering must not grow with them.
                own = [e[0] for e in events[before:]] or [0.0]
                own50, own99 = percentile(own, 50), percentile(own, 99)
                lines = browser.js(f"document.querySelectorAll('{LINES}').length")
                started_at, worked = worked, thread_time(browser)
                work = (worked - started_at) / max(1, len(own))
                games.append(
                    {
                        "history_lines": lines,
                        "event_p99": rounded(own99),
                        "page_cpu_ms_per_event": rounded(work),
                    }
                )
                print(
                    f"game {game + 1}: {len(samples)} moves, {len(events)} events; this game's"
                    f" event to line p50 {own50:.1f} ms, p99 {own99:.1f} ms; history {lines} lines;"
                    f" the page's CPU {work:.2f} ms an event",
                    flush=True,
                )
        finally:
            browser.close()
    p50, p99 = percentile(samples, 50), percentile(samples, 99)
    whole, inside = [e[0] for e in events], [e[1] for e in events]
    e50, e99 = percentile(whole, 50), percentile(whole, 99)
    result = {
        "page_bytes": size,
        "page_ratio": rounded(size / 150_000),
        "to_lobby_ms": rounded(to_lobby),
        "event_to_line_ms": {
            "p50": rounded(e50),
            "p99": rounded(e99),
            "min": rounded(min(whole)),
            "events": len(events),
            # Of which in the server: the outbox and the seat's words.
            "server_p50": rounded(percentile(inside, 50)),
            "server_p99": rounded(percentile(inside, 99)),
        },
        "event_ratio": rounded(e99 / 50),
        "move_to_line_ms": {"p50": rounded(p50), "p99": rounded(p99), "moves": len(samples)},
        "move_ratio": rounded(p99 / 50),
        "games": games,
        "load": rounded(load_average()),
    }
    print(json.dumps(result, indent=2))
    out = HERE / "results" / "web.json"
    out.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
