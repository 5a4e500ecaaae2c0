"""A watcher's view of Consonants and Letters: the public facts alone.

Random games of each; at every state the public view (`view(None)`) holds no
seat's cards, agrees with every seat's view on every public fact, and stays
the same when the hidden cards are dealt out again; and every review a
watcher may ask for answers it, never as if to a seat ("your", "you") nor
about a hand of cards.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from dataclasses import dataclass, fields, replace
from typing import Any

import pytest

from sixdot.core import GameState
from sixdot.games import get_game
from sixdot.games.consonants.rules import Fly, Phase
from sixdot.present.phrasebook import Phrasebook, Verbosity
from sixdot.present.presenter import Presenter


@dataclass(frozen=True)
class Privacy:
    """What one game keeps from the table, in its views and in its states."""

    #: View fields only a seat's own view fills: empty in the public view.
    private: tuple[str, ...]
    #: View fields of public facts each seat sees only some of, those that
    #: concern it: the public view holds every seat's.
    relative: tuple[str, ...]
    #: State fields holding the cards nobody sees but their holder (or nobody).
    hidden: tuple[str, ...]


GAMES = {
    "consonants": Privacy(
        private=("hand", "picks", "passed", "received"),
        relative=(),
        hidden=("hands", "picks", "kitty"),
    ),
    "letters": Privacy(private=("hand",), relative=("open_words",), hidden=("hands", "pile")),
}

#: A table: game, players, options, seed and verbosity; small targets and turn
#: caps keep each random game to a few hundred states.
TABLES = [
    ("consonants", 3, {"target": 25}, 1, Verbosity.FULL),
    ("consonants", 4, {"target": 25, "openpiles": True}, 2, Verbosity.BRIEF),
    ("consonants", 5, {"target": 25, "pass": 1}, 3, Verbosity.FULL),
    ("consonants", 6, {"target": 25, "pass": 0, "autocheck": True}, 4, Verbosity.FULL),
    ("consonants", 4, {"target": 150}, 5, Verbosity.FULL),
    ("letters", 2, {"turns": 2}, 1, Verbosity.FULL),
    ("letters", 3, {"turns": 2, "challenges": "end"}, 2, Verbosity.FULL),
    ("letters", 4, {"turns": 3, "singles": True}, 3, Verbosity.BRIEF),
    ("letters", 5, {"turns": 1, "autocheck": True}, 4, Verbosity.FULL),
    ("letters", 8, {"turns": 1, "challenges": "end"}, 5, Verbosity.BRIEF),
]

#: Words said only to a seat: a watcher is nobody's "you".
TO_A_SEAT = re.compile(r"\b(you|your|yours)\b", re.IGNORECASE)
#: A hand of cards ("your hand", "in hand", "Hand: Q, T", "Hand empty"), not a
#: deal ("Hand 3", "this hand").
A_HAND = re.compile(r"\b(your|in|a|the)\s+hand\b|\bhand\s*(,|:|empty\b|is\b)", re.IGNORECASE)


def states(name: str, players: int, options: dict[str, object], seed: int) -> Iterator[Any]:
    """Every state of a game of random legal moves."""
    state, _ = get_game(name).rules.begin(players, options, seed)
    rng = random.Random(seed)
    while True:
        yield state
        if state.is_over:
            return
        seat = rng.choice(state.to_act())
        state, _ = state.apply(seat, rng.choice(state.legal_actions(seat)))


def redealt(state: GameState, hidden: tuple[str, ...], rng: random.Random) -> GameState:
    """`state` with its hidden cards shuffled among their places, each place
    keeping its number of cards."""
    places = {n: getattr(state, n) for n in hidden}
    nested = {n: bool(cards) and isinstance(cards[0], tuple) for n, cards in places.items()}
    cards = [
        card
        for n, value in places.items()
        for card in ((c for part in value for c in part) if nested[n] else value)
    ]
    rng.shuffle(cards)
    dealt = iter(cards)

    def take(count: int) -> tuple[Any, ...]:
        return tuple(next(dealt) for _ in range(count))

    changes = {
        n: tuple(take(len(part)) for part in value) if nested[n] else take(len(value))
        for n, value in places.items()
    }
    return replace(state, **changes)  # type: ignore[type-var]


def reviews(presenter: Presenter, view: Any) -> dict[str, list[str]]:
    """Every review a watcher may ask for, by name, answered from `view`."""
    said = {
        "table": presenter.table(view),
        "score": presenter.score(view),
        "whose_turn": [presenter.whose_turn(view)],
    }
    for command, answer in presenter.commands().items():
        said[command] = answer(view, "")
    return said


def check_public_view(state: GameState, rules: Privacy, rng: random.Random) -> Any:
    """The public view's checks; returns it."""
    public = state.view(None)
    seats = [state.view(seat) for seat in range(state.players)]
    assert public.seat is None
    for f in fields(public):
        value = getattr(public, f.name)
        if f.name in rules.private:
            assert value == (), f.name
        elif f.name in rules.relative:
            assert set(value) == {item for view in seats for item in getattr(view, f.name)}
        elif f.name != "seat":
            assert all(value == getattr(view, f.name) for view in seats), f.name
    assert public == redealt(state, rules.hidden, rng).view(None)
    return public


def check_watcher(state: GameState, rules: Privacy, watcher: Presenter, rng: random.Random) -> str:
    """The public view's checks, then every review's lines for it; returns its phase."""
    public = check_public_view(state, rules, rng)
    for review, lines in reviews(watcher, public).items():
        assert lines and all(isinstance(line, str) and line for line in lines), review
        for line in lines:
            assert not TO_A_SEAT.search(line), (review, line)
            assert not A_HAND.search(line), (review, line)
    watcher.hand(public)  # the seat's own review: no cards to say, and no crash
    return str(public.phase.value)


def watcher_of(name: str, players: int, verbosity: Verbosity = Verbosity.FULL) -> Presenter:
    words = Phrasebook(verbosity=verbosity)
    names = words("player-names-bots").split(", ")[:players]
    return get_game(name).presenter(words, names, None)


@pytest.mark.parametrize(("name", "players", "options", "seed", "verbosity"), TABLES)
def test_a_watcher_sees_only_the_public_facts_and_hears_every_review(
    name: str, players: int, options: dict[str, object], seed: int, verbosity: Verbosity
) -> None:
    watcher = watcher_of(name, players, verbosity)
    rng = random.Random(seed)
    phases = {
        check_watcher(state, GAMES[name], watcher, rng)
        for state in states(name, players, options, seed)
    }
    assert "over" in phases


def test_a_watcher_hears_flying_by_night() -> None:
    """Random play seldom flies by night: the first scoring state of a random
    game, turned into the flyer's choice."""
    state = next(s for s in states("consonants", 4, {}, 1) if s.phase is Phase.WORDS)
    flying = replace(state, phase=Phase.FLY, flyer=state.turn, queue=())
    assert flying.legal_actions(state.turn) == (Fly(False), Fly(True))
    phase = check_watcher(
        flying, GAMES["consonants"], watcher_of("consonants", 4), random.Random(1)
    )
    assert phase == "fly"


def test_the_public_consonants_view_passes_to_nobody() -> None:
    state = get_game("consonants").rules.new_game(4, seed=7)
    public = state.view(None)
    assert public.phase is Phase.PASS
    assert public.pass_to is None and public.pass_from is None
    assert state.view(0).pass_to == 1 and state.view(0).pass_from == 3
