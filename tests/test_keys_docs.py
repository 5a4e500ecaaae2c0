"""The keys as docs/keys.md and each game's page promise them, in a real pseudo-terminal.

Written from the docs, not from the code: each test is one promise of the keyboard
reference, played out at a real turn of each game.

- F9 to F12 say what `trick`, `previous`, `players` and `status` say, and change nothing.
- While a card is shown, Up and Down jump to the first card of the next or previous
  group, "Last group." and "First group." at the ends; Shift+Home and Shift+End go to
  the first and last card of the group; Ctrl+Right and Ctrl+Left skip the cards that
  cannot be played now, "No playable card further." at the end.
- On an empty line Up and Down walk the lines sent before (history).
- `keys` and F1 list F9 to F12 with what they do.
- Alphagon's board is walked as a grid, "Edge of the board." at its edges.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

import pytest

from clienttools import PtyClient

RIGHT, LEFT, UP, DOWN = "\x1b[C", "\x1b[D", "\x1b[A", "\x1b[B"
HOME, END, SHIFT_HOME, SHIFT_END = "\x1b[H", "\x1b[F", "\x1b[1;2H", "\x1b[1;2F"
CTRL_RIGHT, CTRL_LEFT = "\x1b[1;5C", "\x1b[1;5D"
F1, F9, F10, F11, F12 = "\x1bOP", "\x1b[20~", "\x1b[21~", "\x1b[23~", "\x1b[24~"
ENTER, ESCAPE = "\r", "\x1b"

#: Each review key and the typed command it runs (docs/keys.md, "Review keys").
REVIEW_KEYS = {F9: "trick", F10: "previous", F11: "players", F12: "status"}

CANNOT = "cannot be played now"


@dataclass(frozen=True)
class Turn:
    """A turn of a game, reached by typing `typed` from the game's first prompt."""

    game: str
    args: tuple[str, ...]
    #: Commands typed first, each with a line the game says when it is done with it.
    typed: tuple[tuple[str, str], ...] = ()
    #: The groups the game's page names, in the order it gives them.
    groups: tuple[str, ...] = ()


TURNS = {
    # "Up and Down jump from suit to suit": at the first trick, after bidding.
    # Four players hold 9 cards, not 12: 12 items to walk, not 22 (a card of
    # two suits stands in both), still some that cannot follow Leaves.
    "nonesuch": Turn(
        "nonesuch",
        ("--seed", "4", "--players", "4"),
        (("bid some", r"^You may play "),),
        ("Moons", "Suns", "Waves", "Leaves", "Wyrms", "Knots"),
    ),
    # "vowels, consonants, then wilds": passing four cards at the first turn.
    # Six players hold 12 cards each, not 18: each walk of the hand is a third
    # shorter (the Ctrl+arrows test walks it three times), and seed 1 deals
    # them all three groups.
    "consonants": Turn(
        "consonants", ("--seed", "1", "--players", "6"), (), ("Vowels", "Consonants", "Wild")
    ),
    # "vowels, consonants, then multi-letter cards": after drawing, a card to discard.
    "letters": Turn(
        "letters",
        ("--seed", "5"),
        (("draw", r"^Your hand: "),),
        ("Vowels", "Consonants", "Multi-letter"),
    ),
    # "Dealt at setup, then Offered and Your line": a card offered after setup.
    "alphabeticell": Turn(
        "alphabeticell",
        ("--seed", "5"),
        (("keep ol", r"^Your turn: \w\w offered\."),),
        ("Offered", "Your line"),
    ),
    # The board is a grid of squares.
    "alphagon": Turn("alphagon", ("--seed", "5", "--players", "2")),
}

#: Alphabeticell at setup: one group, the three dealt cards.
SETUP = Turn("alphabeticell", ("--seed", "5"), (), ("Dealt",))

#: Turns whose cards stand in groups, for the group keys.
GROUPED = {
    **{name: turn for name, turn in TURNS.items() if turn.groups},
    "alphabeticell-setup": SETUP,
}


