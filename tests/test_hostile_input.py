"""Issue 17: sixdot survives anything typed or read from its files, proven by fuzzing.

The piped client of every game is fed a mix of legal moves (move 1 is always
legal, so games advance) and hostile lines: control characters and escape
sequences, NUL and DEL, huge numbers, superscript digits, other scripts,
lines of 10,000 characters and prefixes of the moves listed. Every answer is
cut out of the conversation with a sentinel command; `table`, `hand` and
`history` before and after each line show whether it changed the game.

Saved games, the settings file and word lists are corrupted the same way:
truncated, random bytes, wrong types, deep nesting, huge lines, endless input.

A few examples a game in the normal run; the soak (1,000 games) needs --runslow.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import threading
import tomllib
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clienttools import Result, run
from hostiletools import (
    GAME_NAMES,
    GAME_OVER,
    INPUT_ENDED,
    QUICK,
    RawTalk,
    a_saved_game,
    command_names,
    listed_moves,
    raw_controls,
    settings_file,
    slot,
    snapshot,
)

# --- what is typed ----------------------------------------------------------------------

#: Control characters that are not line breaks or white space to `str.strip`
#: (those would make an empty line, which asks whose turn it is), and C1's CSI.
CONTROLS = [chr(c) for c in (*range(0x00, 0x09), 0x0E, *range(0x0F, 0x1C), 0x7F, 0x9B)]
SUPERSCRIPT_DIGITS = "⁰¹²³⁴⁵⁶⁷⁸⁹①②③④⑤⑩⑳"
FIXED = [
    "\x1b[2J\x1b]0;pwned\x07",
    "\x1b[31mred\x1b[0m",
    "\x1b",
    "\x1b[A",
    "\x1bOP",
    "\x00",
    "\x08\x08\x08",
    "\x7f",
    "0",
    "-1",
    "9" * 26,
    "choose ²",
    "-²",
    "\u202eevil",
    "漢字",
    "😀",
    "x" * 10_000,
    "1" * 10_000,
]
junk = st.sampled_from([*CONTROLS, "[", "]", ";", "<", ">", "#", "~", "^"])
hostile_lines = st.one_of(
    st.sampled_from(FIXED),
    st.lists(junk, min_size=1, max_size=24).map("".join),
    st.tuples(st.sampled_from(["", "-", "choose "]), st.text(SUPERSCRIPT_DIGITS, min_size=1)).map(
        "".join
    ),
    st.integers(10**6, 10**90).map(str),
    st.text(
        st.characters(min_codepoint=0x400, max_codepoint=0x4FF)
        | st.characters(min_codepoint=0x4E00, max_codepoint=0x4FFF)
        | st.characters(min_codepoint=0x1F600, max_codepoint=0x1F64F),
        min_size=1,
        max_size=30,
    ),
    st.tuples(st.sampled_from(["x", "é", "\x1b", "²", "["]), st.integers(201, 10_000)).map(
        lambda pair: pair[0] * pair[1]
    ),
)
#: A step of a game: move 1, a hostile line, or the start of the k-th listed move.
steps = st.lists(
    st.one_of(
        st.just(("legal", "1")),
        hostile_lines.map(lambda text: ("hostile", text)),
        st.integers(0, 10**6).map(lambda k: ("prefix", str(k))),
    ),
    min_size=3,
    max_size=14,
)


@cache
def commands(game: str) -> tuple[str, ...]:
    return command_names(game)


def prefix_of(game: str, moves: list[str], k: int) -> str | None:
    """A proper start of one of `moves`, or None if it would name a command too
    (a command's answer is many lines and changes nothing, like a refusal's)."""
    move = moves[k % len(moves)] if moves else ""
    if len(move) < 2:
        return None
    text = move[: 1 + (k // max(len(moves), 1)) % (len(move) - 1)]
    typed = text.strip().lower()
    if not typed or any(name.startswith(typed) for name in commands(game)):
        return None
    return text


#: The question asked when typed text begins several moves.
WHICH = re.compile(r'".*" can be played (?P<count>[0-9]+) ways\. Which one\? Type a number:')


def play_with_garbage(game: str, seed: int, script: list[tuple[str, str]]) -> None:
    """Play `script` into a game, then move 1 to its end; check every answer."""
    talk = RawTalk("play", game, "--seed", str(seed), *QUICK[game])
    try:
        talk.ask()  # the opening
        now = snapshot(talk)
        for kind, value in script:
            if talk.ended:
                break
            text: str | None = value
            if kind == "prefix":
                text = prefix_of(game, listed_moves(talk), int(value))
            if text is None:
                continue
            said = talk.ask(text)
            if talk.ended:
                break  # a legal move or a prefix of one ended the game
            asked = WHICH.fullmatch(said[0]) if said else None
            if asked:
                # The start of several moves is asked about by number, each line short.
                assert len(said) == 1 + int(asked["count"]), said
                assert all(len(line) <= 100 for line in said), said
                said = talk.ask("1")
                if talk.ended:
                    break
            after = snapshot(talk)
            refused = after.history == now.history
            if kind == "hostile":
                assert refused, f"{text[:60]!r} was played: {said[:3]}"
            if refused:
                assert len(said) == 1, f"{text[:60]!r} was answered with {said[:5]}"
                assert len(said[0]) <= 100, said[0]
                assert after == now, f"{text[:60]!r} changed the table or the hand"
            now = after
        talk.send(*["1"] * 3000)
        rc, err = talk.finish()
    finally:
        talk.kill()
    assert "Traceback" not in err, err[-2000:]
    assert rc == 0, err[-500:]
    assert raw_controls(talk.raw) == []
    assert any(GAME_OVER.search(line) for line in talk.lines), talk.lines[-5:]
    assert not any(INPUT_ENDED.match(line) for line in talk.lines), "the game did not end"


FEW = settings(
    max_examples=2,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
SOAK = settings(
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)


@pytest.mark.parametrize("game", GAME_NAMES)
@FEW
@given(seed=st.integers(1, 10_000), script=steps)
def test_a_game_fed_garbage_refuses_it_line_by_line_and_still_ends(
    game: str, seed: int, script: list[tuple[str, str]]
) -> None:
    play_with_garbage(game, seed, script)


@pytest.mark.parametrize("game", GAME_NAMES)
def test_every_fixed_hostile_line_is_refused_at_the_first_turn(game: str) -> None:
    """The known offenders, each one in every game, then the game played out."""
    play_with_garbage(game, 7, [("hostile", text) for text in FIXED])


@pytest.mark.slow
@pytest.mark.parametrize("game", GAME_NAMES)
@SOAK
@given(seed=st.integers(1, 10**6), script=steps)
def test_soak_200_games_each_fed_garbage(
    game: str, seed: int, script: list[tuple[str, str]]
) -> None:
    play_with_garbage(game, seed, script)


# --- corrupted files ------------------------------------------------------------------------


@contextlib.contextmanager
def endless_fifo(path: Path, chunk: bytes) -> Iterator[Path]:
    """A named pipe at `path` that gives `chunk` again and again to whoever reads it."""
    os.mkfifo(path)
    done = threading.Event()

    def feed() -> None:
        with contextlib.suppress(OSError), open(path, "wb") as pipe:
            while not done.is_set():
                pipe.write(chunk * 4096)

    writer = threading.Thread(target=feed, daemon=True)
    writer.start()
    try:
        yield path
    finally:
        done.set()
        # Unblock a writer still waiting for a reader, then let it see the end.
        with contextlib.suppress(OSError):
            reader = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
            os.close(reader)
        writer.join(timeout=5)


def one_error_line(err: str) -> str:
    lines = err.splitlines()
    assert "Traceback" not in err, err[-2000:]
    assert len(lines) == 1 and lines[0].startswith("sixdot: "), err[:500]
    assert len(lines[0]) <= 200, lines[0][:300]
    assert raw_controls(err.encode()) == [], err[:300]
    return lines[0]


def refused_save(path: Path) -> None:
    """`resume` refuses the file in one line naming it and leaves it as it was."""
    before = path.read_bytes() if path.is_file() else None
    out = run("resume", input="", timeout=20)
    assert out.rc == 2, out.err[-500:]
    assert path.name in one_error_line(out.err)
    assert (path.read_bytes() if path.is_file() else None) == before


def save_path() -> Path:
    path = slot("letters", 5)
    path.parent.mkdir(parents=True, exist_ok=True)
    return path


def wrong_types() -> list[tuple[str, object]]:
    """Fields of a saved game given values of a kind they never take."""
    whole = ["3", 3.5, None, [3], {"n": 3}, True, "\x1b[2J"]
    text = [3, None, ["letters"], {"a": 1}, True]
    return [
        *((field, value) for field in ("version", "players", "humans", "seed") for value in whole),
        *((field, value) for field in ("format", "game", "level") for value in text),
        *(("options", value) for value in (["target"], "target=5", 5)),
        *(("moves", value) for value in ({"0": "draw"}, "draw", 5, [[0, 5]], [["0", "draw"]])),
        *(("dictionary", value) for value in (5, ["words.txt"])),
    ]


@pytest.mark.parametrize(
    "content",
    [
        "[" * 1000,
        "[" * 100_000,
        '{"a":' * 100_000,
        '{"format": "' + "x" * 5_000_000 + '"}',
        '{"format": "sixdot saved game", "version": 1, "game": "' + "\x1b" * 2000 + '"}',
        "\x00" * 1000,
        "",
    ],
    ids=["nest-1000", "nest-100000", "objects-100000", "5mb-line", "escapes", "nul", "empty"],
)
def test_a_corrupted_save_is_refused_in_one_line_and_kept(content: str) -> None:
    path = save_path()
    path.write_text(content)
    refused_save(path)


def one_of_each_field() -> list[tuple[str, object]]:
    return list(dict(reversed(wrong_types())).items())


def test_a_save_with_a_field_of_the_wrong_type_is_refused() -> None:
    """One wrong value a field here; every one of them in the soak."""
    refused_with_fields(one_of_each_field())


@pytest.mark.slow
def test_soak_a_save_with_each_wrong_value_of_each_field_is_refused() -> None:
    refused_with_fields(wrong_types())


def refused_with_fields(values: list[tuple[str, object]]) -> None:
    path = a_saved_game()
    data = json.loads(path.read_text())
    for field, value in values:
        path.write_text(json.dumps({**data, field: value}))
        refused_save(path)


@FEW
@given(cut=st.floats(0, 0.999), noise=st.binary(min_size=1, max_size=400))
def test_a_save_cut_short_or_random_is_refused(cut: float, noise: bytes) -> None:
    path = a_saved_game() if not slot("letters", 5).exists() else slot("letters", 5)
    whole = path.read_bytes()
    for content in (whole[: int(len(whole) * cut)], noise):
        path.write_bytes(content)
        refused_save(path)
    path.write_bytes(whole)


def test_a_save_that_never_ends_is_refused() -> None:
    path = save_path()
    path.symlink_to("/dev/zero")
    refused_save(path)
    path.unlink()
    with endless_fifo(path, b"["):
        refused_save(path)


# --- the settings file


VALID_SETTINGS = '[speech]\nmode = "text"\n\n[speech.tts]\nrate = 200\nvolume = 0.5\n'
PLAY = ("play", "letters", "--seed", "5")


@cache
def game_without_settings() -> Result:
    return run(*PLAY, input="quit\nyes\n")


def settings_refused(content: bytes | None, expect_notice: bool = True) -> None:
    """With these settings, the game is the same, with at most one notice naming the
    file (exactly one if the file is broken), and the file is left as it was."""
    plain = game_without_settings()
    path = settings_file()
    if content is not None:
        path.write_bytes(content)
    before = path.read_bytes() if path.is_file() else None
    out = run(*PLAY, input="quit\nyes\n", timeout=20)
    assert out.rc == 0 and "Traceback" not in out.err, out.err[-1500:]
    assert out.lines == plain.lines
    notice = out.err.splitlines()
    assert len(notice) == (1 if expect_notice else len(notice[:1])), notice[:3]
    if notice:
        # The file's own value is cut short; the path is the test folder's, of any length.
        assert str(path) in notice[0], notice[0][:300]
        assert len(notice[0].replace(str(path), "")) <= 150, notice[0][:300]
        assert raw_controls(notice[0].encode()) == []
    assert (path.read_bytes() if path.is_file() else None) == before


def broken_toml(content: bytes) -> bool:
    try:
        tomllib.loads(content.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError, RecursionError):
        return True
    return False


@pytest.mark.parametrize(
    "content",
    [
        "x = " + "[" * 50_000,
        "x = " + "{a = " * 50_000,
        'x = "' + "y" * 2_000_000 + '"',
        '[speech]\nmode = "\x1b[2J"\n',
        "[speech]\nmode = 5\n",
        '[speech]\nmode = "' + "z" * 5000 + '"\n',
        "\x00\x01\x02",
        "\ufeff[speech]\nmode = ",
    ],
    ids=["arrays", "tables", "2mb-line", "escape", "wrong-type", "long-value", "nul", "cut"],
)
def test_broken_settings_give_one_notice_and_the_defaults(content: str) -> None:
    settings_file().parent.mkdir(parents=True, exist_ok=True)
    settings_refused(content.encode())


@FEW
@given(cut=st.floats(0, 1), noise=st.binary(min_size=1, max_size=300))
def test_settings_cut_short_or_random_never_crash(cut: float, noise: bytes) -> None:
    settings_file().parent.mkdir(parents=True, exist_ok=True)
    whole = VALID_SETTINGS.encode()
    for content in (whole[: int(len(whole) * cut)], noise):
        settings_refused(content, expect_notice=broken_toml(content))


def test_settings_that_never_end_give_one_notice() -> None:
    path = settings_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.symlink_to("/dev/zero")
    settings_refused(None)
    path.unlink()
    with endless_fifo(path, b"x = 1\n"):
        settings_refused(None)


# --- word lists


def refused_list(path: Path) -> str:
    before = path.read_bytes() if path.is_file() else None
    out = run("play", "letters", "--dictionary", str(path), input="", timeout=20)
    assert out.rc == 2, out.err[-500:]
    line = one_error_line(out.err)
    assert (path.read_bytes() if path.is_file() else None) == before
    return line


@pytest.mark.parametrize(
    "content",
    [
        b"cat\n" + b"x" * 3_000_000 + b"@\n",
        b"cat\n\x1b[2Jdog\n",
        b"cat\n\x00\x00\x00\n",
        b"cat\n\xe2\x82",  # cut inside a character
        b"cat\n" + "ж".encode() * 500 + b"\n",
        b"\xff\xfe" + "cat\n".encode("utf-16-le"),
    ],
    ids=["3mb-line", "escape", "nul", "cut-utf8", "cyrillic", "utf16"],
)
def test_a_broken_word_list_is_refused_in_one_line(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "words.txt"
    path.write_bytes(content)
    refused_list(path)


@FEW
@given(noise=st.binary(min_size=1, max_size=500))
def test_a_word_list_of_random_bytes_is_refused(tmp_path: Path, noise: bytes) -> None:
    path = tmp_path / "noise.txt"
    path.write_bytes(noise + b"\n@\x00")  # never a list of words
    refused_list(path)


def test_a_word_list_that_never_ends_is_refused(tmp_path: Path) -> None:
    with endless_fifo(tmp_path / "words.txt", b"cat\n") as path:
        assert "words.txt" in refused_list(path)
