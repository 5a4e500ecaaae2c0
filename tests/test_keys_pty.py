"""Keyboard play in a real pseudo-terminal (issue 7).

The program runs in a pty read through a pyte screen. The focused card must
be the text of the input line with the cursor after it; review keys print their
answer as new lines below; nothing above the prompt is ever redrawn.
"""

from __future__ import annotations

import re

import pytest

from clienttools import PtyClient

RIGHT, LEFT, HOME, END = "\x1b[C", "\x1b[D", "\x1b[H", "\x1b[F"
ENTER, ESCAPE, TAB = "\r", "\x1b", "\t"
F5, F1, PAGE_UP = "\x1b[15~", "\x1bOP", "\x1b[5~"


@pytest.fixture
def client():
    pty = PtyClient("play", "alphabeticell", "--seed", "5", rows=40)
    yield pty
    pty.close()


def focus_line(pty: PtyClient, pattern: str) -> str:
    pty.wait_for(lambda: re.fullmatch(pattern, pty.cursor_line) is not None, what=pattern)
    return pty.cursor_line


def test_arrows_put_the_focused_card_on_the_input_line_under_the_cursor(client) -> None:
    client.wait_prompt()
    dealt = next(line for line in client.output_lines() if line.startswith("Dealt to you"))
    cards = re.findall(r"\b[A-Z]{2}\b", dealt)
    client.send(RIGHT)
    # Each card says its place in the hand, so two alike are told apart.
    label = focus_line(client, rf"› {cards[0]}: Enter keeps it; 1 of 3 in Dealt")
    # After the label, where a screen reader reading new text wants the cursor.
    assert client.screen.cursor.x == len(label)
    client.send(RIGHT)
    assert focus_line(client, rf"› {cards[1]}: Enter keeps it; 2 of 3 in Dealt")
    client.send(END)
    assert focus_line(client, rf"› {cards[2]}: Enter keeps it; 3 of 3 in Dealt")
    client.send(HOME)
    assert focus_line(client, rf"› {cards[0]}: Enter keeps it; 1 of 3 in Dealt")
    client.send(cards[2][0].lower())
    assert focus_line(client, rf"› ({cards[1]}|{cards[2]}): Enter keeps it; [23] of 3 in Dealt")
    client.send(ESCAPE)
    client.wait_prompt()


def test_enter_on_a_focused_card_plays_it(client) -> None:
    client.wait_prompt()
    client.send(RIGHT)
    label = focus_line(client, r"› \w\w: Enter keeps it; [1-3] of 3 in Dealt")
    card = label[2:4]
    client.send(ENTER)
    client.wait_for(lambda: f"You keep {card} to start a line." in client.output_lines())


def test_review_keys_print_below_and_redraw_nothing_above(client) -> None:
    row = client.wait_prompt()
    before = client.screen.transcript()[:row]
    client.screen.changes.clear()
    client.send(F5)
    client.wait_for(lambda: "Scores, target 30:" in client.output_lines(), what="scores")
    client.wait_prompt(below=row)
    assert client.screen.transcript()[:row] == before
    assert all(changed >= row for changed, _ in client.screen.changes)


def test_f1_lists_the_keys_and_page_up_walks_history(client) -> None:
    row = client.wait_prompt()
    client.send(F1)
    client.wait_for(lambda: "F5: the scores" in client.output_lines(), what="key list")
    row = client.wait_prompt(below=row)
    client.send(PAGE_UP)
    client.wait_prompt(below=row)
    said = client.output_lines()
    assert said[-1] == next(
        line for line in reversed(said[:-1]) if "keeps" in line or line.startswith("Dealt")
    )


#: A short game of each finished game, as `sixdot play` arguments.
SHORT_GAMES = {
    "alphabeticell": ("--seed", "2", "--players", "2", "--option", "target=5"),
    "letters": ("--seed", "2", "--players", "2"),
    "consonants": ("--seed", "2", "--players", "3", "--option", "target=20"),
    "nonesuch": ("--seed", "2", "--players", "3", "--option", "target=10"),
}


#: Games whose shortest game by keys takes minutes: soak tests (--runslow).
LONG_BY_KEYS = {"consonants"}


