"""The table layer: bot games through `Match`, what each seat is handed, refusals."""

from __future__ import annotations

import asyncio
import dataclasses
import random
from collections.abc import Iterator
from typing import Any

import pytest

from gamelines import FINITE
from sixdot.core import Action, Event, GameState, IllegalAction, Refusal, SeatEvent, replay
from sixdot.games import NAMES, get_game
from sixdot.table import BotSeat, Controller, GameSetup, Match, Spectator, Step, play, run

#: Every game at its smallest and largest table.
TABLES = [
    (name, players)
    for name in NAMES
    for players in sorted({get_game(name).rules.min_players, get_game(name).rules.max_players})
]


class Listener(Controller):
    """A seat's controller that plays random legal moves and keeps what it is handed."""

    def __init__(self, seed: int) -> None:
        self.random = random.Random(seed)
        self.steps: list[Step] = []
        self.refusals: list[Refusal] = []

    def act(self, state: GameState, seat: int) -> Action:
        return self.random.choice(state.legal_actions(seat))

    def see(self, step: Step) -> None:
        self.steps.append(step)

    def refused(self, seat: int, refusal: Refusal) -> None:
        self.refusals.append(refusal)


def bot_match(name: str, players: int, seed: int = 3) -> Match:
    game = get_game(name)
    match = Match(GameSetup(game, players, FINITE.get(name, {}), seed))
    for seat in range(players):
        match.sit(BotSeat(game.bots["random"](seat, seed)), [seat])
    return match


@pytest.mark.parametrize(("name", "players"), TABLES)
def test_a_bot_game_through_the_table_is_the_replay_of_its_journal(name: str, players: int) -> None:
    match = bot_match(name, players)
    final = run(match)
    assert final.is_over
    again, _ = replay(match.rules, players, FINITE.get(name), 3, match.moves)
    assert again == final


def hidden(state: GameState, seat: int) -> tuple[Any, ...]:
    """The cards only `seat` holds: its hand, or in Alphagon its own cards."""
    view = state.view(seat)
    return tuple(view.hand if hasattr(view, "hand") else view.cards)


def cards_in(value: Any, kind: type) -> Iterator[Any]:
    """Every `kind` object anywhere inside an event's or a view's fields (not in
    the tools a view carries, such as Alphagon's list of every card)."""
    if isinstance(value, kind):
        yield value
    elif dataclasses.is_dataclass(value):
        for item in dataclasses.fields(value):
            if item.compare:
                yield from cards_in(getattr(value, item.name), kind)
    elif isinstance(value, tuple | list | frozenset):
        for item in value:
            yield from cards_in(item, kind)


@pytest.mark.parametrize(("name", "players"), TABLES)
def test_no_seat_is_handed_a_card_only_another_seat_holds(name: str, players: int) -> None:
    match = bot_match(name, players, seed=11)
    listeners = [Listener(seat) for seat in range(players)]
    for seat, listener in enumerate(listeners):
        match.sit(listener, [seat])
    kind = type(get_game(name).deck()[0].card)
    public: set[Any] = set()

    def seen(seat: int) -> set[Any]:
        return set(cards_in(match.state.view(seat), kind))

    before = [seen(seat) for seat in range(players)]
    steps = match.start()
    while True:
        after = [seen(seat) for seat in range(players)]
        held = [hidden(match.state, seat) for seat in range(players)]
        for step in steps:
            public.update(
                card
                for event in step.events
                if all(event.visible_to(s) for s in range(players))
                for card in cards_in(event, kind)
            )
        for seat, listener in enumerate(listeners):
            known = {*before[seat], *after[seat], *public}
            others = {card for other in range(players) if other != seat for card in held[other]}
            for event in listener.steps[-1].events:
                assert not isinstance(event, SeatEvent) or event.seat == seat, event
                leaked = [c for c in cards_in(event, kind) if c in others and c not in known]
                assert not leaked, (seat, event)
        if match.over:
            break
        seat = match.to_act()[0]
        before = after
        steps = [match.submit(seat, match.controller(seat).act(match.state, seat))]


@pytest.mark.parametrize("name", NAMES)
def test_each_listener_hears_exactly_what_its_seats_may_see(name: str) -> None:
    players = get_game(name).rules.max_players
    match = bot_match(name, players)
    listeners = [Listener(seat) for seat in range(players)]
    for seat, listener in enumerate(listeners):
        match.sit(listener, [seat])
    spectator = Spectator()
    match.watch(spectator)
    run(match)
    everything = [event for _, event in all_events(match)]
    for seat, listener in enumerate(listeners):
        heard = [event for step in listener.steps for event in step.events]
        assert heard == [event for event in everything if event.visible_to(seat)]
    public = [e for e in everything if all(e.visible_to(s) for s in range(players))]
    assert [event for step in spectator.steps for event in step.events] == public
    assert not any(isinstance(e, SeatEvent) for step in spectator.steps for e in step.events)


def all_events(match: Match) -> list[tuple[int | None, Event]]:
    """Every event of a finished match, rebuilt from its journal."""
    again = Match(match.setup)
    return [(step.seat, event) for step in again.start(match.moves) for event in step.events]


