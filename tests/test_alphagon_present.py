"""Alphagon in words: squares, shapes, review commands, the focus grid, and a
phrase for every refusal the rules can give, each from a real situation."""

from __future__ import annotations

import random
import re
from dataclasses import replace
from pathlib import Path

from sixdot.core import GameEnded, Refusal
from sixdot.games.alphagon.board import Direction, Mark, Rule, layout
from sixdot.games.alphagon.events import (
    CardExchanged,
    CardsDealt,
    DirectionChanged,
    End,
    GameStopped,
    PlusPlaced,
    Rotation,
    ShapeFound,
    TwoLetters,
    WordClosed,
)
from sixdot.games.alphagon.moves import LetterAction
from sixdot.games.alphagon.present import AlphagonPresenter
from sixdot.games.alphagon.rules import (
    ACCEPT,
    CLOSE,
    DOUBT,
    END,
    PASS,
    RULES,
    SUSPEND,
    TAKE_BONUS,
    Answer,
    Change,
    Contradict,
    Correct,
    Declare,
    FindShape,
    FindSyllable,
    Give,
    Lose,
    Place,
    Start,
    State,
    Take,
)
from sixdot.present.phrasebook import Phrasebook, Verbosity
from test_alphagon_rules import building, game, long_word, play, sq

E, N = Direction.EAST, Direction.NORTH
PHRASES = Path(__file__).parent.parent / "speech" / "en" / "alphagon.ftl"


def say(viewer: int = 0) -> AlphagonPresenter:
    return AlphagonPresenter(Phrasebook(), ["Ana", "Ben", "Cleo"], viewer)


# -- the board, spoken ---------------------------------------------------------


def test_each_square_is_its_name_then_what_is_on_it() -> None:
    state = building(game(), "CAR")  # plus on C3, C A R on D3 E3 F3, next G3
    view, me = state.view(1), say(1)
    assert me.square(view, sq("E5")) == "E5, star"
    assert me.square(view, sq("D6")) == "D6, cloud"
    assert me.square(view, sq("K3")) == "K3, flag"
    assert me.square(view, sq("A1")) == "A1, empty"
    assert me.square(view, sq("F3")) == "F3, letter R, Cleo's"  # Cleo placed last
    assert me.square(view, sq("E3")) == "E3, letter A, yours"
    assert me.square(view, sq("C3")) == "C3, plus, the start, Cleo's"
    assert me.square(view, sq("G3")) == "G3, empty, next"


def test_shapes_are_described_in_words() -> None:
    shapes = {s.name: s for card in layout().cards for s in card.shapes}
    me = say()
    assert me.shape(shapes["L4"]) == "L4, L of 4 squares: 3 east then 1 south"
    assert me.shape(shapes["I5"]) == "I5, line of 5 squares: 5 east"
    assert me.shape(shapes["V5"]) == "V5, V of 5 squares: 3 east then 2 south"


def test_review_commands_walk_and_read_the_polygon() -> None:
    state = building(game(), "CAR")
    view, me = state.view(0), say()
    commands = me.commands()
    assert commands["word"](view, "") == [
        "Word CAR: 3 letters, east from D3.",
        "Next: G3, empty, heading east.",
    ]
    assert commands["sides"](view, "") == ["Sides: 1.", "Side 1: C3, east, 4 squares, CAR."]
    assert commands["where"](view, "") == ["Start C3: same row, 3 west from F3."]
    assert commands["go"](view, "e5") == ["E5, star"]
    assert commands["north"](view, "") == ["E4, empty"]
    assert commands["here"](view, "") == ["E4, empty"]
    assert commands["go"](view, "Z99") == [
        'No square "Z99": type a column A to M and a row 1 to 13, like G7.'
    ]
    assert commands["go"](view, " ") == ["go needs a square, like go G7."]
    assert commands["rack"](view, "") == ["Rack of 7: A E I R S T C; 2 bonuses."]
    assert any(line.startswith("Card ") for line in commands["cards"](view, ""))


