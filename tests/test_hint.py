"""The hint says why (issue 16).

A hint is the sensible bot's move, as its notation so it can be typed back as
it is, then the bot's reason in a short clause: `Hint: pass Z, your riskiest
card.` The tests play real bot games of every game and ask for the hint at
positions along the way, and check that every reason a bot can give has its
words in the phrasebook.
"""

from __future__ import annotations

import ast
import io
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest

import sixdot.bots
from clienttools import Conversation
from sixdot.bots import Explaining, Reason
from sixdot.client.hint import clause
from sixdot.client.session import Setup, Table, Turn
from sixdot.client.terminal import Terminal
from sixdot.core import Action, GameState, Refusal
from sixdot.games import get_game
from sixdot.present.phrasebook import Phrasebook, Verbosity
from sixdot.resources import shared_dir

GAMES = {"consonants": 4, "letters": 3, "nonesuch": 3, "alphabeticell": 3, "alphagon": 3}
SEEDS = (0, 1)
#: Hints checked per reason key (and per move with no reason) in each game.
PER_KEY = 4
HINT = re.compile(r"^Hint: (?P<move>[^,]+?)(?:, (?P<why>.+))?\.$")

#: Reasons the bots give too seldom to turn up in the games played here, with
#: arguments as their bots give them (see each game's bots.py).
SELDOM: dict[str, dict[str, Any]] = {
    "why-not-a-word": {"word": "QXZT"},
    "why-con-fly-others": {},
    "why-con-fly-self": {},
    "why-con-keep-wild": {"card": "R", "letter": "R"},
    "why-let-no-words": {},
    "why-let-take-loss": {"card": "S", "points": 5},
    **{
        f"why-agn-{kind}": {"move": move}
        for kind, move in (
            ("answer", "answer POLICE"),
            ("contradict", "contradict POLICY"),
            ("correct", "correct POLICE"),
            ("accept", "accept"),
            ("concede", "concede"),
            ("take-letter", "take E"),
            ("take-again", "take E"),
            ("take-bonus", "take bonus"),
            ("lose", "lose Q"),
            ("doubt", "doubt"),
            ("place-no-word", "place Q"),
        )
    },
}


def table(name: str, seed: int = 0, verbosity: Verbosity = Verbosity.FULL) -> Table:
    """A table with every seat at the keyboard, so any seat can ask for a hint."""
    players = GAMES[name]
    setup = Setup(get_game(name), players=players, humans=players, seed=seed)
    terminal = Terminal(stdin=io.StringIO(""), stdout=io.StringIO())
    return Table(setup, Phrasebook(verbosity=verbosity), terminal)


def decision(name: str, seat: int, seed: int, state: GameState) -> tuple[Action, Reason | None]:
    """What a fresh sensible bot would do here, and why."""
    bot = get_game(name).bots["sensible"](seat, seed)
    view, legal = state.view(seat), state.legal_actions(seat)
    if isinstance(bot, Explaining):
        return bot.decide(view, legal)
    choice = bot.choose(view, legal)
    return choice, bot.reason(view, legal, choice)


def positions(name: str, seed: int) -> Iterator[tuple[GameState, int, Reason | None]]:
    """Every decision of a whole game between sensible bots: the state, the seat
    to act and the reason its bot gives (None: none)."""
    game = get_game(name)
    players = GAMES[name]
    state, _ = game.rules.begin(players, {}, seed=seed)
    bots = [game.bots["sensible"](s, seed) for s in range(players)]
    while not state.is_over:
        seat = state.to_act()[0]
        view, legal = state.view(seat), state.legal_actions(seat)
        bot = bots[seat]
        if isinstance(bot, Explaining):
            action, why = bot.decide(view, legal)
        else:
            action = bot.choose(view, legal)
            why = bot.reason(view, legal, action)
        yield state, seat, why
        state, _ = state.apply(seat, action)


@cache
def sampled(name: str) -> tuple[tuple[int, GameState, int, Reason | None], ...]:
    """Up to PER_KEY positions of each reason key (and of no reason), over SEEDS."""
    counts: dict[str | None, int] = {}
    found = []
    for seed in SEEDS:
        for state, seat, why in positions(name, seed):
            key = why.key if why else None
            if counts.get(key, 0) < PER_KEY:
                counts[key] = counts.get(key, 0) + 1
                found.append((seed, state, seat, why))
    return tuple(found)


@cache
def observed(name: str) -> dict[str, list[Reason]]:
    """Every reason given in the games over SEEDS, by key (a few of each)."""
    found: dict[str, list[Reason]] = {}
    for seed in SEEDS:
        for _, _, why in positions(name, seed):
            if why is not None and len(found.setdefault(why.key, [])) < 20:
                found[why.key].append(why)
    return found


def source_keys() -> set[str]:
    """Every `why-` key written in the bots' source."""
    files = [Path(sixdot.bots.__file__)]
    files += sorted((Path(sixdot.bots.__file__).parent / "games").glob("*/bots.py"))
    keys = set()
    for path in files:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            value = node.value if isinstance(node, ast.Constant) else None
            if isinstance(value, str) and re.fullmatch(r"why-[a-z-]+", value):
                keys.add(value)
    return keys


def phrasebook_keys() -> set[str]:
    keys = set()
    for path in (shared_dir("speech") / "en").glob("*.ftl"):
        keys |= set(re.findall(r"^(why-[a-z-]+) *=", path.read_text("utf-8"), re.MULTILINE))
    return keys