def test_only_the_mover_is_handed_a_moves_notation() -> None:
    # Consonants opens with each player passing cards: the notation names them.
    match = bot_match("consonants", 4)
    listeners = [Listener(seat) for seat in range(4)]
    for seat, listener in enumerate(listeners):
        match.sit(listener, [seat])
    match.start()
    seat = match.to_act()[0]
    step = match.submit(seat, match.legal(seat)[0])
    assert isinstance(step, Step) and step.notation.startswith("pass")
    assert listeners[seat].steps[-1].notation == step.notation
    assert all(listeners[s].steps[-1].notation is None for s in range(4) if s != seat)


def test_a_refused_submit_changes_nothing_and_hands_nobody_anything() -> None:
    match = bot_match("alphabeticell", 3)
    spectator = Spectator()
    match.watch(spectator)
    match.start()
    state, heard = match.state, len(spectator.steps)
    seat = match.to_act()[0]
    wrong = match.rules.parse_action("pass")
    refusal = match.submit(seat, wrong)
    assert isinstance(refusal, Refusal) and refusal.key == "refuse-abc-pick-first"
    assert (match.state, match.moves, len(spectator.steps)) == (state, (), heard)


def test_a_move_out_of_turn_is_refused() -> None:
    match = bot_match("alphabeticell", 3)
    match.start()
    seat = match.to_act()[0]
    other = (seat + 1) % 3
    refusal = match.submit(other, match.legal(seat)[0])
    assert isinstance(refusal, Refusal) and refusal.key == "refuse-not-your-turn"
    assert match.moves == ()


def test_a_game_resumed_from_its_journal_plays_on_from_where_it_was() -> None:
    whole = bot_match("letters", 3)
    run(whole)
    half = whole.moves[: len(whole.moves) // 2]
    resumed = bot_match("letters", 3)
    steps = resumed.start(half)
    assert all(step.replay for step in steps) and len(steps) == len(half) + 1
    assert resumed.state == replay(whole.rules, 3, {}, 3, half)[0]
    run(resumed)
    assert resumed.moves[: len(half)] == half
    assert replay(whole.rules, 3, {}, 3, resumed.moves)[0] == resumed.state


def test_a_saved_move_that_is_not_legal_stops_the_resume() -> None:
    match = bot_match("alphabeticell", 3)
    with pytest.raises(IllegalAction):
        match.start([(match.to_act()[0], "pass")])


def test_seats_outside_the_table_are_refused_naming_the_seats_there() -> None:
    match = bot_match("alphabeticell", 3)
    with pytest.raises(ValueError, match="seat 3 is not at this table: seats are 0 to 2"):
        match.sit(Spectator(), [3])


class Remote(Controller):
    """A person over the network: asked to act, answers later through a queue."""

    def __init__(self, inbox: asyncio.Queue[tuple[int, GameState]]) -> None:
        self.inbox = inbox
        self.refusals: list[Refusal] = []

    def act(self, state: GameState, seat: int) -> None:
        self.inbox.put_nowait((seat, state))

    def refused(self, seat: int, refusal: Refusal) -> None:
        self.refusals.append(refusal)


class Later(Controller):
    """A person who answers later: every time asked is counted."""

    def __init__(self) -> None:
        self.asked = 0

    def act(self, state: GameState, seat: int) -> None:
        self.asked += 1


def test_seats_passing_at_once_do_not_wait_for_a_person_who_answers_later() -> None:
    game = get_game("consonants")
    match = Match(GameSetup(game, 4, None, seed=5))
    person = Later()
    match.sit(person, [0])
    for seat in (1, 2, 3):
        match.sit(BotSeat(game.bots["random"](seat, 5)), [seat])
    assert match.advance() == 0
    assert match.state.to_act() == (0,)  # the three bots have passed
    assert person.asked == 1
    assert {seat for seat, _ in match.moves} == {1, 2, 3}  # a card a move


def test_the_async_driver_plays_moves_as_they_arrive_and_refuses_bad_ones() -> None:
    game = get_game("alphabeticell")

    async def main() -> tuple[Match, Remote]:
        match = Match(GameSetup(game, 3, {"target": 10}, seed=4))
        prompts: asyncio.Queue[tuple[int, GameState]] = asyncio.Queue()
        remote = Remote(prompts)
        match.sit(remote, [0])
        for seat in (1, 2):
            match.sit(BotSeat(game.bots["sensible"](seat, 4)), [seat])
        moves: asyncio.Queue[tuple[int, Action]] = asyncio.Queue()
        driver = asyncio.create_task(play(match, moves))
        chooser = random.Random(4)
        first = True
        while not driver.done():
            getter = asyncio.create_task(prompts.get())
            done, _ = await asyncio.wait({getter, driver}, return_when=asyncio.FIRST_COMPLETED)
            if getter not in done:
                getter.cancel()
                break
            seat, state = getter.result()
            if first:  # a move that may not be played now: refused, and the turn stands
                await moves.put((seat, game.rules.parse_action("pass")))
                first = False
            await moves.put((seat, chooser.choice(state.legal_actions(seat))))
        await driver
        return match, remote

    match, remote = asyncio.run(main())
    assert match.over
    assert [r.key for r in remote.refusals] == ["refuse-abc-pick-first"]
    again, _ = replay(game.rules, 3, {"target": 10}, 4, match.moves)
    assert again == match.state
