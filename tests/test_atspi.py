"""A screen reader that reads the terminal is not doubled by sixdot's speech (issue 30).

Each test starts a desktop's accessibility plumbing of its own: a session
bus (dbus-daemon) and the accessibility bus with its registry
(at-spi-bus-launcher, as a desktop starts it). A screen reader is what
asks that registry for inserted text, as Orca does; the tests ask the same
way, over the real bus, and sixdot's `screenreader` mode then leaves every
line to it: a real speech-dispatcher hears nothing from sixdot.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from clienttools import run
from sixdot.output.atspi import TEXT_INSERTED, reads_terminal, registered_events
from sixdot.output.speech import NOTICE_READ

LAUNCHER = "/usr/libexec/at-spi-bus-launcher"

pytestmark = pytest.mark.skipif(
    not (shutil.which("dbus-daemon") and os.path.exists(LAUNCHER)),
    reason="dbus-daemon and at-spi2-core (scripts/system-packages)",
)


@pytest.fixture
def desktop(tmp_path: Path) -> Iterator[dict[str, str]]:
    """The environment of a program on a desktop with the accessibility bus
    on, in a VTE terminal: the session bus's address and VTE_VERSION."""
    home = tmp_path / "home"
    (home / "run").mkdir(parents=True)
    (home / "run").chmod(0o700)
    env = {
        **os.environ,
        "HOME": str(home),
        "XDG_RUNTIME_DIR": str(home / "run"),
        "VTE_VERSION": "7006",
    }
    env.pop("DISPLAY", None)  # the launcher then never asks an X server
    started: list[subprocess.Popen[bytes]] = []
    try:
        bus = subprocess.Popen(
            ["dbus-daemon", "--session", "--nofork", "--print-address=1"],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        started.append(bus)
        assert bus.stdout is not None
        env["DBUS_SESSION_BUS_ADDRESS"] = bus.stdout.readline().decode().strip()
        started.append(
            subprocess.Popen(
                [LAUNCHER, "--launch-immediately"],
                env=env,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                start_new_session=True,
            )
        )
        until(lambda: registered_events(env["DBUS_SESSION_BUS_ADDRESS"]) == [], "the registry")
        yield env
    finally:
        for process in reversed(started):
            os.killpg(process.pid, signal.SIGTERM)
            process.wait(timeout=10)


def until(ready, what: str, timeout: float = 10) -> None:  # type: ignore[no-untyped-def]
    """Wait for `ready()` to be true (errors count as not yet)."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            if ready():
                return
        except Exception:  # the bus is still starting: not yet
            pass
        assert time.monotonic() < deadline, f"never ready: {what}"
        time.sleep(0.05)


@contextmanager
def screen_reader(env: dict[str, str], event: str = TEXT_INSERTED) -> Iterator[None]:
    """A program listening for `event` on the accessibility bus while open, as
    libatspi registers a screen reader's listener: RegisterEvent on the
    registry, for every application (no application's bus name)."""
    from jeepney import DBusAddress, new_method_call
    from jeepney.io.blocking import open_dbus_connection
    from jeepney.wrappers import unwrap_msg

    launcher = DBusAddress("/org/a11y/bus", bus_name="org.a11y.Bus", interface="org.a11y.Bus")
    with open_dbus_connection(env["DBUS_SESSION_BUS_ADDRESS"]) as session:
        (address,) = unwrap_msg(session.send_and_get_reply(new_method_call(launcher, "GetAddress")))
    registry = DBusAddress(
        "/org/a11y/atspi/registry",
        bus_name="org.a11y.atspi.Registry",
        interface="org.a11y.atspi.Registry",
    )
    with open_dbus_connection(address) as a11y:
        asked = new_method_call(registry, "RegisterEvent", "sass", (event, [], ""))
        unwrap_msg(a11y.send_and_get_reply(asked))
        yield


def test_no_screen_reader_no_reading(desktop: dict[str, str]) -> None:
    assert reads_terminal(desktop) is False


def test_a_program_listening_for_new_text_reads_a_vte_terminal(desktop: dict[str, str]) -> None:
    """Only while it listens, only in a VTE terminal, and only for new text:
    a program that follows the focus alone reads nothing aloud."""
    with screen_reader(desktop, "Object:StateChanged:Focused"):
        assert reads_terminal(desktop) is False
    with screen_reader(desktop):
        assert reads_terminal(desktop) is True
        other = {k: v for k, v in desktop.items() if k != "VTE_VERSION"}  # xterm, say
        assert reads_terminal(other) is False
        assert reads_terminal(desktop, platform="win32") is False
    until(lambda: reads_terminal(desktop) is False, "the registry forgetting a closed listener")


def test_a_bus_that_answers_nothing_is_no_reader(desktop: dict[str, str], tmp_path: Path) -> None:
    """A session bus address where nothing listens: no, at once, no error."""
    gone = {**desktop, "DBUS_SESSION_BUS_ADDRESS": f"unix:path={tmp_path / 'nothing'}"}
    assert reads_terminal(gone) is False


@pytest.mark.skipif(shutil.which("speech-dispatcher") is None, reason="speech-dispatcher")
def test_screenreader_mode_leaves_every_line_to_the_screen_reader(
    desktop: dict[str, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A whole game in `screenreader` mode with a screen reader reading the
    terminal: one notice says so, the game prints as ever, and sixdot gives
    speech-dispatcher no line (the screen reader says each one, once)."""
    from test_speechd import ANSWERS, GAME, Server

    speechd = Server(tmp_path / "speechd")
    try:
        for name, value in {**desktop, "SPEECHD_ADDRESS": speechd.address}.items():
            monkeypatch.setenv(name, value)
        with screen_reader(desktop):
            result = run(*GAME, "--speech", "screenreader", input=ANSWERS, timeout=120)
        alone = run(*GAME, "--speech", "text", input=ANSWERS, timeout=120)
    finally:
        speechd.stop()
    assert result.rc == 0
    assert result.err == f"sixdot: {NOTICE_READ}\n"
    assert result.lines == alone.lines and len(result.lines) > 40
    assert speechd.log().messages == []