@pytest.mark.parametrize("name", GAMES)
def test_the_hint_is_a_move_typed_back_as_it_is_and_says_why(name: str) -> None:
    tables = {seed: table(name, seed) for seed in SEEDS}
    reasons = 0
    for seed, state, seat, why in sampled(name):
        at = tables[seed]
        legal = state.legal_actions(seat)
        turn = Turn(state, seat, legal, at.private[seat])
        [line] = at.command("hint", turn, "")
        choice, expected = decision(name, seat, seed, state)
        assert expected == why  # a fresh bot gives the same reason as the player's
        said = HINT.match(line)
        assert said, line
        assert said["move"] == turn.me.spoken(choice)  # as every line names its cards
        # Typed back as it is, the hint is its move, legal here.
        assert at.interpret(said["move"], turn) == choice
        assert state.refusal(seat, choice) is None
        state.apply(seat, choice)
        if why is None:
            assert said["why"] is None, line
        else:
            reasons += 1
            assert said["why"] == clause(at.setup.game, turn.me, why)
            assert not re.search(r"[{}$]", said["why"]), line
    assert reasons > 0


@pytest.mark.parametrize("name", GAMES)
def test_a_hint_line_fits_a_braille_display_where_it_can(name: str) -> None:
    """Brief: a short move's hint is one 40-cell line; full: it says no less."""
    brief, full = table(name, verbosity=Verbosity.BRIEF), table(name)
    for seed, state, seat, why in sampled(name):
        if why is None or seed != 0:
            continue
        legal = state.legal_actions(seat)
        [short] = brief.command("hint", Turn(state, seat, legal, brief.private[seat]), "")
        [long] = full.command("hint", Turn(state, seat, legal, full.private[seat]), "")
        move = HINT.match(short)["move"]  # type: ignore[index]
        assert len(long) >= len(short)
        if len(move) <= 12:
            assert len(short) <= 40, short


def test_every_reason_a_bot_gives_has_its_words_and_no_words_are_left_over() -> None:
    keys = source_keys()
    assert len(keys) >= 45
    assert keys == phrasebook_keys()
    seen = set().union(*(observed(name) for name in GAMES))
    assert keys <= seen | set(SELDOM), keys - seen - set(SELDOM)


@pytest.mark.parametrize("verbosity", list(Verbosity))
@pytest.mark.parametrize("name", GAMES)
def test_every_reason_renders_with_the_facts_its_bot_gives(name: str, verbosity: Verbosity) -> None:
    at = table(name, verbosity=verbosity)
    me = at.private[0]
    reasons = [why for whys in observed(name).values() for why in whys]
    prefix = get_game(name).presenter.prefix
    reasons += [
        Reason.of(key, **args)
        for key, args in SELDOM.items()
        if key.startswith(f"why-{prefix}-") or key == "why-not-a-word"
    ]
    for why in reasons:
        said = clause(at.setup.game, me, why)  # a missing fact raises PhrasebookError
        assert said and not re.search(r"[{}$]", said), (why, said)
        line = at.words("hint-why", move="pass", why=said)
        assert line.startswith("Hint: pass, ") and line.endswith(".")


def test_cards_named_by_face_are_said_as_the_game_says_cards() -> None:
    at = table("consonants")
    me = at.private[0]
    heard: list[Refusal] = []

    def reason(refusal: Refusal) -> str:
        heard.append(refusal)
        return "said"

    me.reason = reason  # type: ignore[method-assign]
    for face in ("A/E", "?", "T"):
        assert clause(at.setup.game, me, Reason.of("why-con-pass", card=face)) == "said"
    assert [r.args["card"] for r in heard] == ["A over E", "wild", "T"]


def test_alphabeticell_says_the_line_letters_spaced_out() -> None:
    at = table("alphabeticell")
    assert clause(at.setup.game, at.private[0], Reason.of("why-abc-take", line="LOR")) == (
        "your line grows to L O R"
    )


@pytest.mark.parametrize(
    ("name", "full", "brief"),
    [
        ("consonants", "Hint: pass Z, your riskiest card.", "Hint: pass Z, your riskiest card."),
        (
            "nonesuch",
            "Hint: bid Some, the best expected score for your cards.",
            "Hint: bid Some, best for your cards.",
        ),
        (
            "alphabeticell",
            "Hint: keep AJ, best start for a line.",
            "Hint: keep AJ, best start.",
        ),
        (
            "alphagon",
            "Hint: start C3 east B, room for your longest word.",
            "Hint: start C3 east B, longest word.",
        ),
    ],
)
def test_the_program_says_the_hint_with_its_reason(name: str, full: str, brief: str) -> None:
    for verbosity, expected in (("full", full), ("brief", brief)):
        talk = Conversation("play", name, "--seed", "3", "--plain", "--verbosity", verbosity)
        try:
            talk.send("hint")
            while (line := talk.next_line()) is not None and not line.startswith("Hint"):
                pass
            assert line == expected
            talk.send("quit")
            talk.send("yes")
            talk.finish()
        finally:
            talk.kill()


#: A line saying a typed command was not played as it was typed.
ERROR = re.compile(
    r"^(Refused|Careful|Not played|Unknown command|No move)\b|is not a move|could be|ways\. Which"
)


@pytest.mark.parametrize("name", GAMES)
def test_hints_typed_back_through_a_pipe_are_played(name: str) -> None:
    """Ten turns, each played by typing back the hint's move as it was said."""
    talk = Conversation("play", name, "--seed", "5", "--plain")
    played = 0
    try:
        while played < 10:
            talk.send("hint")
            lines = []
            while (line := talk.next_line()) is not None and not line.startswith("Hint"):
                lines.append(line)
            assert not [x for x in lines if ERROR.search(x)], lines
            if line is None:
                break  # the game is over
            said = HINT.match(line)
            assert said, line
            talk.send(said["move"])
            played += 1
        talk.send("quit")
        talk.send("yes")
        talk.finish()
    finally:
        talk.kill()
    assert played == 10
    assert not [x for x in talk.lines if ERROR.search(x)]
