"""The game loop in-process: commands, refusals and output backends."""

from __future__ import annotations

import io

from sixdot.client.session import Setup, Table
from sixdot.client.terminal import Terminal
from sixdot.games import get_game
from sixdot.output import Recording
from sixdot.present.phrasebook import Phrasebook


def run_table(commands: str, seed: int = 5, humans: int = 1) -> tuple[str, Recording]:
    out = io.StringIO()
    term = Terminal(stdin=io.StringIO(commands), stdout=out)
    recording = Recording()
    setup = Setup(get_game("alphabeticell"), players=3, humans=humans, seed=seed)
    Table(setup, Phrasebook(), term, [recording]).run()
    return out.getvalue(), recording


def test_every_printed_line_reaches_the_other_outputs() -> None:
    printed, recording = run_table("moves\nzz\nquit\nyes\n")
    assert [line for line, _ in recording.lines] == printed.splitlines()


def test_turn_prompts_and_errors_are_urgent_and_events_are_not() -> None:
    _, recording = run_table("zz\nquit\nyes\n")
    urgent = [line for line, is_urgent in recording.lines if is_urgent]
    assert any(line.startswith("Your pick") for line in urgent)
    assert any(line.startswith("Unknown command") for line in urgent)
    assert not any(line.startswith("Round 1") for line in urgent)


def test_a_refused_command_changes_nothing() -> None:
    before, _ = run_table("table\nquit\nyes\n")
    after, _ = run_table("take EW as W\nkeep XX\n9\ntable\nquit\nyes\n")
    table_lines = [line for line in before.splitlines() if line not in after.splitlines()]
    assert table_lines == []


def test_game_commands_from_the_presenter_are_offered_in_help() -> None:
    printed, _ = run_table("help\nquit\nyes\n")
    assert "moves: list your legal moves, numbered." in printed.splitlines()


def test_end_of_input_abandons_cleanly() -> None:
    printed, _ = run_table("")
    assert printed.splitlines()[-1] == "Input ended: game abandoned."


def test_hot_seat_hides_dealt_cards_until_ready() -> None:
    printed, _ = run_table("moves\nready\nquit\nyes\n", humans=2)
    lines = printed.splitlines()
    ready_at = next(i for i, line in enumerate(lines) if line.endswith("at the keyboard."))
    dealt = [i for i, line in enumerate(lines) if line.startswith("Dealt to you")]
    assert dealt and all(i > ready_at for i in dealt)
