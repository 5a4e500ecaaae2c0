"""A watcher's view of Alphabeticell, Nonesuch and Alphagon: the public facts alone.

A watcher at an online table holds no seat: `view(None)` is what everyone at
the table knows. Random games (each game's own seeded deal, random legal
moves) check at every step that it holds no seat's hidden cards and agrees
with every seat on everything else, and that every review a watcher can ask
(table, score, whose turn, each command) answers it in words that name no
hidden card and never speak to the watcher as a player ("You deal", "yours").
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

import pytest

from sixdot.client.desk import Desk
from sixdot.core import GameState
from sixdot.games import Game, get_game
from sixdot.present.phrasebook import Phrasebook, Verbosity
from sixdot.present.presenter import Presenter

#: Each game's view fields that belong to one seat: empty in the public view.
PRIVATE = {"alphabeticell": ("hand",), "nonesuch": ("hand",), "alphagon": ("rack", "cards")}
#: Options that keep a game of random moves short (random Nonesuch bids may never end it).
SHORT: dict[str, dict[str, object] | None] = {
    "alphabeticell": {"target": 10},
    "nonesuch": {"hands": 2},
    "alphagon": None,
}
GAMES_EACH = 10
#: Words that would speak to the watcher as if they played.
AS_PLAYER = re.compile(r"\bYou\b|\b[Yy]ours?\b")


def hidden_abc(state: Any, watcher: Presenter) -> set[str]:
    """Setup cards in hands and the deck's cards: faces no one at the table has seen."""
    del watcher
    return {card.face for card in (*state.deck, *(c for hand in state.hands for c in hand))}


def hidden_nonesuch(state: Any, watcher: Presenter) -> set[str]:
    """Cards in hands, but the up card: everyone saw it turned up before its holder took it."""
    del watcher
    return {card.name for hand in state.hands for card in hand if card != state.up}


def hidden_alphagon(state: Any, watcher: Presenter) -> set[str]:
    """Each seat's polygon cards as named, and its rack as its `rack` command says it."""
    hidden = set()
    for seat in range(state.players):
        view = state.view(seat)
        hidden.update(watcher.card(card) for card in view.cards)
        if view.rack:
            hidden.add(watcher.rack_line(view))  # type: ignore[attr-defined]
    return hidden


HIDDEN: dict[str, Callable[[Any, Presenter], set[str]]] = {
    "alphabeticell": hidden_abc,
    "nonesuch": hidden_nonesuch,
    "alphagon": hidden_alphagon,
}


def states(game: Game, seed: int) -> Iterator[GameState]:
    """Every state of one game of random legal moves, at a table of random size."""
    rng = random.Random(seed)
    players = rng.randint(game.rules.min_players, game.rules.max_players)
    state, _ = game.rules.begin(players, SHORT[game.name], seed)
    yield state
    while not state.is_over:
        seat = state.to_act()[0]
        state, _ = state.apply(seat, rng.choice(state.legal_actions(seat)))
        yield state


def reviews(watcher: Presenter, view: Any) -> dict[str, list[str]]:
    """Every review a watcher can ask, by name, each answered with `view`."""
    said = {
        "table": watcher.table(view),
        "score": watcher.score(view),
        "whose turn": [watcher.whose_turn(view)],
    }
    said.update((name, command(view, "")) for name, command in watcher.commands().items())
    return said


def check_public_view(name: str, state: GameState) -> Any:
    """The public view holds no seat's own fields and agrees with every seat on the rest."""
    public = state.view(None)
    assert public.seat is None
    blank = dict.fromkeys(PRIVATE[name], ())
    assert all(getattr(public, field) == () for field in blank)
    for seat in range(state.players):
        view = state.view(seat)
        assert view.seat == seat
        assert replace(view, seat=None, **blank) == public, seat
    return public


def check_reviews(game: Game, watcher: Presenter, state: GameState, public: Any) -> None:
    """Each review answers the public view in lines, none naming a hidden card."""
    hidden = [
        re.compile(rf"(?<!\w){re.escape(text)}(?!\w)") for text in HIDDEN[game.name](state, watcher)
    ]
    for review, lines in reviews(watcher, public).items():
        assert lines, review
        for line in lines:
            assert isinstance(line, str) and line, review
            assert not AS_PLAYER.search(line), (review, line)
            named = [p.pattern for p in hidden if p.search(line)]
            assert not named, (review, line, named)
    # The watcher's own cards are none: the desk says so, never a crash.
    desk = Desk(game, watcher.words)
    assert desk.seen(watcher, "hand", "", public) == [watcher.words("online-watching-hand")]
    assert watcher.hand_braille(public, game.deck()) == [watcher.words("hand-braille-none")]


@pytest.mark.parametrize("verbosity", list(Verbosity))
@pytest.mark.parametrize("name", sorted(PRIVATE))
def test_a_watcher_sees_the_public_facts_and_hears_every_review(
    name: str, verbosity: Verbosity
) -> None:
    game = get_game(name)
    words = Phrasebook(verbosity=verbosity)
    names = words("player-names-bots").split(", ")
    steps = 0
    for seed in range(GAMES_EACH):
        for state in states(game, seed):
            watcher = game.presenter(words, names[: state.players], None)
            public = check_public_view(name, state)
            check_reviews(game, watcher, state, public)
            steps += 1
    assert steps > GAMES_EACH * 20  # whole games were played, not just their deals


def test_the_suit_review_leaves_out_yours_for_a_watcher() -> None:
    """Nonesuch's `suit` counts the seat's own cards of a suit; a watcher holds none."""
    game = get_game("nonesuch")
    words = Phrasebook(verbosity=Verbosity.FULL)
    state, _ = game.rules.begin(3, None, 5)
    seated = game.presenter(words, ["Ana", "Ben", "Cleo"], 0).commands()["suit"]
    watching = game.presenter(words, ["Ana", "Ben", "Cleo"], None).commands()["suit"]
    assert seated(state.view(0), "moons")[0].endswith("yours.")
    assert re.fullmatch(r"Moons: 0 played, \d+ unseen\.", watching(state.view(None), "moons")[0])