def at_label_end(pty: PtyClient) -> None:
    """Wait until the whole label is written with the cursor after it, where a
    screen reader reads new text (a busy machine may catch it half-drawn)."""

    # wait_for reads on until the program is quiet for 50 ms: a label still
    # being drawn is not taken for the whole one.
    pty.wait_for(lambda: label_drawn(pty), what="the cursor after the label")
    assert label_drawn(pty), pty.cursor_line


def label_drawn(pty: PtyClient) -> bool:
    """A label on the input line with the cursor after it."""
    line = pty.cursor_line
    return len(line) > 2 and pty.screen.cursor.x == len(line)


class Table:
    """One player's seat at a game in a pseudo-terminal, driven by keys and lines."""

    def __init__(self, turn: Turn) -> None:
        self.turn = turn
        self.pty = PtyClient("play", turn.game, *turn.args, rows=60, columns=200)
        self.pty.wait_prompt()
        for command, done in turn.typed:
            said = len(self.said())
            self.pty.send(command + ENTER)
            self.pty.wait_for(
                lambda said=said, done=done: (
                    self.pty.at_prompt()
                    and any(re.search(done, line) for line in self.said()[said:])
                ),
                what=f"the answer to {command!r}",
            )

    def close(self) -> None:
        self.pty.close()

    def said(self) -> list[str]:
        return self.pty.output_lines()

    @property
    def line(self) -> str:
        """The input line, without its prompt."""
        return self.pty.cursor_line.removeprefix("›").removeprefix(" ")

    def command(self, text: str) -> list[str]:
        """Type `text` and Enter on an empty line; the whole answer."""
        assert self.pty.at_prompt(), self.pty.cursor_line
        said = len(self.said())
        row = self.pty.screen.row
        self.pty.send(text + ENTER)
        self.pty.wait_prompt(below=row)
        self.pty.settle(0.2)
        return self.said()[said:]

    def key_answer(self, key: str, lines: int) -> list[str]:
        """Press a review key; what it prints above the line (at least `lines` lines)."""
        said = len(self.said())
        line = self.pty.cursor_line
        self.pty.send(key)
        self.pty.wait_for(
            lambda: len(self.said()) >= said + lines and self.pty.cursor_line == line,
            what=f"{lines} lines",
        )
        self.pty.settle(0.2)
        return self.said()[said:]

    def state(self) -> list[str]:
        """What `table` and `hand` say: the game as this player sees it."""
        return self.command("table") + self.command("hand")

    def focus(self, key: str) -> str:
        """Press a key that moves the focus; the new label."""
        before = self.pty.cursor_line
        self.pty.send(key)
        # "The focused thing is written on the input line itself", the cursor
        # after it: waited for at once, not the line's change and then the label.
        self.pty.wait_for(
            lambda: self.pty.cursor_line != before and label_drawn(self.pty),
            what="the focus to move",
        )
        assert label_drawn(self.pty), self.pty.cursor_line  # still, after 50 ms of quiet
        return self.line

    def end(self, key: str, phrase: str) -> str:
        """Press a key at an end: sixdot says `phrase` and shows the same label again."""
        times = self.said().count(phrase)
        before = self.pty.cursor_line
        self.pty.send(key)
        self.pty.wait_for(
            lambda: self.said().count(phrase) > times and self.pty.cursor_line == before,
            what=f"{phrase!r} and the label again",
        )
        assert self.pty.cursor_line == before  # still, after 50 ms of quiet
        return self.line

    def walk(self) -> list[str]:
        """Every item by Right, from the first (where the focus starts) to the last."""
        labels = [self.focus(RIGHT)]
        for _ in range(60):
            times = self.said().count("Last item.")
            before = self.pty.cursor_line
            self.pty.send(RIGHT)
            # The line is rewritten whole: waited for drawn, not read half-drawn
            # (wait_for reads on until the program is quiet for 50 ms).
            self.pty.wait_for(
                lambda before=before, times=times: (
                    (self.pty.cursor_line != before and label_drawn(self.pty))
                    or self.said().count("Last item.") > times
                ),
                what="the next item or 'Last item.'",
            )
            if self.said().count("Last item.") > times:
                assert self.pty.cursor_line == before
                return labels
            assert label_drawn(self.pty), self.pty.cursor_line
            labels.append(self.line)
        raise AssertionError(f"no last item after {labels}")


