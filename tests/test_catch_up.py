"""Coming back to a game under way (issue 28): a player hears what they missed
as the events themselves, the way they would have heard them, shortened when
long, and how many of the moves a bot made for them; never a bare count.

Real `sixdot serve` on a thread and `sixdot join --plain` children, each
player with their own settings folder (their kept session), as two people.
"""

from __future__ import annotations

import contextlib
import os
import queue
import re
import time
from pathlib import Path

import pytest

from sixdot.client.listener import AWAY_LINES, Away
from sixdot.present.phrasebook import Phrasebook
from sixdot.server.background import Background
from test_join import Child, register
from test_server import QUICK


def test_a_player_back_in_a_new_window_hears_what_they_missed_in_words(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with Background(tmp_path / "server", grace=0.2, hasher=QUICK) as server:
        ana = Child(server.url)  # Ana's settings: the test's own
        register(ana, "password1", "password1", "Ana")
        ana.until("Logged in")
        ana.type("create alphabeticell 3 bots=random")
        ana.until("you sit in seat 1")
        ana_config = os.environ["SIXDOT_CONFIG"]
        monkeypatch.setenv("SIXDOT_CONFIG", str(tmp_path / "ben" / "config.toml"))
        ben = Child(server.url)
        monkeypatch.setenv("SIXDOT_CONFIG", ana_config)
        register(ben, "password1", "password1", "Ben")
        ben.until("Logged in")
        ben.type("sit 1")
        ben.until("you sit in seat 2")
        ana.type("start")
        ana.until("the game starts")
        ana.kill()  # the window closes, not by her choice
        ben.until("Ana dropped off: a bot plays for now.")
        played = len(ben.heard)
        deadline = time.monotonic() + 60
        # Until the bot played for Ana and Ben played too ("You ..."): a "1"
        # typed before his turn comes is refused, as bots move in their turn.
        while sum("Ana" in line for line in ben.heard[played:]) < 3 or not any(
            line.startswith("You ") for line in ben.heard[played:]
        ):
            assert time.monotonic() < deadline, "the bot never played for Ana"
            ben.type("1")  # Ben plays on; the bot plays Ana's seat
            with contextlib.suppress(queue.Empty):
                ben.until("Ana", timeout=0.3)
        back = Child(server.url)  # her kept session logs her in again
        away = back.until("While you were away")
        back.type("history")  # all of it: the older lines too
        count = int(back.until("History, ").split()[1])
        history = [back.until("") for _ in range(count)]
        back.kill()
        ben.kill()
    heard = back.heard
    assert re.fullmatch(
        r"While you were away: \d+ moves, (one|\d+) of them yours, played by a bot\.", away
    )
    assert not any(line.startswith("Caught up") for line in heard)
    # All she missed is in the history: what the others did, by name, and her bot.
    missed = history[history.index(away) + 1 :]
    assert any("Ben" in line for line in missed)
    assert any(re.search(r"\b[Yy]ou\b", line) for line in missed), missed


def test_a_long_absence_is_said_shortened_and_history_has_it_all() -> None:
    away = Away(until=40)
    for step in range(30):
        away.missed([f"Ben plays {step}."], move=True, yours=step % 3 == 0)
    said = away.said(Phrasebook())
    assert said[:2] == [
        "While you were away: 30 moves, 10 of them yours, played by a bot.",
        f"{30 - AWAY_LINES} earlier lines left out: say history.",
    ]
    assert said[2:] == [f"Ben plays {step}." for step in range(30 - AWAY_LINES, 30)]
    assert len(away.lines) == 30
