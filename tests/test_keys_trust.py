"""Keys a blind player can trust, in a real pseudo-terminal: Enter does what the
line shows, a command typed over a focused card runs the command, every focus
change rewrites the whole line, the ends are said, and Tab lists on one line."""

from __future__ import annotations

import re

import pytest

from clienttools import PtyClient

RIGHT, LEFT, UP, END, ENTER, ESCAPE, TAB = (
    "\x1b[C",
    "\x1b[D",
    "\x1b[A",
    "\x1b[F",
    "\r",
    "\x1b",
    "\t",
)

#: A game at its first turn, where the keys walk at least two items.
GAMES = {
    "alphabeticell": ("--seed", "5"),
    "consonants": ("--seed", "4"),
    "letters": ("--seed", "5"),
    "nonesuch": ("--seed", "4"),
    "alphagon": ("--seed", "5", "--players", "2"),
}


@pytest.fixture(params=list(GAMES))
def game(request: pytest.FixtureRequest):
    pty = PtyClient("play", request.param, *GAMES[request.param], rows=60, columns=200)
    pty.wait_prompt()
    yield pty
    pty.close()


def focused(pty: PtyClient, after: str | None = None) -> str:
    """The focused item's label, written whole: the line is rewritten whole with
    the cursor after the label, and after a key that moves the focus
    from `after` it shows another (a busy machine may catch it half-drawn)."""

    def drawn() -> bool:
        line = pty.cursor_line
        return not pty.at_prompt() and line != after and pty.screen.cursor.x == len(line)

    pty.wait_for(drawn, what="a focused item")
    pty.settle(0.05)
    assert drawn(), pty.cursor_line
    return pty.cursor_line


def state(pty: PtyClient) -> list[str]:
    """What `table` and `hand` say now, from an empty line."""
    said = []
    for command in ("table", "hand"):
        before = len(pty.output_lines())
        pty.send(command + ENTER)
        # At least one line of its answer, then quiet.
        pty.wait_for(lambda had=before: len(pty.output_lines()) > had and pty.at_prompt())
        pty.settle(0.3)
        said += pty.output_lines()[before:]
    return said


@pytest.mark.parametrize("command", ["moves", "hint", "help", "score", "turn"])
def test_a_command_typed_over_a_focused_item_runs_and_plays_nothing(game, command) -> None:
    before = state(game)
    game.send(RIGHT)
    focused(game)
    lines = len(game.output_lines())
    game.send(command)
    game.wait_for(lambda: game.cursor_line.startswith(f"› {command}"), what=command)
    game.send(ENTER)
    game.wait_prompt()
    game.settle(0.2)
    while game.output_lines()[-1].startswith("More:"):
        # A long answer comes a screenful at a time: Enter hears the rest.
        game.send(ENTER)
        game.wait_prompt()
        game.settle(0.2)
    answer = game.output_lines()[lines:]
    assert answer and not any(line.startswith("You ") for line in answer), answer
    assert state(game) == before


def test_each_focus_change_writes_the_whole_label(game) -> None:
    game.send(RIGHT)
    first = focused(game)
    game.raw = b""
    game.send(RIGHT)
    second = focused(game, after=first)
    first, second = first[2:], second[2:]
    assert first != second  # identical cards differ by their place
    assert second.encode() in game.raw


def test_walking_past_the_last_item_says_so(game) -> None:
    if "Alphagon" in game.output_lines()[0]:
        # A board is walked as a grid: walking up off it says its edge.
        game.send(RIGHT)
        focused(game)
        game.send(UP * 20)
        game.wait_for(lambda: "Edge of the board." in game.output_lines(), what="the edge")
        return
    game.send(RIGHT)
    first = focused(game)
    game.send(END)
    last = focused(game, after=first)
    game.send(RIGHT)
    game.wait_for(lambda: "Last item." in game.output_lines(), what="the edge")
    # The label comes back below the line said (a moment later: docs/speech.md).
    game.wait_for(lambda: game.cursor_line == last, what="the last item still focused")


def test_two_identical_cards_are_told_apart_by_their_place() -> None:
    pty = PtyClient("play", "consonants", "--seed", "4", rows=60, columns=200)
    try:
        pty.wait_prompt()
        labels = []
        pty.send(RIGHT)
        labels.append(focused(pty))
        pty.send(RIGHT)
        labels.append(focused(pty, after=labels[0]))
        # The hand starts "A over E, A over E": the same card twice.
        assert labels[0].startswith("› A over E") and labels[1].startswith("› A over E")
        # Each says its place in its group, the vowels, that Up and Down jump between.
        assert re.search(r"; 1 of (\d+) in Vowels\b", labels[0])
        assert re.search(r"; 2 of (\d+) in Vowels\b", labels[1])
    finally:
        pty.close()


def test_a_letter_pressed_again_goes_on_to_the_next_card_it_fits() -> None:
    """keys.md: a letter jumps to the next item it fits, round from the end;
    pressed again it goes on (before, the second `a` became the text "aa")."""
    pty = PtyClient("play", "consonants", "--seed", "4", rows=60, columns=200)
    try:
        pty.wait_prompt()
        pty.send(RIGHT)
        first = focused(pty)
        pty.send("a")
        second = focused(pty, after=first)
        pty.send("a")
        third = focused(pty, after=second)
    finally:
        pty.close()
    # The hand starts with A over E twice, then more A cards: `a` walks them.
    assert len({first, second, third}) == 3  # three places, never the text "aa"
    assert all(label.startswith("› A over") for label in (first, second, third))


def test_tab_on_an_empty_line_lists_on_one_line_moves_first() -> None:
    pty = PtyClient("play", "alphabeticell", "--seed", "5", rows=60, columns=200)
    try:
        pty.wait_prompt()
        lines = len(pty.output_lines())
        pty.send("k" + TAB)
        pty.wait_for(lambda: len(pty.output_lines()) > lines, what="the list")
        pty.settle(0.1)
        said = pty.output_lines()[lines:]
        # The three moves first, then the one command that starts with k.
        assert said == ["4 to choose: keep OL, keep NY, keep EL, keys."]
        assert "  " not in said[0]
        assert pty.cursor_line == "› ke"  # as far as every candidate agrees
    finally:
        pty.close()


def test_escape_clears_the_focus_and_the_line() -> None:
    pty = PtyClient("play", "alphabeticell", "--seed", "5", rows=60)
    try:
        pty.wait_prompt()
        pty.send(RIGHT)
        focused(pty)
        pty.send(ESCAPE)
        pty.wait_prompt()
        pty.send(ENTER)  # an empty line is `turn`: nothing is played
        pty.wait_prompt()
        assert not any(line.startswith("You keep") for line in pty.output_lines())
    finally:
        pty.close()


def test_a_letter_reaches_a_vowel_card_by_its_second_side() -> None:
    pty = PtyClient("play", "consonants", "--seed", "4", rows=60, columns=200)
    try:
        pty.wait_prompt()
        pty.send(RIGHT)
        assert focused(pty).startswith("› A over E")
        pty.send("i")  # the next card showing I is A over I, before I over O
        pty.wait_for(lambda: pty.cursor_line.startswith("› A over I"), what="A over I")
    finally:
        pty.close()
