"""Whether a screen reader already reads this terminal (Linux).

A screen reader such as Orca speaks what appears in a terminal it can see:
gnome-terminal and the other VTE terminals report their new text over the
accessibility bus (AT-SPI). If sixdot then also hands each line to
speech-dispatcher, every line is heard twice (measured with Orca: 26 lines
sent, each said by both). So the `screenreader` and `auto` speech modes
leave the speaking to the screen reader when both hold:

- the terminal is a VTE one (it sets `VTE_VERSION` for what runs in it), so
  its text reaches the accessibility bus;
- some program on that bus listens for inserted text: the registry lists
  every event an assistive program asked for, and Orca asks for
  `Object:TextChanged:Insert`. When no screen reader runs the list is empty.
  (The bus's `ScreenReaderEnabled` flag is no guide: it stays false with
  Orca running when Orca was not started by the desktop's setting.)

Anything that fails on the way (no session bus, no accessibility bus, a
reply that never comes) means no: sixdot then speaks, as it did before.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Mapping

#: Seconds any one question on the bus may take before the answer counts as no.
TIMEOUT = 1.0
#: The event a program listens for when it reads new text.
TEXT_INSERTED = "Object:TextChanged:Insert"


def reads_terminal(environ: Mapping[str, str] = os.environ, platform: str = sys.platform) -> bool:
    """True when a screen reader reads this terminal's new text itself."""
    if not platform.startswith("linux") or not environ.get("VTE_VERSION"):
        return False
    session = environ.get("DBUS_SESSION_BUS_ADDRESS")
    if not session:
        return False
    with contextlib.suppress(Exception):  # jeepney's errors, OSError, timeouts: no
        return any(event.startswith(TEXT_INSERTED) for _, event in registered_events(session))
    return False


def registered_events(session: str) -> list[tuple[str, str]]:
    """The events programs on the accessibility bus listen for, as (bus name,
    event): the bus is found through the session bus, as libatspi finds it."""
    from jeepney import DBusAddress, new_method_call
    from jeepney.io.blocking import open_dbus_connection
    from jeepney.wrappers import unwrap_msg  # an error reply raises

    launcher = DBusAddress("/org/a11y/bus", bus_name="org.a11y.Bus", interface="org.a11y.Bus")
    with open_dbus_connection(session, auth_timeout=TIMEOUT) as bus:
        reply = bus.send_and_get_reply(new_method_call(launcher, "GetAddress"), timeout=TIMEOUT)
        (address,) = unwrap_msg(reply)
    registry = DBusAddress(
        "/org/a11y/atspi/registry",
        bus_name="org.a11y.atspi.Registry",
        interface="org.a11y.atspi.Registry",
    )
    with open_dbus_connection(address, auth_timeout=TIMEOUT) as a11y:
        asked = new_method_call(registry, "GetRegisteredEvents")
        (events,) = unwrap_msg(a11y.send_and_get_reply(asked, timeout=TIMEOUT))
    return [(str(name), str(event)) for name, event in events]