@dataclass(frozen=True)
class Place:
    index: int
    size: int
    group: str


def place(turn: Turn, label: str) -> Place:
    """The card's place in its group, as its label ends: "...; 3 of 4 in Moons"."""
    names = "|".join(re.escape(name) for name in turn.groups)
    m = re.search(rf"; (\d+) of (\d+) in ({names})\b", label)
    assert m, f"no place in a group of {turn.groups} in {label!r}"
    return Place(int(m[1]), int(m[2]), m[3])


@pytest.fixture(params=list(TURNS))
def table(request: pytest.FixtureRequest) -> Iterator[Table]:
    seat = Table(TURNS[request.param])
    yield seat
    seat.close()


@pytest.fixture(params=list(GROUPED))
def grouped(request: pytest.FixtureRequest) -> Iterator[Table]:
    seat = Table(GROUPED[request.param])
    yield seat
    seat.close()


# --- 1. Review keys ------------------------------------------------------------


def test_each_review_key_says_what_its_command_says_and_changes_nothing(table: Table) -> None:
    before = table.state()
    for key, command in REVIEW_KEYS.items():
        typed = table.command(command)
        assert typed and all(line.strip() for line in typed), (command, typed)
        by_key = table.key_answer(key, len(typed))
        assert by_key == typed, (command, by_key, typed)
        assert table.pty.at_prompt()  # the line is left empty, as it was
    assert table.state() == before


def test_a_review_key_leaves_the_focused_card_on_the_line(table: Table) -> None:
    status = table.command("status")
    label = table.focus(RIGHT)
    assert table.key_answer(F12, len(status)) == status
    at_label_end(table.pty)
    assert table.line == label


def test_a_review_key_leaves_what_was_typed_on_the_line(table: Table) -> None:
    players = table.command("players")
    table.pty.send("sco")
    table.pty.wait_prompt("sco")
    assert table.key_answer(F11, len(players)) == players
    table.pty.wait_prompt("sco")


# --- 2. Walking cards by group ---------------------------------------------------


def test_down_goes_to_the_first_card_of_the_next_group_and_up_comes_back(grouped: Table) -> None:
    turn = grouped.turn
    hand = grouped.command("hand")
    first = grouped.focus(RIGHT)  # the first item at the start of a turn
    seen = [place(turn, first)]
    assert seen[0].index == 1, first
    # Down: each time the first card of a later group, in the order the page gives...
    for _ in range(len(turn.groups)):
        times = grouped.said().count("Last group.")
        before = grouped.pty.cursor_line
        grouped.pty.send(DOWN)
        grouped.pty.wait_for(
            lambda before=before, times=times: (
                grouped.pty.cursor_line != before or grouped.said().count("Last group.") > times
            ),
            what="the next group or 'Last group.'",
        )
        grouped.pty.settle(0.05)
        if grouped.said().count("Last group.") > times:
            # ...until past the last group sixdot says so and shows the card again.
            assert grouped.pty.cursor_line == before
            break
        at_label_end(grouped.pty)
        there = place(turn, grouped.line)
        assert there.index == 1, grouped.line
        assert turn.groups.index(there.group) > turn.groups.index(seen[-1].group), grouped.line
        seen.append(there)
    else:
        raise AssertionError(f"more groups than the page names: {seen}")
    assert len(seen) >= min(2, len(turn.groups)), "this turn was chosen for two groups or more"
    # A group's size is the count its hand line gives ("Moons, 5 cards: ..."), if any.
    for group in seen:
        counts = {
            m[1]
            for line in hand
            if (m := re.match(rf"{re.escape(group.group)}, (\d+) cards?:", line))
        }
        assert counts <= {str(group.size)}, (group, hand)
    # Up comes back group by group to the first card, then says "First group.".
    for back in reversed(seen[:-1]):
        label = grouped.focus(UP)
        assert place(turn, label) == back, label
    assert grouped.line == first
    grouped.end(UP, "First group.")


