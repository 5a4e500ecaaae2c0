"""The web client in headless Chromium against `sixdot serve` on loopback (issue 33).

Run from the repository root:  .venv/bin/python benchmarks/web.py [--games 3]

1. The page's transfer size: every file a browser fetches for it (the HTML, the
   CSS, the JavaScript module), uncompressed. Target: under 150 KB.
2. Time to the lobby: from navigation to "Connected." on the page.
3. A move to its line: at each of the player's turns in whole games of
   Alphabeticell for three (two random bots), Enter is pressed on "1" in the
   command field, and the page notes (performance.now, in the page) the key
   press and the first line the server's answer adds to the history: the
   browser, the websocket, the server's seat (sixdot join's client mind) and
   the rules, there and back. Target: p99 at most 50 ms.

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

HERE = Path(__file__).parent
sys.path[:0] = [str(HERE), str(HERE.parent / "tests")]

from common import load_average, percentile, rounded  # noqa: E402
from sixdot.server.background import Background  # noqa: E402
from sixdot.web import PAGES  # noqa: E402
from test_server import QUICK  # noqa: E402
from webtools import Browser  # noqa: E402

#: Notes each Enter pressed on a move ("1") and each line added to the history,
#: in the page's clock.
WATCH = """
window.__marks = [];
document.addEventListener('keydown', e => {
  if (e.key === 'Enter' && document.activeElement.value === '1')
    window.__marks.push(['key', performance.now()]);
}, true);
new MutationObserver(() => window.__marks.push(['line', performance.now()]))
  .observe(document.getElementById('history'), {childList: true});
true
"""
URGENT = "document.querySelectorAll('#history li.urgent').length"


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


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=3)
    args = parser.parse_args()
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
            for game in range(args.games):
                browser.type("create alphabeticell 3 bots=random target=10")
                browser.key("Enter")
                browser.type("start")
                browser.key("Enter")
                answered = browser.js(URGENT)
                while not browser.js(
                    "[...document.querySelectorAll('#history li')].at(-1)"
                    ".textContent.startsWith('Table')"
                    " && document.body.textContent.includes('Game over.')"
                ):
                    asked = browser.js(URGENT)
                    if asked > answered:
                        answered = asked
                        browser.type("1")
                        browser.key("Enter")
                    time.sleep(0.01)
                samples = delays(browser.js("window.__marks"))
                print(f"game {game + 1}: {len(samples)} moves so far", flush=True)
        finally:
            browser.close()
    p50, p99 = percentile(samples, 50), percentile(samples, 99)
    result = {
        "page_bytes": size,
        "page_ratio": rounded(size / 150_000),
        "to_lobby_ms": rounded(to_lobby),
        "move_to_line_ms": {"p50": rounded(p50), "p99": rounded(p99), "moves": len(samples)},
        "move_ratio": rounded(p99 / 50),
        "load": rounded(load_average()),
    }
    print(json.dumps(result, indent=2))
    out = HERE / "results" / "web.json"
    out.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
