"""The web client: `sixdot serve` serves a page on its own port, and each
browser's seat is played through the same client mind as `sixdot join`.

- `static/`: the page (plain HTML, CSS and a JavaScript module; no build step).
  It shows and announces lines and walks the focus list; it makes no words.
- `bridge.py`: one browser's link. The server runs a `Listener` for it (the
  desk, the move reader, the presenters, the phrasebook), connected to the
  server like any client, and sends the browser the lines that come of it
  and the focus list as data. So the page says exactly what the terminal
  says, from one set of presenters (docs/architecture.md says why).
"""

from __future__ import annotations

from importlib.resources import files

#: The page's files by path, with their content types; nothing else is served.
PAGES = {
    "/": ("index.html", "text/html; charset=utf-8"),
    "/app.js": ("app.js", "text/javascript; charset=utf-8"),
    "/app.css": ("app.css", "text/css; charset=utf-8"),
}
#: The path a browser's websocket opens (every other websocket is the protocol's).
WEB_PATH = "/web"


def page(path: str) -> tuple[bytes, str] | None:
    """The file served at `path` and its content type; None: not one of the page's."""
    found = PAGES.get(path.split("?", 1)[0])
    if found is None:
        return None
    name, kind = found
    return files("sixdot.web").joinpath("static", name).read_bytes(), kind