#: Turns with a group of two cards or more, for Shift+Home and Shift+End.
SPANS = [name for name in GROUPED if name != "alphabeticell"]


@pytest.mark.parametrize("name", SPANS)
def test_shift_home_and_shift_end_go_to_the_first_and_last_of_the_group(name: str) -> None:
    seat = Table(GROUPED[name])
    try:
        turn = seat.turn
        here = place(turn, seat.focus(RIGHT))
        for _ in range(len(turn.groups)):
            if here.size > 1:
                break
            here = place(turn, seat.focus(DOWN))
        assert here.size > 1, "this turn was chosen for a group of two cards or more"
        first = seat.line
        last = seat.focus(SHIFT_END)  # the last card of the group: its highest
        assert place(turn, last) == Place(here.size, here.size, here.group), last
        assert seat.focus(SHIFT_HOME) == first  # and back to its first, the lowest
    finally:
        seat.close()


def test_ctrl_right_and_ctrl_left_skip_the_cards_that_cannot_be_played_now(grouped: Table) -> None:
    labels = grouped.walk()
    playable = [i for i, label in enumerate(labels) if CANNOT not in label]
    assert playable, labels
    if grouped.turn in (TURNS["nonesuch"], TURNS["alphabeticell"]):
        assert len(playable) < len(labels), "this turn was chosen for cards that cannot be played"
    if len(labels) > 1:
        grouped.focus(HOME)
    at = 0
    # Ctrl+Right: from the first item, each playable item after it in turn...
    for i in [i for i in playable if i > at]:
        assert grouped.focus(CTRL_RIGHT) == labels[i]
        at = i
    # ...and then none further.
    grouped.end(CTRL_RIGHT, "No playable card further.")
    # Ctrl+Left: back through the playable items, then none further.
    for i in reversed([i for i in playable if i < at]):
        assert grouped.focus(CTRL_LEFT) == labels[i]
        at = i
    grouped.end(CTRL_LEFT, "No playable card further.")
    assert at == playable[0]


# --- 3. History on an empty line ---------------------------------------------------


@pytest.mark.parametrize("name", list(TURNS))
def test_up_on_an_empty_line_recalls_the_lines_sent(name: str) -> None:
    seat = Table(TURNS[name])
    try:
        seat.command("score")
        seat.command("players")
        for key, line in ((UP, "players"), (UP, "score"), (DOWN, "players"), (DOWN, "")):
            before = seat.pty.cursor_line
            seat.pty.send(key)
            seat.pty.wait_for(lambda before=before: seat.pty.cursor_line != before, what=line)
            assert seat.pty.at_prompt(line), seat.pty.cursor_line
    finally:
        seat.close()


@pytest.mark.parametrize("name", list(TURNS))
def test_after_escape_leaves_the_focus_up_is_history_again(name: str) -> None:
    seat = Table(TURNS[name])
    try:
        seat.command("score")
        seat.focus(RIGHT)
        seat.pty.send(ESCAPE)  # "leaves the focus and clears the input line"
        seat.pty.wait_prompt()
        seat.pty.send(UP)
        seat.pty.wait_for(lambda: not seat.pty.at_prompt(), what="a line")
        assert seat.pty.at_prompt("score"), seat.pty.cursor_line
    finally:
        seat.close()


# --- 4. The list of keys -------------------------------------------------------------


def test_keys_and_f1_list_f9_to_f12_with_what_they_do(table: Table) -> None:
    typed = table.command("keys")
    assert table.key_answer(F1, len(typed)) == typed  # F1 is `keys`
    said = {}
    for line in typed:
        key, colon, what = line.partition(": ")
        if colon and re.fullmatch(r"F\d+|Page (Up|Down)", key):
            said[key] = what
    # Every review key of the page, F1 to F12 and Page Up and Down, in that order.
    order = [f"F{n}" for n in range(1, 9)] + ["Page Up", "Page Down"]
    order += ["F9", "F10", "F11", "F12"]
    assert sorted(said, key=order.index) == order and list(said) == order, typed
    assert all(what.strip() for what in said.values())
    # F9: what is in play now; F10: the last trick or play; F11: each player;
    # F12: the round or hand, the target...
    assert re.search(r"\b(trick|play)\b", said["F9"]), said["F9"]
    assert re.search(r"\blast\b", said["F10"]) and "trick" in said["F10"], said["F10"]
    assert re.search(r"\bplayers?\b", said["F11"]), said["F11"]
    assert re.search(r"\b(round|hand|target)\b", said["F12"]), said["F12"]


