"""The wire codec: every value of real games to JSON and back, exactly; bad input refused."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from gamelines import FINITE
from sixdot import wire
from sixdot.core import GameState, Refusal
from sixdot.games import NAMES, get_game
from sixdot.wire import Codec, WireError, dumps, loads
from sixdot.wire import messages as m
from sixdot.wire.schema import SCHEMA_PATH, VALUES, schema_text, values_schema

TABLES = [
    (name, players)
    for name in NAMES
    for players in sorted({get_game(name).rules.min_players, get_game(name).rules.max_players})
]


def a_game(name: str, players: int, seed: int) -> Iterator[tuple[str, Any]]:
    """Every event, view, legal move and refusal of one random game, by kind."""
    game = get_game(name)
    chooser = random.Random(seed)
    state, events = game.rules.begin(players, FINITE.get(name), seed)
    last = None
    while True:
        yield from (("event", event) for event in events)
        if state.is_over:
            return
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        yield ("view", state.view(seat))
        yield from (("action", action) for action in legal)
        yield from (("refusal", refusal) for refusal in refusals(state, seat, last))
        last = chooser.choice(legal)
        state, events = state.apply(seat, last)


def refusals(state: GameState, seat: int, last: Any) -> Iterator[Refusal]:
    """The game's own reasons (the move before, played again) and out of turn."""
    for who in (seat, (seat + 1) % state.players):
        if last is not None and (refusal := state.refusal(who, last)) is not None:
            yield refusal


def through_the_wire(codec: Codec, kind: str, value: Any) -> Any:
    write = getattr(codec, kind)
    read = getattr(codec, f"read_{kind}")
    return read(loads(dumps(write(value))))


@pytest.mark.parametrize(("name", "players"), TABLES)
def test_every_value_of_a_game_comes_back_from_the_wire_as_it_went(name: str, players: int) -> None:
    codec = Codec(get_game(name), FINITE.get(name))
    kinds = set()
    for kind, value in a_game(name, players, seed=players):
        assert through_the_wire(codec, kind, value) == value, (kind, value)
        kinds.add(kind)
    assert kinds == {"event", "view", "action", "refusal"}


@pytest.mark.parametrize(("name", "players"), TABLES)
def test_every_event_view_and_card_a_game_sends_fits_its_values_schema(
    name: str, players: int
) -> None:
    """A client in another language can check what it reads against docs/values/."""
    from jsonschema import Draft202012Validator

    schema = values_schema(name)
    Draft202012Validator.check_schema(schema)
    codec = Codec(get_game(name), FINITE.get(name))
    check = {
        kind: Draft202012Validator({**schema, "$ref": f"#/$defs/{kind}"})
        for kind in ("event", "view", "card")
    }
    counted = dict.fromkeys(check, 0)
    for kind, value in a_game(name, players, seed=players):
        if kind in check:
            written = loads(dumps(getattr(codec, kind)(value)))
            errors = [e.message[:200] for e in check[kind].iter_errors(written)]
            assert not errors, (kind, errors[:3])
            counted[kind] += 1
    for entry in get_game(name).deck():
        assert check["card"].is_valid(loads(dumps(codec.card(entry.card))))
    assert counted["event"] and counted["view"]
    # What the schema refuses: a made-up event, an event missing a field.
    assert not check["event"].is_valid({"type": "NoSuchEvent"})
    first = loads(dumps(codec.event(next(v for k, v in a_game(name, players, 1) if k == "event"))))
    gone = list(first)[-1]  # its last field, or its type if it has none
    assert not check["event"].is_valid({k: v for k, v in first.items() if k != gone})


@pytest.mark.parametrize("name", NAMES)
def test_each_games_values_schema_in_docs_is_current(name: str) -> None:
    """Run `python -m sixdot.wire.schema` after changing a game's events or view."""
    kept = (VALUES / f"{name}.schema.json").read_text(encoding="utf-8")
    assert kept == schema_text(values_schema(name))


@pytest.mark.parametrize("name", NAMES)
def test_a_card_read_back_is_the_decks_own_card(name: str) -> None:
    game = get_game(name)
    codec = Codec(game)
    for entry in game.deck():
        assert codec.read_card(loads(dumps(codec.card(entry.card)))) is entry.card


def test_an_event_names_its_type_and_its_fields_in_plain_json() -> None:
    game = get_game("alphabeticell")
    _, opening = game.rules.begin(3, seed=5)
    started, dealt = opening[:2]
    assert wire.encode(started) == {
        "type": "RoundStarted",
        "round": 1,
        "dealer_seat": started.dealer_seat,
    }
    assert wire.encode(dealt) == {
        "type": "CardsDealt",
        "seat": dealt.seat,
        "cards": [{"face": card.face} for card in dealt.cards],
    }


