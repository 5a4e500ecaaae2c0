"""Issue 22: each input that crashed sixdot when fuzzed, as a reproduction.

Every test runs the real program as a new player's machine would meet the
input: typed on a pipe, or read from a saved game, the settings file or a
word list. None may end in a traceback; each refused line or file is answered
with one line saying what was wrong, and nothing typed or read is ever written
back raw to the terminal.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from clienttools import Conversation, pipe_env, run
from hostiletools import (
    GAME_NAMES,
    QUICK,
    a_saved_game,
    added,
    leftovers,
    raw_controls,
    run_raw,
    saves_folder,
    settings_file,
    slot,
)

MOVE = re.compile(r"^\d+\. ([^:]+)")
HEADER = re.compile(r"^Letters: \d players, seed \d+\.$")
#: Lines that crashed a game or were echoed raw, each with what its refusal
#: must quote of it ("" where a control character may be named or dropped).
TYPED = [
    # isdigit() takes these but int() does not: ValueError.
    ("²", "²"),
    ("³", "³"),
    ("①", "①"),
    ("⁵", "⁵"),
    ("-²", "-²"),
    ("choose ²", "²"),
    # Too large for babel's number formatting: decimal.InvalidOperation.
    ("9" * 26, "9" * 20),
    ("1" + "0" * 59, "1" + "0" * 19),
    # Written back raw: they clear, recolour or retitle the player's terminal.
    ("\x1b[2J\x1b]0;pwned\x07", "<ESC>[2J<ESC>]0;pwned<BEL>"),
    ("\x1b[31mred\x1b[0m", "<ESC>"),
    ("\x1b", "<ESC>"),
    ("a\x00b", ""),
    ("back\x08space", ""),
    ("del\x7f", ""),
]


def no_crash(rc: int, err: str, expected_rc: int = 0) -> None:
    assert "Traceback" not in err, err[-2000:]
    assert rc == expected_rc, err[-500:]


def answers(args: tuple[str, ...], typed: list[str]) -> list[str]:
    """What sixdot says to `typed`, sent as its first lines: no control byte, no crash.

    The run with the lines is compared with a run without them: what the
    program said besides is the same, so the difference is the answers.
    """
    plain = run_raw(*args)
    said = run_raw(*args, input="".join(f"{t}\n" for t in typed).encode())
    no_crash(said.rc, said.err)
    assert raw_controls(said.raw) == []
    return added(plain.lines, said.lines)


def one_refusal_each(typed: list[tuple[str, str]], said: list[str]) -> None:
    """One line for each refused line, quoting what was typed, within 100 characters."""
    assert len(said) == len(typed), said
    for (text, quoted), line in zip(typed, said, strict=True):
        assert quoted in line, (text, line)
        assert len(line) <= 100, line


# --- typed lines ------------------------------------------------------------------


@pytest.mark.parametrize("game", GAME_NAMES)
def test_lines_that_crashed_or_were_echoed_raw_are_refused_in_every_game(game: str) -> None:
    args = ("play", game, "--seed", "112", *QUICK[game])
    one_refusal_each(TYPED, answers(args, [text for text, _ in TYPED]))


def test_a_superscript_digit_at_the_menu_is_refused_and_the_menu_goes_on() -> None:
    extra = answers((), ["²"])
    assert len(extra) == 1 and "²" in extra[0] and len(extra[0]) <= 100, extra


def test_the_issue_reproduction_of_a_superscript_in_alphabeticell() -> None:
    out = run("play", "alphabeticell", "--players", "3", "--seed", "5", input="²\n")
    no_crash(out.rc, out.err)
    assert out.err == ""


PREFIXES = ["s", "st", "sta", "star"]


def test_a_prefix_of_140_alphagon_moves_is_summarised_in_one_line() -> None:
    """The list of `start` moves is longer than a message allows: it was a crash.
    The count is of moves; no command starts with st."""
    args = ("play", "alphagon", "--players", "3", "--seed", "161")
    listed = [m[1] for line in run(*args, input="moves\n").lines if (m := MOVE.match(line))]
    said = answers(args, PREFIXES)
    assert len(said) == len(PREFIXES), said[:5]
    for prefix, line in zip(PREFIXES, said, strict=True):
        count = sum(move.startswith(prefix) for move in listed)
        assert count > 100  # the reproduction still has its long list
        assert re.search(rf"\b{count}\b", line), (count, line)
        assert "type more" in line and re.search(r"\bmoves\b", line), line
        assert len(line) <= 100, line


def test_the_issue_reproduction_of_a_huge_number() -> None:
    args = ("play", "alphabeticell", "--players", "2", "--seed", "112")
    out = run(*args, input="99999999999999999999999999\n")
    no_crash(out.rc, out.err)
    count = len([line for line in run(*args, input="moves\n").lines if MOVE.match(line)])
    refusal = next(line for line in out.lines if "99999999999999999999999999" in line)
    assert re.search(rf"\b{count}\b", refusal), refusal  # what is accepted


def test_the_issue_reproduction_of_an_echoed_escape_sequence() -> None:
    out = run_raw(
        "play", "alphabeticell", "--players", "2", "--seed", "1", input=b"\x1b[2J\x1b]0;pwned\x07\n"
    )
    no_crash(out.rc, out.err)
    assert b"\x1b" not in out.raw and b"\x07" not in out.raw
    assert b"<ESC>" in out.raw


def test_escape_sequences_at_the_menu_are_shown_by_name() -> None:
    out = run_raw(input=b"\x1b[31mred\x1b[0m\n\x00\n")
    no_crash(out.rc, out.err)
    assert raw_controls(out.raw) == []
    assert b"<ESC>" in out.raw


# --- saved games --------------------------------------------------------------------


def broken_save(content: bytes | str, game: str = "letters", seed: int = 5) -> Path:
    path = slot(game, seed)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content.encode() if isinstance(content, str) else content)
    return path


def refused_by_resume(path: Path) -> str:
    """`resume` exits 2 with one line naming the file; the file is left as it was."""
    before = path.read_bytes()
    out = run("resume")
    no_crash(out.rc, out.err, expected_rc=2)
    lines = out.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("sixdot: "), out.err[:500]
    assert path.name in lines[0] and len(lines[0]) <= 200, lines[0][:300]
    assert path.read_bytes() == before
    return lines[0]


def menu_goes_on(path: Path) -> None:
    """The menu says the save is not offered, in lines within 200 characters, and a
    new game can still be started; the file is left as it was."""
    before = path.read_bytes()
    talk = Conversation(timeout=20)
    try:
        while (line := talk.next_line()) is not None:
            if line == "Choose a game:":
                talk.send("letters")
            elif m := re.match(r"^(\d+)\. Start a new game$", line):
                talk.send(m[1])
            elif HEADER.match(line):
                talk.send("quit")
                talk.send("yes")
            elif "Enter for" in line:
                talk.send("")  # a question of the setup: its default
        rc, err = talk.finish()
    finally:
        talk.kill()
    no_crash(rc, err)
    assert any(path.name in line for line in talk.lines), talk.lines[:5]
    assert all(len(line) <= 200 for line in talk.lines), max(talk.lines, key=len)[:300]
    assert any(HEADER.match(line) for line in talk.lines), talk.lines[-5:]
    assert path.read_bytes() == before


def test_a_saved_game_nested_100000_deep_is_refused_by_resume_and_the_menu() -> None:
    path = broken_save("[" * 100_000)
    assert re.search(r"nest|deep", refused_by_resume(path))
    menu_goes_on(path)


def test_a_saved_move_of_100000_characters_is_quoted_short() -> None:
    path = a_saved_game()
    data = json.loads(path.read_text())
    data["moves"].append([0, "x" * 100_000])
    path.write_text(json.dumps(data))
    refused_by_resume(path)
    menu_goes_on(path)


def test_a_saved_game_version_given_as_text_says_its_type() -> None:
    path = a_saved_game()
    data = json.loads(path.read_text())
    path.write_text(json.dumps({**data, "version": "1"}))
    line = refused_by_resume(path)
    assert re.search(r"\b(text|string)\b", line), line
    assert "version 1, not 1" not in line


def test_a_temporary_file_left_by_a_killed_run_is_gone_after_the_next_start() -> None:
    """kill -9 during a save left tmp*.tmp files behind; the next start sweeps them."""
    a_saved_game()
    folder = saves_folder()
    for name in ("tmpa1b2c3.tmp", ".letters-5.json.999999999.tmp"):
        (folder / name).write_bytes(b'{"format": "sixdot saved')
    out = run("resume", input="")
    no_crash(out.rc, out.err)
    assert leftovers() == []


# --- the settings file ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "script"),
    [
        (("play", "letters", "--seed", "5"), "draw\nquit\nyes\n"),
        ((), "quit\n"),
        (("simulate", "letters", "--games", "1", "--seed", "2"), ""),
    ],
    ids=["play", "menu", "simulate"],
)
def test_settings_nested_50000_deep_give_one_notice_and_the_defaults(
    args: tuple[str, ...], script: str
) -> None:
    plain = run(*args, input=script)
    settings = settings_file()
    settings.parent.mkdir(parents=True, exist_ok=True)
    settings.write_text("x = " + "[" * 50_000 + "\n")
    before = settings.read_bytes()
    out = run(*args, input=script)
    no_crash(out.rc, out.err)
    notice = added(speed_said(plain.err), speed_said(out.err))
    assert len(notice) == 1 and str(settings) in notice[0] and len(notice[0]) <= 200, notice
    assert out.lines == plain.lines
    assert settings.read_bytes() == before


def speed_said(err: str) -> list[str]:
    """stderr without the speed `simulate` reports there, which differs run to run."""
    return [line for line in err.splitlines() if not line.endswith("per second.")]


# --- word lists ---------------------------------------------------------------------------


def refused_list(path: Path, *args: str, timeout: float = 30) -> str:
    out = run(*(args or ("play", "letters")), "--dictionary", str(path), input="", timeout=timeout)
    no_crash(out.rc, out.err, expected_rc=2)
    lines = out.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("sixdot: "), out.err[:500]
    assert len(lines[0]) <= 200, lines[0][:300]
    return lines[0]


def test_a_bad_line_of_2_mb_in_a_word_list_is_quoted_short(tmp_path: Path) -> None:
    path = tmp_path / "words.txt"
    path.write_text("cat\n" + "c@t" * 700_000 + "\ndog\n")
    assert "line 2" in refused_list(path)


def test_a_word_list_that_never_ends_is_refused_quickly() -> None:
    """/dev/zero ended in a MemoryError; it is too large, or not a word list."""
    line = refused_list(Path("/dev/zero"), timeout=20)
    assert re.search(r"large|not a word list|not a text", line), line


def test_a_word_of_1000_letters_does_not_overflow_the_stack(tmp_path: Path) -> None:
    """Consonants' word search recursed once per letter: RecursionError past ~1000."""
    path = tmp_path / "words.txt"
    path.write_text("cat\ndog\nbird\n" + "ab" * 600 + "\nfish\n")
    out = run(
        "simulate",
        "consonants",
        "--games",
        "1",
        "--players",
        "3",
        "--dictionary",
        str(path),
        timeout=120,
    )
    assert "RecursionError" not in out.err and "Traceback" not in out.err, out.err[-1500:]
    if out.rc == 0:
        assert out.lines and len(speed_said(out.err)) <= 1  # played, at most a notice
    else:
        assert out.rc == 2 and len(out.err.splitlines()) == 1, out.err[:500]
        assert out.err.startswith("sixdot: ") and len(out.err) <= 201, out.err[:300]