# --- 5. Alphagon's board ----------------------------------------------------------------

SQUARE = re.compile(r"^([A-M])(\d{1,2}), ")


def square(label: str) -> tuple[str, int]:
    m = SQUARE.match(label)
    assert m, f"not a square: {label!r}"
    return m[1], int(m[2])


def test_alphagon_squares_are_walked_as_a_grid_and_the_edge_is_said() -> None:
    seat = Table(TURNS["alphagon"])
    try:
        column, row = square(seat.focus(RIGHT))  # where the next letter goes
        # Down, Up, Right and Left move one square that way.
        assert square(seat.focus(DOWN)) == (column, row + 1)
        assert square(seat.focus(UP)) == (column, row)
        assert square(seat.focus(RIGHT)) == (chr(ord(column) + 1), row)
        assert square(seat.focus(LEFT)) == (column, row)
        # Up to the top row, then the edge: "Edge of the board." and the square again.
        while row > 1:
            column, row = square(seat.focus(UP))
        assert square(seat.end(UP, "Edge of the board.")) == (column, 1)
        while column > "A":
            column, row = square(seat.focus(LEFT))
        assert square(seat.end(LEFT, "Edge of the board.")) == ("A", 1)
    finally:
        seat.close()


# --- Where the program does not do what the docs say --------------------------------

#: Turns whose items stand in no group: a bid, or draw and take.
UNGROUPED = {
    "nonesuch-bid": Turn("nonesuch", ("--seed", "4")),
    "letters-draw": Turn("letters", ("--seed", "5")),
}


@pytest.mark.parametrize("name", list(UNGROUPED))
def test_up_on_a_focused_item_never_recalls_history(name: str) -> None:
    seat = Table(UNGROUPED[name])
    try:
        seat.command("score")
        label = seat.focus(RIGHT)
        times = seat.said().count("First group.")
        seat.pty.send(UP)
        seat.pty.wait_for(
            lambda: seat.line != label or seat.said().count("First group.") > times,
            timeout=3,
            what="a new line or 'First group.'",
        )
        seat.pty.settle(0.1)
        assert seat.line == label, seat.line
        assert seat.said().count("First group.") > times
    finally:
        seat.close()


@pytest.mark.parametrize("key", [CTRL_RIGHT, SHIFT_END], ids=["ctrl-right", "shift-end"])
def test_alphagon_card_keys_on_a_square_keep_the_cursor_on_a_label(key: str) -> None:
    seat = Table(TURNS["alphagon"])
    try:
        label = seat.focus(RIGHT)
        said = len(seat.said())
        seat.pty.raw = b""
        seat.pty.send(key)
        seat.pty.wait_for(lambda: bool(seat.pty.raw), what="an answer to the key")
        at_label_end(seat.pty)
        assert b"\x1b[7m" not in seat.pty.raw and b";7m" not in seat.pty.raw  # no selection
        assert seat.line != label or seat.said()[said:] == ["No playable card further."]
    finally:
        seat.close()


def test_consonants_playable_cards_are_counted_by_kind_as_the_hand_is() -> None:
    seat = Table(
        Turn("consonants", ("--seed", "4"), (("pass c l s t", r"^Consonants, \d+ cards?:"),))
    )
    try:
        said = seat.said()
        start = max(i for i, line in enumerate(said) if line.startswith("You may play "))
        total = int(re.match(r"You may play (\d+) cards:", said[start])[1])
        kinds = {
            m[1]: int(m[2])
            for line in said[start + 1 :]
            if (m := re.match(r"(Vowels|Consonants|Wild), (\d+) cards?:", line))
        }
        # "Each line starts with its kind and how many cards it holds."
        assert sum(kinds.values()) == total, (total, kinds)
    finally:
        seat.close()