def test_the_prompt_offers_only_what_may_be_typed_now() -> None:
    me = say()
    two = building(game(), "CA")
    prompt = me.turn(two.view(0), two.legal_actions(0))[-1]
    assert prompt == "Place, or change, give, pass or doubt."  # no declaring with 2 letters
    three = building(game(), "CAR", turn=1)
    three = replace(three, hands=(three.hands[0], (1,), three.hands[2]))  # card 1: I4 L4
    prompt = say(1).turn(three.view(1), three.legal_actions(1))[-2:]
    # Ben's cards have the straight shape that the polygon's last 4 squares make;
    # seven verbs are too many for one display line.
    assert prompt == ["Place, or shape, change, give.", "Also: pass, doubt or declare."]
    car = building(game(), "CAR")
    closed = play(replace(car, hands=((1,), *car.hands[1:])), Place(("T",)), CLOSE)
    prompt = me.turn(closed.view(0), closed.legal_actions(0))[-1]
    assert prompt == "Placed: shape, change, give or end."  # closed: no second close


def test_the_first_lines_say_who_starts_and_which_way_play_goes() -> None:
    """The dice roll is heard at once: who starts, then the order of play."""
    names = ["Ana", "Ben", "Cleo"]
    for seed in range(40):
        state, opening = RULES.begin(3, None, seed)
        if state.rotation is Rotation.RIGHT and state.turn != 1:
            break
    first = state.turn
    order = [names[(first - i) % 3] for i in range(3)]
    lines = [line for event in opening[:3] for line in say(1).event(event)]
    assert lines == [
        f"Alphagon: goal {state.goal} points.",
        f"Dice: {names[first]} starts.",
        "Play goes to the right.",
        f"Order: {order[0]}, {order[1]} and {order[2]}.",
    ]
    two, opening = RULES.begin(2, None, 0)
    said = say(two.turn).event(opening[1]) + say(two.turn).event(opening[2])
    other = names[1 - two.turn]
    assert said == ["Dice: you start.", f"Turns alternate: {names[two.turn]} and {other}."]


def test_a_long_words_reward_is_offered_and_told_in_words() -> None:
    owed = long_word()  # Ana closed CARTWHEEL with 1 bonus and 3 letters
    assert say().turn(owed.view(0), owed.legal_actions(0)) == [
        "Long word: take bonus, or a letter, like take E.",
        f"Rack of 3: {' '.join(owed.racks[0])}; 1 bonus.",
    ]
    letters_only = long_word(bonuses=2)
    prompt = say().turn(letters_only.view(0), letters_only.legal_actions(0))[0]
    assert prompt == "Long word: take a letter, like take E."
    focus = say().focus(owed.view(0), owed.legal_actions(0))
    assert [item.label for item in focus][:2] == ["take bonus", "take A"]
    _, said = owed.apply(0, TAKE_BONUS)
    assert say(1).event(said[0]) == ["Long word: Ana takes a bonus, 2 now."]
    _, said = owed.apply(0, Take("E"))
    assert say(1).event(said[0]) == ["Long word: Ana takes a letter of their choice."]
    assert said[1].visible_to(0) and not said[1].visible_to(1)
    assert say().event(said[1]) == ["You take E from your sack."]


def test_full_lines_say_one_fact_each_to_fit_a_braille_display() -> None:
    """Issue 18: a word closed, then its score; a turn, then the way it took. Brief
    says each in one short line."""
    me = say(1)
    brief = AlphagonPresenter(Phrasebook(verbosity=Verbosity.BRIEF), ["Ana", "Ben", "Cleo"], 1)
    closed = WordClosed(2, "CART", 4, 4, 10)
    assert me.event(closed) == ["Closed: CART, 4 letters.", "Cleo scores 4, 10 in all."]
    assert brief.event(closed) == ["CART closed: 4 to Cleo, 10."]
    turned = DirectionChanged("H3", Direction.SOUTH, "plus", Rule.LEVEL, 2)
    assert me.event(turned) == [
        "Turn south at H3: after the plus.",
        "Side 2: toward more room; neither way nears the start.",
    ]
    assert brief.event(turned) == ["Turn south, side 2."]
    touch = DirectionChanged("K11", Direction.WEST, "touch", Rule.AWAY, 3)
    assert me.event(touch) == [
        "Turn west at K11: it would touch itself.",
        "Side 3: away from start, under 4 sides.",
    ]
    # The card a find was made with is said by the swap line that follows.
    assert me.event(ShapeFound(2, "I5", 6, 3, 6)) == ["Shape I5: Cleo scores 3, 6 in all."]
    assert me.event(CardExchanged(2, 6)) == ["Card 6 swapped: Cleo takes a new one."]
    assert me.event(PlusPlaced(0, "H3", 1)) == ["Plus on H3 ends the word and side 1."]
    assert me.event(TwoLetters(1, 1)) == ["Two letters: you pay a bonus, 1 left."]
    assert me.event(GameStopped(End.GOAL, 9)) == ["Game over, 9 sides: the goal is reached."]


