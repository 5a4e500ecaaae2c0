"""The focus keys in prompt_toolkit's own key processor, fed through a pipe.

The pty tests drive the whole program; these pin down the two walks no game
exposed when they were written: picking several cards with Space, and a board
walked as a grid.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from sixdot.client.terminal import PromptTerminal
from sixdot.present.focus import FocusItem

RIGHT, LEFT, UP, DOWN = "\x1b[C", "\x1b[D", "\x1b[A", "\x1b[B"
CTRL_RIGHT, CTRL_LEFT = "\x1b[1;5C", "\x1b[1;5D"
SHIFT_HOME, SHIFT_END = "\x1b[1;2H", "\x1b[1;2F"
CTRL_HOME, CTRL_END = "\x1b[1;5H", "\x1b[1;5F"
END = "\x1b[F"
HAND = [FocusItem(card, card[0], (), pick=card) for card in ("Q", "X", "Z", "K", "B")]


@pytest.fixture
def typed() -> Iterator:
    """A function: keys in, the command the terminal returns out."""
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        terminal = PromptTerminal()

        def ask(
            keys: str,
            focus: Sequence[FocusItem],
            selection=None,
            seen=None,
            ends=None,
            words: Sequence[str] = (),
        ) -> str | None:
            terminal.selection = selection
            if ends is not None:
                terminal.on_end = ends.append
            terminal.pick_label = lambda item, chosen, count: (
                f"{item.label} {'in' if chosen else 'out'} {count}"
            )
            if seen is not None:
                terminal.on_focus = lambda at: seen.append(terminal._shown)
            pipe.send_text(keys)
            return terminal.ask("› ", words, focus)

        ask.terminal = terminal  # type: ignore[attr-defined]
        yield ask


def test_space_selects_cards_and_enter_sends_them_as_one_command(typed) -> None:
    keys = RIGHT + " " + RIGHT + RIGHT + " " + "\r"
    assert typed(keys, HAND, selection=("pass", 4)) == "pass Q Z"


def test_space_again_drops_a_card(typed) -> None:
    seen: list[str] = []
    keys = RIGHT + " " + RIGHT + " " + LEFT + " " + "\r"
    assert typed(keys, HAND, selection=("pass", 4), seen=seen) == "pass X"
    assert "Q in 1" in seen and "Q out 1" in seen


def test_without_a_pick_step_enter_chooses_the_focused_card(typed) -> None:
    assert typed(RIGHT + RIGHT + "\r", HAND) == "choose 2"


BOARD = [FocusItem(f"row {r} column {c}", "", (), at=(r, c)) for r in range(3) for c in range(3)]


def test_arrows_walk_a_board_by_rows_and_columns(typed) -> None:
    # The first press shows where focus is (row 0 column 0); then down, down, right.
    keys = RIGHT + DOWN + DOWN + RIGHT + "\r"
    assert typed(keys, BOARD) == f"choose {BOARD.index(BOARD[2 * 3 + 1]) + 1}"


def test_the_board_edge_keeps_the_focus_where_it_is_and_is_said(typed) -> None:
    seen: list[str] = []
    ends: list[str] = []
    keys = RIGHT + UP + LEFT + "\r"
    assert typed(keys, BOARD, seen=seen, ends=ends) == "choose 1"
    assert seen == ["row 0 column 0"] * 3
    assert ends == ["focus-board-edge"] * 2


def test_a_board_with_holes_skips_to_the_next_square_that_way(typed) -> None:
    holes = [item for item in BOARD if item.at != (0, 1)]
    keys = RIGHT + RIGHT + "\r"
    assert typed(keys, holes) == f"choose {holes.index(holes[1]) + 1}"
    assert holes[1].at == (0, 2)


def _suited(*cards: str) -> list[FocusItem]:
    """Nonesuch-like cards "2 Moons": grouped by suit, playable unless marked `-`."""
    return [
        FocusItem(card.lstrip("-"), card[-1], () if card[0] == "-" else (card,), group=card[-5:])
        for card in cards
    ]


SUITED = _suited("2 Moons", "-5 Moons", "9 Moons", "-3 Waves", "-7 Waves", "4 Stars", "8 Stars")


def test_down_and_up_jump_to_the_first_card_of_the_next_and_previous_suit(typed) -> None:
    seen: list[str] = []
    keys = RIGHT + RIGHT + DOWN + DOWN + UP + "\r"
    assert typed(keys, SUITED, seen=seen) == f"choose {SUITED.index(SUITED[3]) + 1}"
    assert seen == ["2 Moons", "5 Moons", "3 Waves", "4 Stars", "3 Waves"]


def test_past_the_last_suit_the_end_is_said_and_the_card_shown_again(typed) -> None:
    seen: list[str] = []
    ends: list[str] = []
    keys = RIGHT + UP + END + DOWN + "\r"
    assert typed(keys, SUITED, seen=seen, ends=ends) == f"choose {len(SUITED)}"
    assert ends == ["focus-first-group", "focus-last-group"]
    assert seen == ["2 Moons", "2 Moons", "8 Stars", "8 Stars"]


@pytest.mark.parametrize(
    ("home", "end"), [(SHIFT_HOME, SHIFT_END), (CTRL_HOME, CTRL_END)], ids=["shift", "ctrl"]
)
def test_shift_home_and_end_find_the_lowest_and_highest_of_the_suit(typed, home, end) -> None:
    """Ctrl+Home and Ctrl+End do the same: VTE terminals keep the Shift ones."""
    seen: list[str] = []
    keys = RIGHT + DOWN + end + home + "\r"
    assert typed(keys, SUITED, seen=seen) == "choose 4"
    assert seen == ["2 Moons", "3 Waves", "7 Waves", "3 Waves"]


def test_ctrl_arrows_skip_cards_that_cannot_be_played_now(typed) -> None:
    seen: list[str] = []
    ends: list[str] = []
    keys = RIGHT + CTRL_RIGHT + CTRL_RIGHT + CTRL_LEFT + END + CTRL_RIGHT + "\r"
    assert typed(keys, SUITED, seen=seen, ends=ends) == f"choose {len(SUITED)}"
    assert seen == ["2 Moons", "9 Moons", "4 Stars", "9 Moons", "8 Stars", "8 Stars"]
    assert ends == ["focus-no-playable"]


def test_on_an_empty_line_up_walks_the_lines_sent(typed) -> None:
    assert typed("hint\r", HAND) == "hint"
    assert typed(UP + "\r", HAND) == "hint"
    assert typed(UP + "\r", BOARD) == "hint"  # a board's squares are walked once shown


def test_a_list_without_groups_is_one_group_whose_ends_are_said(typed) -> None:
    """Up over a shown card never drops it for a line sent before."""
    ends: list[str] = []
    assert typed("hint\r", HAND) == "hint"
    assert typed(RIGHT + RIGHT + UP + DOWN + "\r", HAND, ends=ends) == "choose 2"
    assert ends == ["focus-first-group", "focus-last-group"]


def test_ctrl_arrows_and_shift_home_work_on_a_board_too(typed) -> None:
    playable = [
        FocusItem(f"row {r} column {c}", "", (f"place {r} {c}",) if c == 2 else (), at=(r, c))
        for r in range(2)
        for c in range(3)
    ]
    assert typed(RIGHT + CTRL_RIGHT + CTRL_RIGHT + "\r", playable) == "choose 6"
    assert typed(RIGHT + SHIFT_END + SHIFT_HOME + "\r", playable) == "choose 1"


def test_tab_after_a_space_lists_as_on_an_empty_line(typed) -> None:
    """A line of spaces is empty, as Enter reads it (keys.md): Tab lists what
    it lists on an empty line. Before, it looked for words starting with a
    space, found none and said nothing."""
    listed: list[tuple[str, list[str]]] = []

    def ask(keys: str, words: list[str]) -> str | None:
        terminal = typed.terminal
        terminal.on_list = lambda text, found: listed.append((text, list(found)))
        return typed(keys, HAND, words=words)

    assert ask(" \t\r", ["bid Some", "bid Most", "score"]) is not None
    assert listed == [("", ["bid Some", "bid Most", "score"])]
    assert ask("  \t\r", ["score"]) == "score"  # one fits: completed, the spaces gone
