"""A whole Alphagon game by keys alone, in a real pseudo-terminal.

The walk starts on the square where the next letter goes: Right shows it,
Enter offers its letters, Right and Enter place one. After placing, the
letter e jumps to the end move. Nothing is ever typed.
"""

from __future__ import annotations

import re

from clienttools import PtyClient

RIGHT, ENTER = "\x1b[C", "\r"


def focused(pty: PtyClient) -> str:
    pty.wait_for(lambda: not pty.at_prompt(), what="a focused item")
    pty.settle(0.02)
    return pty.cursor_line


def test_a_whole_game_by_arrows_enter_and_a_letter_key() -> None:
    pty = PtyClient("play", "alphagon", "--seed", "4", "--players", "2", "--option",
                    "target=8", rows=40)  # fmt: skip
    try:
        for _ in range(600):
            pty.wait_for(lambda: pty.eof or pty.at_prompt(), timeout=20, what="prompt or end")
            if pty.eof:
                break
            pty.send(RIGHT)
            label = focused(pty)
            if ", next" in label and "Placed:" in "\n".join(pty.output_lines()[-3:]):
                pty.send("e")  # after placing: jump to the end move
                # The label may go on with its place in the list ("; 5 of 9").
                assert re.match(r"› end\b", focused(pty))
            pty.send(ENTER)
            pty.settle(0.1)
            if "Choose by number" in "\n".join(pty.output_lines()[-12:]) and pty.at_prompt():
                pty.send(RIGHT)
                focused(pty)
                pty.send(ENTER)
                pty.settle(0.1)
        said = "\n".join(pty.screen.transcript())
        assert re.search(r"\b(wins?|share the win) with \d+", said), said[-800:]
        assert re.search(r"^[A-Z] on [A-M]\d+, yours: word [A-Z]+\.$", said, re.MULTILINE)
    finally:
        pty.close()