def test_a_byte_order_mark_before_the_first_word_is_accepted(tmp_path: Path) -> None:
    """Windows editors start UTF-8 files with U+FEFF; the first word is still a word.

    The list holds that word alone: had it been skipped, the list would be empty.
    """
    path = tmp_path / "words.txt"
    path.write_bytes("\ufeffcat\n".encode())
    out = run("play", "letters", "--seed", "5", "--dictionary", str(path), input="quit\nyes\n")
    no_crash(out.rc, out.err)
    assert out.err == ""
    assert out.lines[0].startswith("Letters: ")


# --- the rules core ---------------------------------------------------------------------------

ALIEN_ACTION = textwrap.dedent(
    """
    from sixdot.core import IllegalAction
    from sixdot.games import GAMES

    rules = GAMES["letters"].rules
    state = rules.new_game(3, {}, 5)
    seat = state.to_act()[0]
    state, _ = state.apply(seat, rules.parse_action("draw"))  # now a discard is due
    for name, game in GAMES.items():
        if name == "letters":
            continue
        other = game.rules.new_game(game.rules.default_players, {}, 5)
        action = other.legal_actions(other.to_act()[0])[0]
        try:
            state.apply(seat, action)
        except IllegalAction:
            print(name, "refused")
        except Exception as err:
            print(name, type(err).__name__)
        else:
            print(name, "played")
    """
)


