"""One game's values on the wire: events, views, moves, refusals and cards.

Moves travel as their notation (the game's `parse_action` reads them back),
refusals as their phrasebook key and facts, everything else as the fields of
its frozen dataclass (`sixdot.wire.values`). Nothing is worded here: a
client words what it reads with its own phrasebook and presenter.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import importlib
import pkgutil
from collections.abc import Iterator, Mapping
from types import MappingProxyType
from typing import Any

import sixdot.core.state
from sixdot.core import Action, Event, NotationError, Refusal
from sixdot.games import Game
from sixdot.visible import excerpt, visible
from sixdot.wire.values import (
    Json,
    Reader,
    WireError,
    data_fields,
    encode,
    is_record,
    tagged,
    tool_fields,
)


class Codec:
    """Writes and reads one game's values for a table set up with `options`.

    The tools a view carries (a word solver, the board layout) depend on the
    options and the word list, never on the deal, so they are taken from a
    game begun with seed 0: a client never needs the table's secret seed.
    """

    def __init__(self, game: Game, options: Mapping[str, object] | None = None) -> None:
        self.game = game
        rules = game.rules
        reference = rules.new_game(rules.min_players, options, seed=0)
        self.view_type: type = type(reference.view(0))
        self.classes = _classes(game)
        deck = game.deck()
        self.card_type: type = type(deck[0].card)
        self._deck = {_card_key(entry.card): entry.card for entry in deck}
        tools: dict[type, dict[str, Any]] = {}
        for value in _records(reference.view(0)):
            if tool_fields(type(value)):
                tools.setdefault(
                    type(value), {n: getattr(value, n) for n in tool_fields(type(value))}
                )
        self.reader = Reader(self.classes, tools, self._canonical)
        #: A refusal may name a card no deck holds: the one a player typed.
        self._facts = Reader(self.classes, tools, self._typed)

    # -- each kind of value, both ways --

    def event(self, event: Event) -> Json:
        return tagged(event)

    def read_event(self, data: Json) -> Event:
        value = self.reader.untag(data, "$")
        if not isinstance(value, Event):
            raise WireError("$", f"a {type(value).__name__} is not an event")
        return value

    def view(self, view: Any) -> Json:
        return encode(view, self.view_type)

    def read_view(self, data: Json) -> Any:
        return self.reader.decode(data, self.view_type)

    def action(self, action: Action) -> str:
        return action.notation

    def read_action(self, text: Json) -> Action:
        if not isinstance(text, str):
            raise WireError("$", "a move is written as its notation, a string")
        try:
            return self.game.rules.parse_action(text)
        except NotationError as err:
            raise WireError("$", visible(str(err))) from None

    def refusal(self, refusal: Refusal) -> Json:
        return {"key": refusal.key, "args": {k: tagged(v) for k, v in refusal.args.items()}}

    def read_refusal(self, data: Json) -> Refusal:
        if not isinstance(data, dict) or set(data) != {"key", "args"}:
            raise WireError("$", 'a refusal is written {"key": key, "args": {name: value}}')
        key, args = data["key"], data["args"]
        if not isinstance(key, str) or not isinstance(args, dict):
            raise WireError("$", "a refusal's key is a string and its args an object")
        facts = {
            name: self._facts.untag(value, f"$.args.{excerpt(name)}")
            for name, value in args.items()
        }
        return Refusal(key, MappingProxyType(facts))

    def card(self, card: Any) -> Json:
        return encode(card, self.card_type)

    def read_card(self, data: Json) -> Any:
        return self.reader.decode(data, self.card_type)

    # -- helpers --

    def _canonical(self, value: Any, path: str) -> Any:
        """A card read back is the deck's own card object (some games compare cards
        by identity), and only a card of this deck is accepted."""
        card = self._typed(value, path)
        if card is value and type(value) is self.card_type:
            raise WireError(path, f"not a card of the {self.game.name} deck")
        return card

    def _typed(self, value: Any, path: str) -> Any:
        """A card in a refusal's facts: the deck's own, or the one typed if no deck has it."""
        if type(value) is not self.card_type:
            return value
        return self._deck.get(_card_key(value), value)


def _card_key(card: Any) -> tuple[Any, ...]:
    return tuple(getattr(card, name) for name, _ in data_fields(type(card)))


def _classes(game: Game) -> dict[str, type]:
    """Every dataclass and enum a tag may name in `game`: its own, then the core's
    (a game's own `GameEnded` stands in for the core's)."""
    return _package_classes(type(game.rules).__module__.rpartition(".")[0])


@functools.cache
def _package_classes(package_name: str) -> dict[str, type]:
    """`_classes` of the game whose package is `package_name`, found once a game: the
    look through its package's files took 3 ms a table, and a takeover makes
    hundreds of tables' codecs at once. Shared: read, never changed."""
    package = importlib.import_module(package_name)
    found: dict[str, type] = {}
    for info in pkgutil.iter_modules(package.__path__):
        module = importlib.import_module(f"{package.__name__}.{info.name}")
        for value in _types(module):
            if value.__module__.startswith(package.__name__):
                if found.setdefault(value.__name__, value) is not value:
                    raise TypeError(f"two types named {value.__name__} in {package_name}")
            else:
                found.setdefault(f"{value.__module__}.{value.__name__}", value)
    for value in _types(sixdot.core.state):
        found.setdefault(value.__name__, value)
    # Types the game borrows from elsewhere go by their bare name unless its own has it.
    for qualified in [name for name in found if "." in name]:
        value = found.pop(qualified)
        found.setdefault(value.__name__, value)
    return found


def _types(module: Any) -> Iterator[type]:
    for value in vars(module).values():
        if is_record(value) or (isinstance(value, type) and issubclass(value, enum.Enum)):
            yield value


def _records(value: Any) -> Iterator[Any]:
    """Every dataclass value inside `value`, itself first."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        yield value
        for item in dataclasses.fields(value):
            yield from _records(getattr(value, item.name))
    elif isinstance(value, tuple | list | frozenset):
        for item in value:
            yield from _records(item)
