"""Headless Chromium (Debian's `chromium`), driven through the DevTools protocol
over a websocket: pages loaded, keys pressed, text typed, the DOM read and the
accessibility tree Chromium builds for screen readers."""

from __future__ import annotations

import base64
import json
import os
import shutil
import subprocess
import time
import urllib.request
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from websockets.sync.client import ClientConnection, connect

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
AXE = Path(__file__).parent / "web" / "node_modules" / "axe-core" / "axe.min.js"
#: Where screenshots go for a person to look at (not committed).
ARTIFACTS = Path(os.environ.get("SIXDOT_ARTIFACTS", Path(__file__).parent.parent / "artifacts"))

#: Keys by name: (key, code, Windows virtual key code), as a keyboard sends them.
KEYS = {
    "Enter": ("Enter", "Enter", 13),
    "Tab": ("Tab", "Tab", 9),
    "Escape": ("Escape", "Escape", 27),
    "ArrowRight": ("ArrowRight", "ArrowRight", 39),
    "ArrowLeft": ("ArrowLeft", "ArrowLeft", 37),
    "ArrowUp": ("ArrowUp", "ArrowUp", 38),
    "ArrowDown": ("ArrowDown", "ArrowDown", 40),
    "Home": ("Home", "Home", 36),
    "End": ("End", "End", 35),
    "PageUp": ("PageUp", "PageUp", 33),
    "PageDown": ("PageDown", "PageDown", 34),
    "Space": (" ", "Space", 32),
    **{f"F{n}": (f"F{n}", f"F{n}", 111 + n) for n in range(1, 13)},
}
#: Modifier bits of Input.dispatchKeyEvent.
CTRL, SHIFT = 2, 8
#: The lines of the page's history: the items of one list, kept in parts.
LINES = "#history [role=listitem]"
#: The history's lines, and its urgent ones (the turn, a refusal: in bold).
HISTORY = f"[...document.querySelectorAll('{LINES}')].map(line => line.textContent)"
URGENT = f"[...document.querySelectorAll('{LINES}.urgent')].map(line => line.textContent)"


