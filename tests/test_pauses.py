"""Pauses where a player needs them: a round's scores are heard before the next
deal, and a long answer comes a screenful at a time, at a terminal only."""

from __future__ import annotations

import io
import re

import pytest

from clienttools import PtyClient, run
from sixdot.client.session import SCREENFUL, Setup, Table
from sixdot.client.terminal import PROMPT, Terminal
from sixdot.games import get_game
from sixdot.present.phrasebook import Phrasebook


class _Keyboard(Terminal):
    """Typed lines at a terminal, for the game loop in-process."""

    def __init__(self, lines: str) -> None:
        super().__init__(stdin=io.StringIO(lines), stdout=io.StringIO())
        self.interactive = True
        self.prompts = 0

    def ask(self, prompt, completions=(), focus=()):  # type: ignore[no-untyped-def]
        self.prompts += 1
        return super().ask(prompt, completions, focus)


def _play(lines: str, pause: bool) -> list[str]:
    """Alphabeticell to a target of two rounds or so, every turn answered by `lines`
    then 1."""
    term = _Keyboard(lines + "1\n" * 400)
    setup = Setup(get_game("alphabeticell"), players=2, seed=3, options={"target": 20})
    Table(setup, Phrasebook(), term, pause=pause).run()
    out = term.stdout.getvalue()  # type: ignore[attr-defined]
    # The prompt is written without a newline, so it starts the next line said.
    return [re.sub(f"^({re.escape(PROMPT)})+", "", line) for line in out.splitlines()]


def test_after_a_round_the_scores_wait_for_enter_before_the_next_deal() -> None:
    lines = _play("", pause=True)
    waits = [i for i, line in enumerate(lines) if line == "Press Enter for the next deal."]
    assert waits, lines[-10:]
    for i in waits:
        # The round's scores come just before the wait, the next deal just after.
        over = max(j for j, line in enumerate(lines[:i]) if line.startswith("Round "))
        assert " over" in lines[over] and all(" in all" in line for line in lines[over + 1 : i])
        assert re.fullmatch(r"Round \d+: \w+ deals?\.", lines[i + 1])


@pytest.mark.parametrize(
    ("game", "options"),
    [("consonants", {"target": 1, "pass": 0}), ("nonesuch", {"target": 5}), ("alphabeticell", {})],
)
def test_after_the_last_round_the_winner_comes_without_a_wait(
    game: str, options: dict[str, object]
) -> None:
    """The game is over after the final hand: no "next deal" to wait for
    (Consonants' own game end once left the table waiting for one)."""
    term = _Keyboard("1\n" * 3000)
    setup = Setup(get_game(game), players=3, seed=3, options=options)
    Table(setup, Phrasebook(), term, pause=True).run()
    lines = term.stdout.getvalue().splitlines()  # type: ignore[attr-defined]
    last_wait = max((i for i, line in enumerate(lines) if "next deal" in line), default=-1)
    won = [i for i, line in enumerate(lines) if " win" in line]
    assert won and last_wait < won[-1] - 1, lines[-12:]
    assert "next deal" not in " ".join(lines[won[-1] - 12 :])


def test_without_pauses_the_next_deal_follows_at_once() -> None:
    assert "Press Enter for the next deal." not in _play("", pause=False)


def test_a_pipe_never_waits() -> None:
    result = run(
        "play",
        "alphabeticell",
        "--players",
        "2",
        "--option",
        "target=5",
        "--seed",
        "3",
        input="1\n" * 400,
    )
    assert "Press Enter for the next deal." not in result.out
    assert "wins" in result.lines[-1] or "win" in result.lines[-1]


def test_rules_come_a_screenful_at_a_time_at_a_terminal() -> None:
    pty = PtyClient("play", "alphabeticell", "--seed", "5", rows=60)
    try:
        pty.wait_prompt()
        pty.send("rules\r")
        pty.wait_for(
            lambda: any(line.startswith("More: ") for line in pty.output_lines()),
            what="the more line",
        )
        said = pty.output_lines()
        more = next(i for i, line in enumerate(said) if line.startswith("More: "))
        first = said.index("Alphabeticell") if "Alphabeticell" in said else more - SCREENFUL
        assert more - first == SCREENFUL
        assert said[more].endswith("Enter for more, q to stop.")
        pty.send("\r")
        pty.wait_for(
            lambda: sum(line.startswith("More: ") for line in pty.output_lines()) == 2,
            what="the second more line",
        )
        pty.send("q\r")
        pty.wait_prompt()
        pty.send("table\r")  # q stopped the rules and the game goes on
        pty.wait_for(lambda: any("line" in line.lower() for line in pty.output_lines()[-3:]))
    finally:
        pty.close()


def test_rules_through_a_pipe_come_whole() -> None:
    result = run("play", "alphabeticell", "--seed", "5", input="rules\nquit\nyes\n")
    assert not any(line.startswith("More: ") for line in result.lines)
    assert sum(1 for _ in result.lines) > SCREENFUL * 2
