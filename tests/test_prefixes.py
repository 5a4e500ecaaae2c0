"""A start shared by a move and a command is asked about, never guessed (issue 31).

keys.md and the house rule: "when a word could mean two things, ask, never
guess". `s` at a Nonesuch bid fits bid Some and the commands score, status and
suit: it used to bid Some. Now every such start is answered with what it could
be, at home and online, brief and full saying the same facts; a number is
offered only where one applies.
"""

from __future__ import annotations

import io
import re

import pytest

from clienttools import run
from sixdot.client.reading import Judge, read
from sixdot.client.session import Setup, Table, Turn
from sixdot.client.terminal import Terminal
from sixdot.games import NAMES, get_game
from sixdot.present.phrasebook import Phrasebook, Verbosity
from test_desk import PLAYERS, online, position


def starts(names: tuple[str, ...]) -> list[str]:
    """Every start of a command name that is no command's whole name."""
    return sorted({name[:n] for name in names for n in range(1, len(name))} - set(names))


def at_home(game: str, verbosity: Verbosity, moves: int) -> tuple[Table, Turn, io.StringIO]:
    """Local play at seat 0's turn after about `moves` random moves, and what it says."""
    state, events = position(game, moves)
    said = io.StringIO()
    home = Table(
        Setup(get_game(game), players=PLAYERS[game]),
        Phrasebook(verbosity=verbosity),
        # `quit` asks back: no, play on.
        Terminal(stdin=io.StringIO("no\n" * 1000), stdout=said),
    )
    home.announce(events)
    return home, Turn.at(state, 0, home.private[0]), said


def answer(home: Table, turn: Turn, said: io.StringIO, text: str) -> tuple[object, list[str]]:
    """What local play makes of `text` typed at the turn, and the lines it says."""
    before = len(said.getvalue())
    action = home.interpret(text, turn)
    return action, said.getvalue()[before:].splitlines()


def shared(turn: Turn, names: tuple[str, ...], start: str) -> tuple[list[str], list[str]]:
    """The moves a start reaches by their notation's start or a card's name,
    and the commands that start so."""
    moves = [
        a.notation
        for a in turn.legal
        if a.notation.lower().startswith(start)
        or any(word.lower().startswith(start) for word in a.notation.split()[1:])
    ]
    return moves, [name for name in names if name.startswith(start)]


@pytest.mark.parametrize("game", NAMES)
def test_a_start_of_a_command_never_plays_a_move_at_home_or_online(game: str) -> None:
    asked = 0
    for moves in (0, 12):
        home, turn, said = at_home(game, Verbosity.FULL, moves)
        state, events = position(game, moves)
        away = online(game, home.words, list(home.names), state, events)
        names = home.command_names(0)
        for start in starts(names):
            action, lines = answer(home, turn, said, start)
            reply = away.typed(start)
            if action is None and lines and "could be" in lines[-1]:
                asked += 1
                # Every command that starts so is named, so nothing is hidden.
                for name in shared(turn, names, start)[1]:
                    assert re.search(rf"\b{name}\b", lines[-1]), (start, lines)
            assert action is None, f"{game}: {start!r} played {action}"
            assert not any(m.get("type") == "move" for m in reply.send), (game, start, reply)
    assert asked, f"{game}: no start of a command fits a move here"


@pytest.mark.parametrize("game", NAMES)
def test_brief_and_full_answer_a_start_with_the_same_facts(game: str) -> None:
    rules = get_game(game).rules
    state, _ = position(game, 12)
    judge = Judge(
        refusal=lambda action: state.refusal(0, action),
        interpretations=lambda action: state.interpretations(0, action),
    )
    full, _, _ = at_home(game, Verbosity.FULL, 12)
    brief, _, _ = at_home(game, Verbosity.BRIEF, 12)
    legal = Turn.at(state, 0, full.private[0]).legal
    names = full.command_names(0)
    candidates = sorted({a.notation for a in legal} | set(names), key=len, reverse=True)

    def facts(line: str) -> tuple[set[str], set[str], set[str]]:
        """The numbers, the moves and commands named, and the words that say
        what to type next."""
        named = set()
        for name in candidates:
            if re.search(rf"(?<![\w ]){re.escape(name)}\b", line, re.IGNORECASE):
                named.add(name)
        hints = set(re.findall(r"\b(more|number|or moves|or help)\b", line.lower()))
        return set(re.findall(r"\b\d+\b", line)), named, hints

    compared = 0
    for start in starts(names):
        long = read(start, legal, rules, full.private[0], judge, names)
        short = read(start, legal, rules, brief.private[0], judge, names)
        assert (long.move, long.meanings, long.command) == (
            short.move,
            short.meanings,
            short.command,
        )
        if long.error is not None and short.error is not None:
            compared += 1
            assert facts(long.error) == facts(short.error), (start, long.error, short.error)
    assert compared, f"{game}: no start answered with what it could be"


def test_s_at_a_nonesuch_bid_asks_and_so_bids_some() -> None:
    """The issue's reproduction: `s` bid Some though score, status and suit start so."""
    for verbosity in ("full", "brief"):
        args = ("play", "nonesuch", "--seed", "4", "--plain", "--verbosity", verbosity)
        result = run(*args, input="s\nso\nquit\nyes\n")
        lines = result.lines
        asked = next(i for i, line in enumerate(lines) if line.startswith('"s"'))
        for name in ("bid Some", "score", "status", "suit"):
            assert name in lines[asked], lines[asked]
        assert "number" not in lines[asked]
        bid = re.compile(r"You( bid|:) Some\.")  # full, brief
        assert not any(bid.match(line) for line in lines[:asked])
        assert any(bid.match(line) for line in lines[asked:])


def test_a_start_of_two_commands_offers_no_number() -> None:
    """'could be history or hint. Type more or a number.': no number applies."""
    for verbosity in ("full", "brief"):
        args = ("play", "nonesuch", "--seed", "4", "--plain", "--verbosity", verbosity)
        lines = run(*args, input="hi\nquit\nyes\n").lines
        line = next(line for line in lines if line.startswith('"hi"'))
        assert "history" in line and "hint" in line and "ype more" in line, line
        assert "number" not in line