def test_the_end_of_the_game_gives_every_score_highest_first() -> None:
    lines = say(1).event(GameEnded((0,), (41, 35, 12)))
    assert lines == [
        "Ana wins with 41 points.",
        "Ana: 41 points.",
        "You: 35 points.",
        "Cleo: 12 points.",
    ]


def test_the_arrow_keys_walk_every_square_from_the_next_one() -> None:
    state = building(game(), "CAR")
    legal = state.legal_actions(0)
    items = say().focus(state.view(0), legal)
    board = [item for item in items if item.at is not None]
    assert len(board) == 13 * 13
    assert board[0].at == sq("G3") and board[0].label == "G3, empty, next"
    assert Place(("A",)) in board[0].actions
    assert not any(item.actions for item in board[1:])
    assert any(item.at is None and item.actions == (PASS,) for item in items)


def test_the_first_play_is_chosen_on_the_square_beside_a_flag() -> None:
    state = game()
    seat = state.to_act()[0]
    items = say(seat).focus(state.view(seat), state.legal_actions(seat))
    beside = next(item for item in items if item.at == sq("D3"))
    assert beside.actions and all(isinstance(a, Start) for a in beside.actions)
    assert {a.flag for a in beside.actions} == {sq("C3")}


# -- every refusal, from a real situation ----------------------------------------


def refusals() -> dict[str, Refusal | None]:
    """One real refusal of each kind the rules give."""
    first = game()
    t = first.to_act()[0]
    letter = first.racks[t][0]
    edge = replace(first, layout=replace(layout(), marks={(0, 0): Mark.FLAG}))
    car = building(game(), "CAR")
    car = replace(car, hands=((2,), *car.hands[1:]))  # card 2: CA LE PI TO, J4 I5
    placed = play(car, Place(("T",)))
    pending = replace(car, pending=(0,))
    doubted = play(building(game(), "CAR", turn=1), DOUBT)
    concl = play(building(game(), "CONCL"), Declare(("CONCLUDING", "CONCLUSION")))
    asce = play(building(game(), "ASCE"), Declare(("ASCETICAL",)))
    tenth = replace(building(game(), "CARTS", start="H3"), headings=(E,) * 10)
    full = building(game(), "CARTSCARTSCARTS", start="A1")
    found = play(car, FindSyllable("CA"))
    owed = long_word()
    no_q = tuple(x for x in owed.consonant_sacks[0] if x != "Q")
    cases: list[tuple[State, int, object]] = [
        (first, t, PASS),
        (first, t, Start(sq("D4"), E, letter)),
        (edge, t, Start((0, 0), N, letter)),
        (car, 0, Start(sq("C3"), E, "A")),
        (car, 0, Place(("Q",))),
        (placed, 0, Place(("A",))),
        (car, 0, Place(("A", "E", "I"))),
        (car, 0, RULES.parse_action("place")),
        (car, 0, RULES.parse_action("change")),
        (car, 0, RULES.parse_action("give")),
        (replace(car, bonuses=(0, 2, 2)), 0, Place(("A", "E"))),
        (tenth, 0, Place(("E",))),
        (full, 0, Place(("A",))),
        (play(car, Give("A")), 0, Give("E")),
        (play(car, Change("A")), 0, Change("E")),
        (replace(car, racks=((), *car.racks[1:])), 0, RULES.parse_action("give")),
        (replace(car, bonuses=(0, 2, 2)), 0, Change("A")),
        (found, 0, FindSyllable("AC")),
        (replace(found, used=frozenset(), hands=car.hands), 0, FindSyllable("CA")),
        (
            replace(play(placed, FindShape("I5")), used=frozenset(), hands=car.hands),
            0,
            FindShape("I5"),
        ),
        (car, 0, FindSyllable("ZU")),
        (car, 0, FindSyllable("LE")),
        (car, 0, FindShape("I4")),
        (car, 0, FindShape("J4")),
        (building(game(), "PO"), 0, Declare(("POLICE",))),
        (building(game(), "CART"), 0, Declare(("CART",))),
        (car, 0, Declare(("TREE",))),
        (play(building(game(), "CA"), Place(("R",))), 0, CLOSE),
        (car, 0, Declare(("CARX",))),
        (car, 0, CLOSE),
        (car, 0, END),
        (replace(car, placer=0), 0, DOUBT),
        (car, 0, SUSPEND),
        (pending, 0, Place(("A",))),
        (pending, 0, Lose("Q")),
        (car, 0, Lose("A")),
        (car, 0, ACCEPT),
        (doubted, 0, ACCEPT),
        (concl, 1, Answer(("CONCLAVE",))),
        (concl, 1, Contradict(("CONCLUSION",))),
        (asce, 1, Correct(("ASCETICAL",))),
        (car, 0, Take("E")),
        (owed, 0, END),
        (owed, 0, RULES.parse_action("take")),
        (long_word(bonuses=2), 0, TAKE_BONUS),
        (long_word(rack="LAEIRST"), 0, Take("E")),
        (replace(owed, consonant_sacks=(no_q, *owed.consonant_sacks[1:])), 0, Take("Q")),
    ]
    found_keys: dict[str, Refusal | None] = {}
    for state, seat, action in cases:
        refusal = state.refusal(seat, action)  # type: ignore[arg-type]
        assert refusal is not None, (action, seat)
        found_keys[refusal.key] = refusal
    fallback = car.explain(0, Declare(("CARTS",)))  # a good declaration explained anyway
    found_keys[fallback.key] = fallback
    return found_keys