@pytest.mark.parametrize(
    "game",
    [pytest.param(g, marks=pytest.mark.slow) if g in LONG_BY_KEYS else g for g in SHORT_GAMES],
)
def test_a_whole_game_by_arrows_and_enter_alone(game: str) -> None:
    pty = PtyClient("play", game, *SHORT_GAMES[game], rows=40)
    try:
        for _ in range(3000):
            pty.wait_for(lambda: pty.eof or pty.at_prompt(), timeout=15, what="prompt or end")
            if pty.eof:
                break
            if pty.output_lines()[-1:] == ["Press Enter for the next deal."]:
                pty.send(ENTER)  # the round's scores were heard; on to the next deal
                pty.settle(0.15)
                continue
            # Walk to the first item that can be played now, as a player would.
            for _ in range(30):
                pty.send(RIGHT)
                pty.wait_for(lambda: not pty.at_prompt(), what="a focused item")
                pty.settle(0.02)
                if "cannot be played now" not in pty.cursor_line:
                    break
            pty.send(ENTER)
            pty.settle(0.15)
            if "Quit this game?" in pty.cursor_line:
                break
        said = "\n".join(pty.screen.transcript())
        assert re.search(r"\b(wins?|share the win) with \d+", said), said[-600:]
    finally:
        pty.close()


def test_escape_clears_what_was_typed_at_once(client) -> None:
    """keys.md: Escape clears the line, typed text as well as a focused card
    (before, typed text stayed as it was)."""
    client.wait_prompt()
    client.send("hand nothing")
    client.wait_for(lambda: client.cursor_line == "› hand nothing", what="the text typed")
    client.send(ESCAPE)
    client.wait_prompt()
    client.send(ENTER)  # Enter acts on what the line shows: nothing, whose turn
    client.wait_prompt()
    assert not any("nothing" in line for line in client.output_lines()[-3:])


@pytest.fixture
def bidding():
    """Nonesuch at the first bid: the keys walk bid Some, bid Most and bid None."""
    pty = PtyClient("play", "nonesuch", "--seed", "4", rows=40, columns=120)
    pty.wait_prompt()
    yield pty
    pty.close()


def test_tab_on_an_empty_line_counts_the_moves_and_the_commands(bidding) -> None:
    """Issue 31: it said '25 start "": type more, or moves.'"""
    said = len(bidding.output_lines())
    bidding.send("moves" + ENTER)
    bidding.wait_for(lambda: re.match(r"\d+\. ", bidding.output_lines()[-1] or ""), what="moves")
    moves = sum(bool(re.match(r"\d+\. ", line)) for line in bidding.output_lines()[said:])
    said = len(bidding.output_lines())
    bidding.send(TAB)
    bidding.wait_for(lambda: len(bidding.output_lines()) > said, what="Tab's answer")
    line = bidding.output_lines()[-1]
    assert re.match(rf"{moves} moves and \d+ commands: type a first letter, or moves\b", line)
    assert '""' not in line


def test_a_letter_over_a_focused_bid_jumps_to_the_bid_it_names(bidding) -> None:
    """keys.md: one letter jumps to the next item that has it (before, `m` over
    "bid Some" became the typed text m)."""
    bidding.send(RIGHT)
    focus_line(bidding, r"› bid Some: .*; 1 of 3")
    bidding.send("m")
    focus_line(bidding, r"› bid Most: .*; 2 of 3")
    bidding.send(HOME)  # a key that walks ends the letters typed in a row
    focus_line(bidding, r"› bid Some: .*; 1 of 3")
    bidding.send("n")
    focus_line(bidding, r"› bid None: .*; 3 of 3")
    bidding.send(ENTER)  # Enter acts on what the line shows
    bidding.wait_for(lambda: "You bid None." in bidding.output_lines(), what="the bid")


def test_after_a_space_the_arrows_walk_the_bids(bidding) -> None:
    """keys.md: a line of spaces is empty; before, Right moved the cursor
    through the space and said nothing."""
    bidding.send(" ")
    bidding.wait_for(lambda: bidding.screen.cursor.x == 3, what="the space")
    bidding.send(RIGHT)
    focus_line(bidding, r"› bid Some: .*; 1 of 3")
    bidding.send(ESCAPE + "  ")
    bidding.wait_for(lambda: bidding.screen.cursor.x == 4, what="two spaces")
    bidding.send(END)
    focus_line(bidding, r"› bid None: .*; 3 of 3")


def test_question_mark_after_a_space_lists_the_keys(bidding) -> None:
    """keys.md: ? on an empty line lists the keys, and a line of spaces is
    empty (before, the ? was typed after the space)."""
    bidding.send(" ")
    bidding.wait_for(lambda: bidding.screen.cursor.x == 3, what="the space")
    bidding.send("?")
    bidding.wait_for(lambda: "F5: the scores" in bidding.output_lines(), what="the keys")