class Browser:
    """One headless Chromium with one page, stopped by `close`."""

    def __init__(
        self, folder: Path, headless: bool = True, env: Mapping[str, str] | None = None
    ) -> None:
        """Headless by default; with `headless` false, a window on the display
        `env` names (a screen reader's, scripts/orca-web-check)."""
        assert CHROMIUM is not None
        folder.mkdir(parents=True, exist_ok=True)
        args = [
            CHROMIUM,
            *(["--headless=new"] if headless else ["--window-position=0,0"]),
            "--disable-gpu",
            "--no-first-run",
            "--force-renderer-accessibility",
            f"--user-data-dir={folder}",
            "--remote-debugging-port=0",
            "--window-size=1280,800",
            "about:blank",
        ]
        if hasattr(os, "geteuid") and os.geteuid() == 0:
            args.insert(1, "--no-sandbox")  # Chromium refuses root without it
        self.process = subprocess.Popen(
            args,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
            env=None if env is None else dict(env),
        )
        port_file = folder / "DevToolsActivePort"
        deadline = time.monotonic() + 30
        while not port_file.exists() or not port_file.read_text().strip():
            assert time.monotonic() < deadline, "chromium did not open its DevTools port"
            time.sleep(0.05)
        port = port_file.read_text().split()[0]
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list") as answer:
            pages = [t for t in json.load(answer) if t["type"] == "page"]
        self.ws: ClientConnection = connect(
            pages[0]["webSocketDebuggerUrl"], max_size=None, legacy=True
        )
        self._id = 0
        self.call("Page.enable")
        self.call("Accessibility.enable")

    def call(self, method: str, **params: Any) -> dict[str, Any]:
        """A DevTools command's result; events meanwhile are passed over."""
        self._id += 1
        self.ws.send(json.dumps({"id": self._id, "method": method, "params": params}))
        while True:
            answer = json.loads(self.ws.recv(30))
            if answer.get("id") == self._id:
                assert "error" not in answer, answer["error"]
                result: dict[str, Any] = answer["result"]
                return result

    def open(self, url: str) -> None:
        self.call("Page.navigate", url=url)
        self.wait("document.readyState === 'complete'")

    def page(self, server_url: str) -> None:
        """The web client's page of the server at `server_url` (ws://), connected."""
        self.open(server_url.replace("ws://", "http://") + "/")
        self.wait("document.getElementById('status').textContent.startsWith('Connected to')")

    def send(self, line: str) -> None:
        """Type `line` where the focus is and press Enter."""
        self.type(line)
        self.key("Enter")

    def playing(self, url: str, create: str, name: str = "Ana") -> None:
        """Open the page, register `name`, create a table (`create`'s words
        after "create") and start it."""
        self.page(url)
        self.register(name)
        self.send(f"create {create}")
        self.send("start")

    def register(self, name: str, password: str = "password1") -> None:
        """Register `name` by keyboard alone: the name field has the focus; Tab
        to the password, Tab twice to Register, Enter; then logged in."""
        self.type(name)
        self.key("Tab")
        self.type(password)
        self.key("Tab")
        self.key("Tab")
        self.key("Enter")
        self.wait(f"{HISTORY}.some(line => line.startsWith('Logged in as {name}'))")

    def js(self, expression: str) -> Any:
        result = self.call(
            "Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True
        )
        return result["result"].get("value")

    def axe(self) -> list[dict[str, Any]]:
        """axe-core's violations on the page as it stands (the npm package, installed
        by scripts/test into tests/web); each with its rule id, impact and nodes."""
        if not self.js("typeof axe !== 'undefined'"):
            self.js(AXE.read_text(encoding="utf-8"))
        found: list[dict[str, Any]] = self.js(
            "axe.run(document, {resultTypes: ['violations']}).then(r => r.violations"
            ".map(v => ({id: v.id, impact: v.impact, nodes: v.nodes.map(n => n.html)})))"
        )
        return found

    def screenshot(self, path: Path, width: int, height: int) -> None:
        """The page at `width` x `height` CSS pixels, as a PNG a person can look at."""
        self.viewport(width, height)
        self.capture(path)
        self.call("Emulation.clearDeviceMetricsOverride")

    def viewport(self, width: int, height: int, scale: float = 1, touch: bool = False) -> None:
        """A window of `width` x `height` CSS pixels, `scale` device pixels each
        (a 1280 x 800 window at 200% zoom is 640 x 400 at scale 2); with
        `touch`, a phone's: a touch screen, its pointer coarse."""
        self.call(
            "Emulation.setDeviceMetricsOverride",
            width=width,
            height=height,
            deviceScaleFactor=scale,
            mobile=touch or width < 600,
        )
        self.call("Emulation.setTouchEmulationEnabled", enabled=touch, maxTouchPoints=5)

    def capture(self, path: Path) -> None:
        """The page as it is shown now, as a PNG a person can look at."""
        shot = self.call("Page.captureScreenshot", format="png")["data"]
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(base64.b64decode(shot))

    def tap(self, selector: str) -> None:
        """A finger's tap on the middle of the first element `selector` finds,
        scrolled into view first."""
        box = self.js(
            f"(() => {{ const e = document.querySelector({selector!r});"
            " e.scrollIntoView({block: 'center'}); const r = e.getBoundingClientRect();"
            " return [r.x + r.width / 2, r.y + r.height / 2]; })()"
        )
        point = [{"x": box[0], "y": box[1]}]
        self.call("Input.dispatchTouchEvent", type="touchStart", touchPoints=point)
        self.call("Input.dispatchTouchEvent", type="touchEnd", touchPoints=[])

    def wait(self, expression: str, timeout: float = 30) -> Any:
        deadline = time.monotonic() + timeout
        while not (value := self.js(expression)):
            assert time.monotonic() < deadline, f"never true: {expression}"
            time.sleep(0.05)
        return value

    def key(self, name: str, shift: bool = False, ctrl: bool = False) -> None:
        """Press and release key `name` (of KEYS), or a character such as "?"."""
        key, code, number = KEYS.get(name, (name, "", ord(name.upper()[:1])))
        common: dict[str, Any] = {"key": key, "code": code, "windowsVirtualKeyCode": number}
        if shift or ctrl:
            common["modifiers"] = (SHIFT if shift else 0) | (CTRL if ctrl else 0)
        text = {"Enter": "\r", "Space": " "}.get(name, name if len(name) == 1 else "")
        typed = {"text": text} if text and not ctrl else {}
        self.call("Input.dispatchKeyEvent", type="keyDown", **common, **typed)
        self.call("Input.dispatchKeyEvent", type="keyUp", **common)

    def type(self, text: str) -> None:
        self.call("Input.insertText", text=text)

    def ax_tree(self) -> list[dict[str, Any]]:
        nodes: list[dict[str, Any]] = self.call("Accessibility.getFullAXTree")["nodes"]
        return nodes

    def close(self) -> None:
        try:
            self.ws.close()
        finally:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