def test_every_refusal_in_the_phrasebook_happens_and_is_worded() -> None:
    found = refusals()
    listed = set(re.findall(r"^(refuse-agn-[a-z-]+) =", PHRASES.read_text(), re.MULTILINE))
    assert set(found) == listed
    me = say()
    for refusal in found.values():
        assert refusal is not None
        line = me.refusal(refusal)
        assert line.startswith("Refused: ") and "{" not in line, line


def test_change_or_give_alone_says_what_it_needs_or_why_it_cannot_be_made() -> None:
    car = building(game(), "CAR")  # your rack: A E I R S T C, 2 bonuses, nothing placed

    def alone(state: State, verb: str) -> str:
        refusal = state.refusal(state.to_act()[0], RULES.parse_action(verb))
        assert refusal is not None
        return say().refusal(refusal)

    assert alone(car, "change") == "Refused: change needs a letter from your rack, like change A."
    assert alone(car, "give") == "Refused: give needs a letter from your rack, like give A."
    # Where no letter would do, the reason comes instead of an example that fails.
    assert alone(play(car, Change("A")), "change") == (
        "Refused: you have already changed a letter this turn."
    )
    assert alone(replace(car, bonuses=(0, 2, 2)), "change") == (
        "Refused: a change before placing costs a bonus, and you have none."
    )
    assert alone(play(car, Give("A")), "give") == (
        "Refused: you have already given up a letter this turn."
    )
    assert alone(replace(car, racks=((), *car.racks[1:])), "give") == (
        "Refused: no letter in your rack to give. Type moves."
    )
    first = game()  # the polygon is not started: the first play comes first
    assert alone(first, "give") == (
        "Refused: the first play comes first: start SQUARE DIRECTION LETTER."
    )
    seat = first.to_act()[0]
    refusal = first.refusal(seat, Give(first.racks[seat][0]))
    assert refusal is not None and refusal.key == "refuse-agn-start-first"


# -- short lines and the review keys (issues 18 and 16) -----------------------


def dealt_to_you(players: int) -> CardsDealt:
    _, opening = RULES.begin(players, None, 2)
    return next(e for e in opening if isinstance(e, CardsDealt) and e.visible_to(0))


def test_the_cards_dealt_are_said_one_card_a_line_to_fit_a_display() -> None:
    one = dealt_to_you(6)
    one = replace(one, cards=one.cards[:1])  # one card is said whole at full verbosity
    assert say().event(one) == [f"Your cards: {say().card(one.cards[0])}."]
    brief = AlphagonPresenter(Phrasebook(verbosity=Verbosity.BRIEF), ["Ana", "Ben"], 0)
    # Six players hold two cards, two players three: one card a line, each inside a display.
    said = [
        (d, lines)
        for d in (dealt_to_you(6), dealt_to_you(2))
        for lines in (say().event(d), brief.event(d))
    ]
    for dealt, lines in said:
        assert lines[0] == f"Your cards: {len(dealt.cards)}."
        assert [line.split(":")[0] for line in lines[1:]] == [
            f"Card {c.number}" for c in dealt.cards
        ]
        assert all(len(line) <= 40 for line in lines)