def test_a_views_tools_are_rebuilt_by_the_reader_never_sent() -> None:
    game = get_game("letters")
    state = game.rules.new_game(3, seed=2)
    written = Codec(game).view(state.view(0))
    assert "solver" not in written
    read = Codec(game).read_view(written)
    assert read == state.view(0) and read.solver is not None


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        ({"type": "CardFlipped", "dealer_seat": 0, "card": {"face": "EW"}}, "missing field left"),
        (
            {"type": "CardFlipped", "dealer_seat": "0", "card": {"face": "EW"}, "left": 3},
            "$.dealer_seat: expected a whole number, got '0'",
        ),
        (
            {"type": "CardFlipped", "dealer_seat": True, "card": {"face": "EW"}, "left": 3},
            "expected a whole number, got True",
        ),
        (
            {"type": "CardFlipped", "dealer_seat": 0, "card": {"face": "QQ"}, "left": 3},
            "$.card: not a card of the alphabeticell deck",
        ),
        (
            {"type": "CardFlipped", "dealer_seat": 0, "card": {"face": "EW"}, "left": 3, "x": 1},
            "unknown field x; fields: dealer_seat, card, left",
        ),
        ({"type": "Nothing"}, "unknown type 'Nothing'"),
        ({"type": "Keep", "card": {"face": "EW"}}, "a Keep is not an event"),
    ],
)
def test_a_malformed_event_is_refused_naming_what_was_wrong(data: Any, problem: str) -> None:
    codec = Codec(get_game("alphabeticell"))
    with pytest.raises(WireError, match=re.escape(problem)):
        codec.read_event(data)


def test_a_malformed_view_move_or_refusal_is_refused() -> None:
    game = get_game("nonesuch")
    codec = Codec(game, FINITE["nonesuch"])
    view = codec.view(game.rules.new_game(3, seed=1).view(0))
    view["phase"] = "dancing"
    with pytest.raises(WireError, match=r"\$\.phase: 'dancing' is not one of"):
        codec.read_view(view)
    with pytest.raises(WireError, match="'dance now' is not an action; expected bid"):
        codec.read_action("dance now")
    with pytest.raises(WireError, match=re.escape('a refusal is written {"key": key')):
        codec.read_refusal({"key": "refuse-game-over"})


def test_text_larger_than_the_cap_is_refused_unread() -> None:
    assert loads(b"[1]") == [1]
    with pytest.raises(WireError, match="31 bytes is too large: at most 20 are read"):
        loads(b"[" + b"1," * 14 + b"1]", largest=20)
    with pytest.raises(WireError, match="not JSON"):
        loads(b"{nope")


def test_every_message_comes_back_as_it_went() -> None:
    codec = Codec(get_game("alphabeticell"))
    state, opening = get_game("alphabeticell").rules.begin(3, seed=1)
    sent = [
        m.Hello(seq=1),
        m.Login(name="ana", password="secret", seq=2),
        m.Create(game="letters", players=3, options={"target": 20}),
        m.Move(move="keep EW", seq=9),
        m.Say(text="good game"),
        m.Sync(after=4),
    ]
    for message in sent:
        assert m.read_from_client(m.write(message)) == message
    facts = m.TableFacts(
        1, "letters", 3, "ana", "open", False, None, {}, [m.SeatFacts("person", "ana")], 0, -1
    )
    seat = state.to_act()[0]
    received = [
        m.Welcome(version=m.VERSION, games=list(NAMES)),
        m.LobbyList(tables=[facts]),
        m.TableJoined(table=facts, you=0),
        m.StepMessage(
            table=1, seat=None, notation=None, events=[codec.event(e) for e in opening], over=False
        ),
        m.TurnMessage(
            table=1,
            seat=seat,
            view=codec.view(state.view(seat)),
            legal=[a.notation for a in state.legal_actions(seat)],
            seq=3,
        ),
        m.RefusedMessage(table=1, move="pass", refusal=m.Refused("refuse-abc-pick-first")),
        m.Problem(key="online-not-host", args={"host": "ana"}, about=7),
    ]
    for message in received:
        assert m.read_from_server(m.write(message)) == message
    step = m.read_from_server(m.write(received[3]))
    assert [codec.read_event(e) for e in step.events] == list(opening)


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        (b'{"type": "dance"}', "$.type: Invalid value 'dance'"),
        (b'{"type": "move"}', "missing required field `move`"),
        (b'{"type": "move", "move": 3}', r"Expected `str`, got `int`"),
        (b'{"type": "move", "move": "pass", "extra": 1}', "unknown field `extra`"),
        (b'{"type": "chat", "text": "' + b"a" * 301 + b'"}', "length <= 300"),
        (b'{"type": "hello", "seq": -5}', ">= -1"),
        (b"{nope", "not JSON"),
        (b'{"type": "chat", "text": "' + b"a" * 9000 + b'"}', "too large: at most 8192"),
    ],
)
def test_a_malformed_message_is_refused_naming_the_field(data: bytes, problem: str) -> None:
    with pytest.raises(WireError) as refused:
        m.read_from_client(data)
    assert refused.match(re.escape(problem))


def test_the_protocol_schema_in_docs_is_current() -> None:
    """Run `python -m sixdot.wire.schema` after changing a message."""
    assert SCHEMA_PATH.read_text(encoding="utf-8") == schema_text()


@pytest.mark.parametrize("depth", [30, 5000])
def test_values_nested_too_deeply_are_refused_not_crashed_on(depth: int) -> None:
    codec = Codec(get_game("alphabeticell"))
    text = b'{"key": "refuse-game-over", "args": {"x": ' + b"[" * depth + b"]" * depth + b"}}"
    with pytest.raises(WireError, match="nested too deeply"):
        codec.read_refusal(loads(text))


def test_a_message_nested_too_deeply_is_refused_not_crashed_on() -> None:
    deep = b"[" * 5000 + b"]" * 5000
    with pytest.raises(WireError, match="nested too deeply"):
        m.read_from_server(b'{"type": "problem", "key": "k", "args": {"x": ' + deep + b"}}")
