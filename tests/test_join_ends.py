"""How `sixdot join` ends (issue 28): at the end of its input, or quit, the
player hears the answers to what they sent and what becomes of a game under
way; after quit the others hear that they left, not that they dropped off.

Real `sixdot serve` (on a thread) and `sixdot join --plain` with its input
on a pipe.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from sixdot.server.background import Background
from test_join import Player, login
from test_server import QUICK

REGISTER = "register Zed\npassword1\npassword1\n"


def join(url: str, typed: str) -> list[str]:
    """`sixdot join URL --plain` with `typed` as its whole input: its lines."""
    done = subprocess.run(
        [sys.executable, "-m", "sixdot", "join", url, "--plain"],
        input=typed,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0 and done.stderr == ""
    return done.stdout.splitlines()


def test_the_answers_to_piped_commands_are_heard_before_the_end(tmp_path: Path) -> None:
    """Before: the client went at once, and the player heard nothing after
    "The same password again:", not even that they were logged in."""
    with Background(tmp_path / "server", hasher=QUICK) as server:
        lines = join(server.url, REGISTER + "create alphabeticell 3\nstart\n")
    assert "Logged in as Zed. Type lobby or help." in lines
    assert "Table 1: the game starts." in lines
    # The deal is the answer to start; the first pick may be a bot's, made
    # after it, so whether Zed's own question comes before the end is not fixed.
    assert any(line.startswith("Dealt to you: ") for line in lines)
    assert lines[-1] == "Input ended: your seat waits for you, then a bot plays it."
    assert "You left table 1." not in lines  # `sixdot join` again takes the seat back


def test_input_ending_away_from_a_game_says_goodbye_after_the_answers(tmp_path: Path) -> None:
    with Background(tmp_path / "server", hasher=QUICK) as server:
        lines = join(server.url, REGISTER + "lobby\n")
    assert lines[-4:] == [
        "Logged in as Zed. Type lobby or help.",
        "No tables: create one, as create letters.",
        "Online: Zed.",
        "Input ended: goodbye.",
    ]


def with_zed(url: str, table: str) -> tuple[Player, list[str]]:
    """Ana at a new table (`game players`) and Zed, piped, seated at it: Zed's lines."""
    ana = login(url, "Ana", 1)
    ana.type(f"create {table} bots=random")
    ana.until("you sit in seat 1")
    number = ana.me.facts.id if ana.me.facts else 0
    return ana, join(url, REGISTER + f"sit {number}\n")


def test_the_others_hear_a_player_left_and_play_on_with_a_bot(tmp_path: Path) -> None:
    """Leaving is not dropping off: said once, as a choice, and nobody waits."""
    with Background(tmp_path / "server", hasher=QUICK) as server:
        ana, lines = with_zed(server.url, "consonants 3")
        assert lines[-1] == "Input ended: goodbye."  # the game was not under way
        ana.type("start")  # Zed's seat is kept for him: he comes back for the game
        ana.until("the game starts")
        join(server.url, "login Zed\npassword1\nquit\nquit\n")
        ana.until("Zed left: a bot plays their seat.")
        while not ana.me.legal:  # nobody waits for Zed: the bot plays his seat
            ana.hear()
        ana.ws.close()
    assert not any("dropped off" in line for line in ana.said)


def test_quit_at_a_game_under_way_leaves_the_table(tmp_path: Path) -> None:
    with Background(tmp_path / "server", hasher=QUICK) as server:
        ana, _ = with_zed(server.url, "alphabeticell 2")
        ana.type("start")
        ana.until("the game starts")
        lines = join(server.url, "login Zed\npassword1\nquit\nquit\n")
        ana.until("Zed left")
        ana.ws.send(json.dumps({"type": "lobby"}))
        ana.until("1 table:")
        ana.ws.close()
    assert lines[-3:] == [
        "Quit? A bot plays your seat until you join again. Type quit again to leave.",
        "You left table 1.",
        "Goodbye.",
    ]