@pytest.mark.parametrize("optimize", [[], ["-O"]], ids=["asserts", "python-O"])
def test_letters_refuses_another_games_action_as_illegal(optimize: list[str]) -> None:
    """An AssertionError, or under -O an AttributeError, is not a refusal."""
    out = subprocess.run(
        [sys.executable, *optimize, "-c", ALIEN_ACTION],
        capture_output=True,
        text=True,
        timeout=60,
        env=pipe_env(),
    )
    assert "Traceback" not in out.stderr, out.stderr[-1500:]
    said = dict(line.split() for line in out.stdout.splitlines())
    assert said == {name: "refused" for name in GAME_NAMES if name != "letters"}


def test_a_superscript_digit_in_an_alphagon_square_is_no_square() -> None:
    """`go G²` once crashed the game: `²` passes isdigit() but int() refuses it."""
    out = run("play", "alphagon", "--seed", "1", input="go G²\ngo G7\n")
    no_crash(out.rc, out.err)
    assert out.err == ""
    assert any(line.startswith('No square "g²"') for line in out.lines)  # refused, quoted


def test_a_superscript_digit_typed_online_is_no_number() -> None:
    from sixdot.client.listener import Listener
    from sixdot.present.phrasebook import Phrasebook

    me = Listener(Phrasebook())
    for line in ("create letters timer=²", "sit ²", "watch ²", "²"):
        reply = me.typed(line)  # no ValueError: a word, not a number
        assert reply.send == [] and reply.say, line