def test_the_moves_beside_the_board_stand_in_groups_by_verb() -> None:
    two = building(game(), "CA")
    items = [item for item in say().focus(two.view(0), two.legal_actions(0)) if item.at is None]
    groups = [item.group for item in items]
    # Each group stands together, in the order its verb first comes.
    assert groups == sorted(groups, key=groups.index)
    assert {"Change", "Give", "Moves"} <= set(groups)
    changes = [item.label for item in items if item.group == "Change"]
    assert changes == sorted(changes) and all(c.startswith("change ") for c in changes)
    assert [item.label for item in items if item.group == "Moves"] == ["pass", "doubt"]


def test_a_letter_to_lose_is_reached_by_its_own_key() -> None:
    owed = long_word()
    items = say().focus(owed.view(0), owed.legal_actions(0))
    take_e = next(item for item in items if item.label == "take E")
    assert take_e.group == "Take" and "E" in take_e.jump


def test_review_keys_say_the_word_the_last_play_the_players_and_the_status() -> None:
    car = building(game(), "CAR")
    commands = say().commands()
    view = car.view(0)
    assert commands["trick"](view, "") == commands["word"](view, "")
    assert commands["previous"](view, "")[0].startswith("Last letter: R on F3, ")
    players = commands["players"](view, "")
    assert len(players) == 3 and players[0].startswith(f"You, {view.totals[0]} points: ")
    assert all(re.match(r"^\w+, \d+ points: \d+ letters, \d+ bonus", line) for line in players)
    assert commands["status"](view, "") == [
        f"Goal {view.goal}: your turn.",
        "Sides: 1.",
        f"Play goes {view.rotation.value}.",
    ]
    closed = play(replace(car, hands=((1,), *car.hands[1:])), Place(("T",)), CLOSE)
    assert commands["previous"](closed.view(1), "") == [
        "Last letter: T on G3, yours.",
        "Word before: CART, ended by you.",
    ]
    assert say().commands()["previous"](game().view(0), "") == ["No letter placed yet."]


def test_every_review_command_has_help_and_is_not_a_move() -> None:
    words = Phrasebook()
    for name in ("trick", "previous", "players", "status"):
        assert name in say().commands()
        assert words.has(f"help-agn-{name}")
        assert name not in RULES.verbs


def test_many_kinds_of_move_are_offered_on_two_short_lines_when_brief() -> None:
    three = building(game(), "CAR", turn=1)
    three = replace(three, hands=(three.hands[0], (1,), three.hands[2]))  # card 1: I4 L4
    brief = AlphagonPresenter(Phrasebook(verbosity=Verbosity.BRIEF), ["Ana", "Ben", "Cleo"], 1)
    lines = brief.turn(three.view(1), three.legal_actions(1))
    assert lines[-2:] == ["Place, or shape, change, give.", "Also: pass, doubt or declare."]


def test_numbers_on_rack_letters_follow_the_rack_as_it_is_said() -> None:
    """The rules list `change I`, `change J`... alphabetically; the prompt says
    the rack as it is held ("I U I K W J Q"). Each verb's moves are numbered in
    the rack's order, so the second `change` is the second letter heard."""
    rng, checked = random.Random(7), 0
    for seed in range(6):
        state = RULES.new_game(2, None, seed)
        while not state.is_over and checked < 30:
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            view = state.view(seat)
            me = AlphagonPresenter(Phrasebook(), ("You", "Ben"), seat)
            ordered = me.in_order(view, legal)
            assert sorted(map(str, ordered)) == sorted(map(str, legal))
            for verb in {a.verb for a in legal if isinstance(a, LetterAction)}:
                letters = [
                    a.letter for a in ordered if isinstance(a, LetterAction) and a.verb == verb
                ]
                held = [x for x in dict.fromkeys(view.rack) if x in letters]
                assert letters[: len(held)] == held, (verb, view.rack, letters)
                checked += len(held) > 1 and held != sorted(held)
            state = state.apply(seat, rng.choice(legal))[0]
    assert checked >= 5  # racks whose order the alphabet would have broken
