"""A start shared by a move and a command is asked about, never guessed (issue 31).

keys.md and the house rule: "when a word could mean two things, ask, never
guess". `s` at a Nonesuch bid fits bid Some and the commands score, status and
suit: it used to bid Some. Now every such start is a question listing what it
could be by number, at home and online, brief and full saying the same facts,
and the next line answers it by number, name or unique start; a number is
offered only where the choices are numbered.
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
            away = online(game, home.words, list(home.names), state, events)
            reply = away.typed(start)
            if action is None and len(lines) > 2 and "could be" in lines[0]:
                asked += 1
                # Every command that starts so is listed, so nothing is hidden.
                listed = "\n".join(lines[1:])
                for name in shared(turn, names, start)[1]:
                    assert re.search(rf"^\d+\. {name}$", listed, re.MULTILINE), (start, lines)
                # Online asks too, listing the same moves (it has commands of its
                # own, which may make the choices too many to list: then counted).
                if reply.say and "could be" in reply.say[0]:
                    listed = [line for line in lines[1:] if re.match(r"\d+\. ", line)]
                    moves = [line for line in listed if line.partition(". ")[2] not in names]
                    assert set(moves) <= set(reply.say[1:]), (start, moves, reply.say)
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
    full, at_full, said_full = at_home(game, Verbosity.FULL, 12)
    brief, at_brief, said_brief = at_home(game, Verbosity.BRIEF, 12)
    legal = at_full.legal
    names = full.command_names(0)
    candidates = sorted({a.notation for a in legal} | set(names), key=len, reverse=True)

    def facts(line: str) -> tuple[set[str], set[str], set[str]]:
        """The numbers, the moves and commands named, and the words that say
        what to type next."""
        named = set()
        for name in candidates:
            if re.search(rf"(?<![\w ]){re.escape(name)}\b", line, re.IGNORECASE):
                named.add(name)
        hints = set(re.findall(r"\b(more|number|name|or moves|or help)\b", line.lower()))
        return set(re.findall(r"\b\d+\b", line)), named, hints

    def choices(lines: list[str]) -> list[str]:
        """A question's numbered choices: each number, and the command named
        (full verbosity may say a move in more words)."""
        found = []
        for line in lines:
            place, _, label = line.partition(". ")
            found.append(f"{place}. {label}" if label in names else place)
        return found

    compared = 0
    for start in starts(names):
        long = read(start, legal, rules, full.private[0], judge, names)
        short = read(start, legal, rules, brief.private[0], judge, names)
        assert (long.move, long.meanings, long.command, long.also) == (
            short.move,
            short.meanings,
            short.command,
            short.also,
        )
        if long.error is not None and short.error is not None:
            compared += 1
            assert facts(long.error) == facts(short.error), (start, long.error, short.error)
        elif long.move is None and len(long.meanings) + len(long.also) > 1:  # asked
            compared += 1
            asked_long = answer(full, at_full, said_full, start)[1]
            asked_short = answer(brief, at_brief, said_brief, start)[1]
            assert facts(asked_long[0]) == facts(asked_short[0]), (asked_long, asked_short)
            assert "number" in facts(asked_short[0])[2], asked_short
            assert choices(asked_long[1:]) == choices(asked_short[1:]), (asked_long, asked_short)
    assert compared, f"{game}: no start answered with what it could be"


def question(lines: list[str], start: str) -> list[str]:
    """The numbered choices asked after `start` was typed, as they were said."""
    at = next(i for i, line in enumerate(lines) if line.startswith(f'"{start}"'))
    assert "number" in lines[at], lines[at]
    listed = []
    for place, line in enumerate(lines[at + 1 :], 1):
        if not line.startswith(f"{place}. "):
            break
        listed.append(line.removeprefix(f"{place}. "))
    return listed


def test_s_at_a_nonesuch_bid_asks_by_number_and_the_number_answers() -> None:
    """The issue's reproduction: `s` bid Some though score, status and suit
    start so. Now it is a numbered question, answered by number, name or
    unique start; an answer that chooses none asks again."""
    bid = re.compile(r"You( bid|:) Some\.")  # full, brief
    for verbosity in ("full", "brief"):
        args = ("play", "nonesuch", "--seed", "4", "--plain", "--verbosity", verbosity)
        lines = run(*args, input="s\n9\nsc\ns\n1\nquit\nyes\n").lines
        listed = question(lines, "s")
        assert [label.split(":")[0] for label in listed] == ["bid Some", "score", "status", "suit"]
        again = next(i for i, line in enumerate(lines) if line.startswith("Nothing done"))
        assert re.search(r"\b1 to 4\b", lines[again]), lines[again]
        assert lines[again + 1].startswith("Scores"), lines[again + 1]  # `sc`: score
        assert not any(bid.match(line) for line in lines[:again])
        assert any(bid.match(line) for line in lines[again:])


def test_a_start_of_two_commands_offers_a_number_only_as_a_numbered_question() -> None:
    """'could be history or hint. Type more or a number.': no number applied.
    Now the choices are numbered, and the number answers."""
    for verbosity in ("full", "brief"):
        args = ("play", "nonesuch", "--seed", "4", "--plain", "--verbosity", verbosity)
        lines = run(*args, input="hi\n2\nquit\nyes\n").lines
        assert question(lines, "hi") == ["history", "hint"]
        assert any(line.startswith("Hint: ") for line in lines), lines


@pytest.mark.parametrize("verbosity", list(Verbosity))
def test_online_the_next_line_answers_the_question_as_at_home(verbosity: Verbosity) -> None:
    """sixdot join (and the web page, whose seat runs the same Listener): the
    question `s` puts is answered by number, name or unique start; a number
    it does not list asks again, never plays the move of that number; another
    command instead is run as typed."""
    words = Phrasebook(verbosity=verbosity)
    state, events = position("nonesuch", 0)
    fresh = lambda: online("nonesuch", words, ["Ana", "Ben", "Cy"], state, events)  # noqa: E731
    away = fresh()
    listed = question(away.typed("s").say, "s")
    assert [label.split(":")[0] for label in listed[:1]] == ["bid Some"]
    assert {"score", "status", "suit"} <= set(listed)
    again = away.typed(str(len(listed) + 1)).say
    assert again[0].startswith("Nothing done") and not away.typed("s").send
    assert away.typed("1").send == [{"type": "move", "move": "bid Some", "turn": 0}]
    away = fresh()
    away.typed("s")
    assert away.typed("sc").say == away.typed("score").say  # a unique start: score
    away = fresh()
    away.typed("s")
    assert away.typed("hand").say == fresh().typed("hand").say  # moved on
    assert away.asking is None


@pytest.mark.parametrize("verbosity", list(Verbosity))
def test_tab_on_an_empty_line_counts_moves_and_commands_online_too(verbosity: Verbosity) -> None:
    """Issue 31: Tab on an empty line said '22 start "": type more, or moves.'
    sixdot join words it as at home (tests/test_keys_pty.py): the counts, and
    what to type."""
    state, events = position("nonesuch", 0)
    away = online("nonesuch", Phrasebook(verbosity=verbosity), ["Ana", "Ben", "Cy"], state, events)
    line = away.candidates("", away.completions())
    moves = len(away.legal)
    assert re.match(rf"{moves} moves(,| and) \d+ commands: type a (first )?letter, or moves", line)
    assert '""' not in line
