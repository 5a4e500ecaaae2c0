"""Alphagon's rules, from the rules text's own examples and RULINGS section 5.

Positions are built directly on a fresh game, with a small word list, so each
test reads as one situation of the rules and what follows from it.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from sixdot.core import IllegalAction, replay
from sixdot.games import get_game
from sixdot.games.alphagon.board import (
    Direction,
    Rule,
    free,
    layout,
    next_step,
    parse_square,
    preferred,
    square_name,
)
from sixdot.games.alphagon.bots import SensibleBot
from sixdot.games.alphagon.events import (
    DirectionChanged,
    FirstPlayerRolled,
    GameSetUp,
    RotationRolled,
)
from sixdot.games.alphagon.rules import (
    ACCEPT,
    CLOSE,
    CONCEDE,
    DOUBT,
    END,
    PASS,
    PLUS,
    SUSPEND,
    TAKE_BONUS,
    AlphagonRules,
    Answer,
    Change,
    Contradict,
    Correct,
    Declare,
    End,
    FindShape,
    FindSyllable,
    Give,
    Lose,
    Place,
    Rotation,
    Start,
    State,
    Take,
    close_points,
)
from sixdot.lexicon import Lexicon

E, S, W, N = Direction.EAST, Direction.SOUTH, Direction.WEST, Direction.NORTH
WORDS = [
    "police", "policeman", "concluding", "conclusion", "conclave",
    "ascetical", "ascesis", "cart", "carts", "tree",
]  # fmt: skip


def sq(name: str) -> tuple[int, int]:
    square = parse_square(name)
    assert square is not None
    return square


def game(words=WORDS, players: int = 3, **options: object) -> State:
    state = AlphagonRules(Lexicon.from_words(words)).new_game(players, options, seed=1)
    assert isinstance(state, State)
    return state


def line(start: str, direction: Direction, count: int) -> tuple[tuple[int, int], ...]:
    square, squares = sq(start), []
    for _ in range(count):
        squares.append(square)
        square = (square[0] + direction.step[0], square[1] + direction.step[1])
    return tuple(squares)


def building(
    state: State,
    letters: str,
    start: str = "C3",
    direction: Direction = E,
    turn: int = 0,
    rotation: Rotation = Rotation.LEFT,
) -> State:
    """The polygon started on `start` with `letters` placed so far, seats taking
    turns the way play goes (to the left unless told)."""
    path = line(start, direction, len(letters) + 1)
    back = rotation.step
    owners = tuple(
        (turn - back * (len(letters) + 1 - i)) % state.n for i in range(len(letters) + 1)
    )
    return replace(
        state,
        rotation=rotation,
        phase=state.phase.PLAY,
        path=path,
        marks=(PLUS, *letters),
        owners=owners,
        corners=(0,),
        headings=(direction,),
        word_from=1,
        turn=turn,
        placer=owners[-1],
        racks=(tuple("AEIRSTC"),) * state.n,
        bonuses=(2,) * state.n,
    )


def long_word(
    rack: str = "LAE", bonuses: int = 1, start: str = "C3", direction: Direction = E
) -> State:
    """Seat 0 has just closed CARTWHEEL, over 8 letters, from the plus on `start`:
    its reward is owed.

    With the rack given (L among it) and the bonuses given, after the L is placed
    and the rack refilled."""
    state = building(game([*WORDS, "cartwheel"]), "CARTWHEE", start, direction)
    state = replace(state, racks=(tuple(rack), *state.racks[1:]), bonuses=(bonuses, 2, 2))
    return play(state, Place(("L",)), CLOSE)


def play(state: State, *moves: object) -> State:
    for move in moves:
        state, _ = state.apply(state.to_act()[0], move)  # type: ignore[arg-type]
    return state


# --- the start -------------------------------------------------------------------


def test_a_dice_roll_chooses_who_starts_and_which_way_play_goes() -> None:
    """The text: "A dice roll is made to choose the starting player and the direction
    of rotation." The game's seeded generator rolls it, the first lines say it, and
    the same seed rolls the same; across seeds every seat starts, each way round."""
    rules = AlphagonRules(Lexicon.from_words(WORDS))
    rolled = set()
    for seed in range(40):
        state, opening = rules.begin(3, None, seed)
        assert [type(e) for e in opening[:3]] == [GameSetUp, FirstPlayerRolled, RotationRolled]
        first, way = opening[1], opening[2]
        assert first.first_seat == state.turn == state.to_act()[0]
        assert way.rotation is state.rotation
        step = state.rotation.step
        assert way.order_seats == tuple((state.turn + i * step) % 3 for i in range(3))
        assert rules.begin(3, None, seed)[1] == opening
        rolled.add((state.turn, state.rotation))
    assert rolled == {(seat, way) for seat in range(3) for way in Rotation}


def test_play_goes_round_the_way_the_dice_chose() -> None:
    """The text: "A dice roll is made to choose ... the direction of rotation." Rolled
    to the right, seat 2 plays after seat 0: turns, passes, the placer a doubt goes to
    and the replies to a declaration all go that way."""
    right = building(game(), "CAR", turn=0, rotation=Rotation.RIGHT)
    assert play(right, Place(("T",)), END).turn == 2
    assert play(right, PASS).turn == 2
    assert right.placer == 1 and play(right, DOUBT).to_act() == (1,)
    four = building(game(players=4), "CONCL", turn=2, rotation=Rotation.RIGHT)
    declared = play(four, Declare(("CONCLUDING",)))
    assert declared.to_act() == (1,)
    assert play(declared, ACCEPT).to_act() == (0,)
    assert play(declared, ACCEPT, ACCEPT).to_act() == (3,)


# --- the text's examples -------------------------------------------------------


def test_poli_declared_as_police_closes_for_five_points_when_nobody_contradicts() -> None:
    state = building(game(), "POLI")
    after = play(state, Declare(("POLICE", "POLICEMAN")), ACCEPT, ACCEPT)
    assert after.scores[0] == 5  # POLICE, 6 letters: a medium word
    assert after.marks[-1] == PLUS and after.letters == ""


def test_policlinic_would_have_contradicted_police() -> None:
    state = building(game([*WORDS, "policlinic"]), "POLI")
    after = play(state, Declare(("POLICE", "POLICEMAN")), Contradict(("POLICLINIC",)))
    assert after.scores[1] == 6  # the contradictor closes a long word
    assert after.to_act() == (0,)  # the declarer is penalized: a letter of their choice
    lost = play(after, Lose("A"))
    assert len(lost.racks[0]) == 6 and lost.lost[0] == ("A",)


def test_concl_declared_concluding_is_contradicted_by_conclave() -> None:
    state = building(game(), "CONCL")
    declared = play(state, Declare(("CONCLUDING", "CONCLUSION")))
    assert Contradict(("CONCLAVE",)) in declared.legal_actions(1)
    after = play(declared, Contradict(("CONCLAVE",)), Lose("C"))
    assert after.scores == (0, 6, 0)  # CONCLAVE, 8 letters
    assert after.claim is None and after.marks[-1] == PLUS


def test_a_word_sharing_the_stem_is_no_contradiction() -> None:
    declared = play(building(game(), "CONCL"), Declare(("CONCLUDING", "CONCLUSION")))
    refusal = declared.refusal(1, Contradict(("CONCLUSION",)))
    assert refusal is not None and refusal.key == "refuse-agn-same-stem"


def test_asce_declared_asceticals_is_corrected_to_ascesis() -> None:
    state = building(game(), "ASCE")
    declared = play(state, Declare(("ASCETICAL",)))
    assert Correct(("ASCESIS",)) in declared.legal_actions(1)
    after = play(declared, Correct(("ASCESIS",)), ACCEPT)
    assert after.scores[0] == 5  # 7 letters instead of 9: 5 points, not 6


def test_contradictions_run_in_seat_order_from_the_declarers_left() -> None:
    declared = play(building(game(players=4), "CONCL", turn=2), Declare(("CONCLUDING",)))
    assert [declared.to_act()] == [(3,)]
    assert play(declared, ACCEPT).to_act() == (0,)


def test_a_declaration_needs_three_letters_on_the_board() -> None:
    refusal = building(game(), "PO").refusal(0, Declare(("POLICE",)))
    assert refusal is not None and refusal.key == "refuse-agn-declare-short"


# --- closing, doubts and passes --------------------------------------------------


@pytest.mark.parametrize(("length", "points"), [(4, 4), (5, 4), (6, 5), (7, 5), (8, 6), (12, 6)])
def test_closing_scores_by_length(length: int, points: int) -> None:
    assert close_points(length) == points


def test_a_player_completing_a_word_may_close_it() -> None:
    state = building(game(), "CAR")
    placed = play(state, Place(("T",)))
    assert CLOSE in placed.legal_actions(0)
    closed = play(placed, CLOSE)
    assert closed.scores[0] == 4 and closed.marks[-1] == PLUS
    assert closed.must_turn  # the next word starts a new, perpendicular side


def test_a_long_word_earns_a_bonus_or_a_letter_of_the_players_choice() -> None:
    """The text: "if the word exceeds 8 letters, the player can get 1 bonus or 1 letter
    of his choice, but only if he is under the initial allocation". Holding 1 bonus
    of the 2 and 3 letters of the 7, the player chooses; a letter is one they name,
    from their own sacks."""
    owed = long_word()
    assert owed.scores[0] == 6 and owed.to_act() == (0,)
    assert owed.marks[-1] == "L"  # the word's plus waits for the choice
    legal = owed.legal_actions(0)
    assert TAKE_BONUS in legal
    sacks = {*owed.vowel_sacks[0], *owed.consonant_sacks[0]}
    assert {a.letter for a in legal if isinstance(a, Take)} == sacks
    bonus = play(owed, TAKE_BONUS)
    assert bonus.bonuses[0] == 2 and bonus.racks[0] == owed.racks[0]
    assert bonus.marks[-1] == PLUS and END in bonus.legal_actions(0)  # the turn goes on
    letter = play(owed, Take("Z"))
    assert letter.racks[0] == (*owed.racks[0], "Z") and letter.bonuses[0] == 1
    assert letter.consonant_sacks[0].count("Z") == owed.consonant_sacks[0].count("Z") - 1
    assert letter.marks[-1] == PLUS


@pytest.mark.parametrize(
    ("rack", "bonuses", "offers_bonus", "offers_letter"),
    [
        ("LAE", 2, False, True),  # the start's 2 bonuses: a letter only
        ("LAEIRST", 1, True, False),  # the start's 7 letters: a bonus only
    ],
)
def test_a_long_word_rewards_only_what_is_under_the_initial_allocation(
    rack: str, bonuses: int, offers_bonus: bool, offers_letter: bool
) -> None:
    """The text: "... 1 bonus or 1 letter of his choice, but only if he is under the
    initial allocation": a bonus while holding fewer than the start's 2 bonuses, a
    letter while holding fewer than the start's 7 letters."""
    legal = long_word(rack, bonuses).legal_actions(0)
    assert (TAKE_BONUS in legal) is offers_bonus
    assert any(isinstance(a, Take) for a in legal) is offers_letter


def test_a_long_word_at_the_full_allocation_earns_nothing_more() -> None:
    """The text: "... but only if he is under the initial allocation"."""
    full = long_word("LAEIRST", 2)
    assert full.reward is None and full.marks[-1] == PLUS
    assert not any(isinstance(a, Take) for a in full.legal_actions(0))


def test_a_long_words_reward_comes_before_its_plus() -> None:
    """The text lists what closing gives in order: the points, the long word's reward,
    then the '+'. A plus on a cloud takes the bonus just chosen, so no letter is lost."""
    owed = long_word(bonuses=0, start="L2", direction=S)  # CARTWHEEL down to L11
    assert square_name(owed.next.square) == "L12" and owed.layout.mark(sq("L12")).value == "cloud"
    after = play(owed, TAKE_BONUS)
    assert after.bonuses[0] == 0 and after.to_act() == (0,) and not after.pending
    assert square_name(after.path[-1]) == "L12" and after.marks[-1] == PLUS


def test_a_doubt_answered_with_a_word_closes_it_for_the_placer() -> None:
    state = building(game(), "CAR", turn=1)  # seat 0 placed the R
    after = play(state, DOUBT, Answer(("CARTS",)))
    assert after.scores[0] == 4
    assert after.to_act() == (1,)  # the doubter loses a letter
    assert play(after, Lose("E")).to_act() == (1,)  # then goes on with a new word


def test_a_doubt_with_no_word_penalizes_the_placer_and_suspends() -> None:
    state = building(game(), "CAX", turn=1)
    after = play(state, DOUBT, CONCEDE)
    assert after.to_act() == (0,)
    after = play(after, Lose("A"))
    assert after.marks[-1] == PLUS and after.scores == (0, 0, 0)


def test_a_stated_word_must_finish_the_letters() -> None:
    doubted = play(building(game(), "CAR", turn=1), DOUBT)
    refusal = doubted.refusal(0, Answer(("TREE",)))
    assert refusal is not None and refusal.key == "refuse-agn-word-start"


def test_passing_costs_a_bonus_or_else_a_letter() -> None:
    state = building(game(), "CAR", turn=1)
    passed = play(state, PASS)
    assert passed.bonuses[1] == 1 and passed.turn == 2
    broke = replace(state, bonuses=(2, 0, 2))
    passed = play(broke, PASS)
    assert passed.to_act() == (1,) and isinstance(passed.legal_actions(1)[0], Lose)


def test_a_pass_with_no_bonus_loses_the_letter_before_the_next_turn() -> None:
    broke = replace(building(game(), "CAR", turn=1), bonuses=(2, 0, 2))
    passed, said = broke.apply(1, PASS)
    assert [type(e).__name__ for e in said] == ["Passed"]  # nobody's turn is announced yet
    assert passed.to_act() == (1,)
    lost, said = passed.apply(1, Lose("A"))
    assert [type(e).__name__ for e in said] == ["LetterLost", "TurnBegan"]
    assert lost.to_act() == (2,) and lost.passes == 1


def test_after_a_round_of_passes_the_last_player_may_suspend() -> None:
    state = building(game(), "CAR", turn=1)
    assert SUSPEND not in state.legal_actions(1)
    state = play(state, PASS, PASS)
    assert state.turn == 0 and SUSPEND in state.legal_actions(0)
    suspended = play(state, SUSPEND)
    assert suspended.marks[-1] == PLUS and suspended.letters == ""


# --- letters, bonuses, cards ------------------------------------------------------


def test_two_letters_cost_a_bonus() -> None:
    state = play(building(game(), "CA"), Place(("R", "T")))
    assert state.bonuses[0] == 1 and state.letters == "CART"


def test_a_change_costs_a_bonus_before_placing_and_nothing_after() -> None:
    state = building(game(), "CA")
    before = play(state, Change("E"))
    assert before.bonuses[0] == 1 and len(before.racks[0]) == 7
    after = play(state, Place(("R",)), Change("E"))
    assert after.bonuses[0] == 2
    assert Change("A") not in after.legal_actions(0)  # one change a turn


def test_giving_up_a_letter_gains_a_bonus() -> None:
    state = play(building(game(), "CA"), Give("C"))
    assert state.bonuses[0] == 3 and len(state.racks[0]) == 6


def test_a_star_gains_a_bonus_and_a_cloud_costs_one() -> None:
    star = building(game(), "CAR", start="E1", direction=S)  # E1 to E4: next is E5
    assert square_name(star.next.square) == "E5"
    assert play(star, Place(("T",))).bonuses[0] == 3
    cloud = building(game(), "CA", start="D3", direction=S)  # D3 to D5: next is D6
    assert square_name(cloud.next.square) == "D6"
    assert play(cloud, Place(("T",))).bonuses[0] == 1
    broke = replace(cloud, bonuses=(0, 2, 2))
    owed = play(broke, Place(("T",)))
    assert all(isinstance(a, Lose) for a in owed.legal_actions(0))  # no bonus: a letter


def test_a_syllable_in_the_word_scores_three_and_exchanges_the_card() -> None:
    state = building(game(), "CAR")
    card = next(c for c in layout().cards if "CA" in c.syllables)
    state = replace(state, hands=((card.number, *state.hands[0][1:]), *state.hands[1:]))
    found = play(state, FindSyllable("CA"))
    assert found.scores[0] >= 3 and card.number not in found.hands[0]
    assert found.queue[-1] == card.number
    assert FindSyllable("AC") not in found.legal_actions(0)  # one syllable a turn


def test_a_shape_matches_the_last_squares_turned_any_way() -> None:
    state = building(game(), "CAR")  # C3 to F3, a straight line of four
    card = next(c for c in layout().cards if "I4" in [s.name for s in c.shapes])
    state = replace(state, hands=((card.number,), *state.hands[1:]))
    assert FindShape("I4") in state.legal_actions(0)
    turned = replace(state, path=line("C3", S, 4))
    assert FindShape("I4") in turned.legal_actions(0)


def test_a_syllable_is_found_once_in_a_word() -> None:
    """Our ruling: once CA is found in CAR, nobody scores CA again until a new word."""
    card = next(c for c in layout().cards if "CA" in c.syllables)
    state = building(game(), "CAR")
    state = replace(state, hands=((card.number,), (card.number,), *state.hands[2:]))
    found = play(state, FindSyllable("CA"), Place(("T",)), END)
    assert FindSyllable("CA") not in found.legal_actions(1)
    assert found.refusal(1, FindSyllable("CA")) is not None
    later = play(found, Place(("S",)), CLOSE, END, Place(("C",)), END, Place(("A",)), END)
    assert later.letters == "CA" and FindSyllable("CA") in later.legal_actions(1)


def test_an_end_of_the_polygon_is_found_as_a_shape_once() -> None:
    """Our ruling: a shape needs the polygon to have grown since the last shape found."""
    card = next(c for c in layout().cards if "I4" in [s.name for s in c.shapes])
    state = building(game(), "CAR")
    state = replace(state, hands=((card.number,), (card.number,), *state.hands[2:]))
    found = play(state, FindShape("I4"), Place(("T",)), END)
    assert FindShape("I4") in found.legal_actions(1)  # T made a new end
    again = play(state, FindShape("I4"))
    again = replace(again, used=frozenset(), turn=1)
    assert FindShape("I4") not in again.legal_actions(1)


# --- the polygon's geometry --------------------------------------------------------


def test_the_polygon_turns_at_the_board_edge() -> None:
    state = building(game(), "CARTS", start="H3")  # H3 + I3..M3: M is the east edge
    step = state.next
    assert step is not None and step.turned and step.heading in (N, S)
    after = play(state, Place(("E",)))
    assert square_name(after.path[-1]) == square_name(step.square)
    assert after.sides == 2


@pytest.mark.parametrize(
    ("start", "heading", "edge", "plus", "then"),
    [
        ("H3", E, "M3", "M4", "M5"),  # east edge, level with the start: south
        ("F11", W, "A11", "A10", "A9"),  # west edge, level: north is farther
        ("C6", N, "C1", "D1", "E1"),  # north edge, level: east is farther
        ("C8", S, "C13", "D13", "E13"),  # south edge
    ],
)
def test_a_word_closed_on_the_edge_turns_once_with_its_plus(
    start: str, heading: Direction, edge: str, plus: str, then: str
) -> None:
    """The plus goes round the corner and the new word goes on that way: one turn, not two."""
    closed = play(building(game(), "CART", start=start, direction=heading), Place(("S",)), CLOSE)
    assert [square_name(s) for s in closed.path[-2:]] == [edge, plus]
    assert closed.sides == 2
    step = closed.next
    assert step is not None and not step.turned and square_name(step.square) == then


def test_under_four_sides_the_turn_goes_away_from_the_start() -> None:
    way, rule = preferred(sq("F6"), sq("C3"), E, built=2, size=13)
    assert (way, rule) == (S, Rule.AWAY)


def test_from_four_sides_the_turn_goes_toward_the_start() -> None:
    way, rule = preferred(sq("F6"), sq("C3"), E, built=4, size=13)
    assert (way, rule) == (N, Rule.TOWARD)


def test_level_with_the_start_the_turn_goes_toward_the_farther_edge() -> None:
    assert preferred(sq("H3"), sq("C3"), E, built=2, size=13) == (S, Rule.LEVEL)
    assert preferred(sq("H11"), sq("C11"), E, built=2, size=13) == (N, Rule.LEVEL)


def test_after_a_plus_the_new_side_is_perpendicular() -> None:
    closed = play(building(game(), "CAR"), Place(("T",)), CLOSE)
    assert square_name(closed.path[-1]) == "H3"  # the plus after CART
    step = closed.next
    assert step is not None and step.turned and step.heading is S  # level: the farther edge


def test_sides_may_not_touch() -> None:
    # East along row 3, south, then west along row 5: row 4 would touch row 3.
    path = (*line("C3", E, 5), *line("G4", S, 2)[0:2], *line("F5", W, 2))
    assert not free(path, sq("D4"), 13)  # next to C4? no: next to D3, an earlier side
    assert not free(path, sq("E4"), 13)
    assert free(path, sq("D5"), 13)


def test_the_polygon_turns_rather_than_touch_itself() -> None:
    # A spiral: going on north from D5 to D4 would touch D3 on the first side.
    path = (*line("C3", E, 6), *line("H4", S, 4), *line("G7", W, 4), *line("D6", N, 2))
    assert not free(path, sq("D4"), 13)
    step = next_step(path, N, False, 4, 13)
    assert step is not None and step.turned
    assert (square_name(step.square), step.rule) == ("C5", Rule.TOWARD)


def built(sides: int) -> State:
    """A polygon from C3 with `sides` sides, the word CAR on the last of them:
    east C3-H3, south H4-H8, east I8-K8, and for four, south K9-K11."""
    runs = [("C3", E, 6), ("H4", S, 5), ("I8", E, 3), ("K9", S, 3)][:sides]
    path = tuple(square for start, way, count in runs for square in line(start, way, count))
    corners = [0]
    for _, _, count in runs[:-1]:
        corners.append(corners[-1] + count - (len(corners) == 1))
    state = building(game(), "CAR")
    return replace(
        state,
        path=path,
        marks=(PLUS, *"T" * (len(path) - 4), *"CAR"),
        owners=(*state.owners[:1] * (len(path) - 3), *state.owners[1:]),
        corners=tuple(corners),
        headings=tuple(way for _, way, _ in runs),
        word_from=len(path) - 3,
    )


def turn_after(sides: int) -> tuple[str, DirectionChanged, str]:
    """CART closed on the last of `sides` sides: where its plus goes, then the turn
    the next player's letter takes and the square it lands on."""
    closed = play(built(sides), Place(("T",)), CLOSE, END)
    assert closed.sides == sides
    after, said = closed.apply(1, Place(("A",)))
    turn = next(e for e in said if isinstance(e, DirectionChanged))
    return square_name(closed.path[-1]), turn, square_name(after.path[-1])


def test_turns_go_away_from_the_start_while_fewer_than_four_sides_are_built() -> None:
    """The text: "if the number of sides constructed is less than 4, I will choose the
    direction that moves away from the starting point." CART closes on the third
    side and its plus goes on M8: three sides are built, so the fourth turns south,
    away from C3. (Counting the fourth side, being started, would turn it north.)"""
    plus, turn, then = turn_after(3)
    assert (plus, turn.direction, turn.rule, turn.side, then) == ("M8", S, Rule.AWAY, 4, "M9")


def test_turns_go_toward_the_start_once_four_sides_are_built() -> None:
    """The text: "if the polygon under construction has at least 4 sides, in changing
    the direction NORTH/SOUTH or EAST/WEST, I will choose the direction that approaches
    the starting point." CART closes on the fourth side, its plus on K13: the fifth
    side turns west, toward C3."""
    plus, turn, then = turn_after(4)
    assert (plus, turn.direction, turn.rule, turn.side, then) == ("K13", W, Rule.TOWARD, 5, "J13")


# --- the end ------------------------------------------------------------------------


def test_reaching_the_goal_ends_the_game() -> None:
    state = building(game(target=4), "CAR")
    over = play(state, Place(("T",)), CLOSE)
    assert over.is_over and over.ended is End.GOAL and over.winners == (0,)


def test_closing_the_polygon_ends_the_game() -> None:
    path = (*line("C3", E, 5), *line("G4", S, 4), *line("F7", W, 4), *line("C6", N, 2))
    state = replace(
        building(game(), "CAR"),
        path=path,
        marks=(PLUS, *"CARTSTREECARTS"),
        owners=(0,) * len(path),
        corners=(0, 4, 8, 12),
        headings=(E, S, W, N),
        word_from=12,
    )
    assert square_name(path[-1]) == "C5" and square_name(state.next.square) == "C4"
    over = play(state, Place(("A",)))
    assert over.is_over and over.ended is End.CLOSED


def test_the_tenth_side_finished_ends_the_game() -> None:
    # Ten sides so far, and the edge at M3 forces a turn that would start an eleventh.
    state = replace(building(game(), "CARTS", start="H3"), headings=(E,) * 10)
    assert state.next is not None and state.next.turned
    assert not any(isinstance(a, Place) for a in state.legal_actions(0))
    over = play(state, Give("C"))
    assert over.is_over and over.ended is End.SIDES


def test_no_letters_anywhere_ends_the_game() -> None:
    state = replace(building(game(), "CAR", turn=1), racks=((), ("E",), ()))
    over = play(state, Give("E"))
    assert over.is_over and over.ended is End.LETTERS


def test_a_polygon_that_cannot_go_on_is_a_stalemate() -> None:
    # B3 north to B1, then west to A1: the edge ahead, and A2 would touch B2.
    boxed = replace(
        building(game(), "CAR"),
        path=(sq("B3"), sq("B2"), sq("B1"), sq("A1")),
        headings=(N, W),
        corners=(0, 2),
    )
    assert boxed.next is None
    over = play(boxed, Give("C"))
    assert over.is_over and over.ended is End.STUCK


# --- notation and replay ----------------------------------------------------------------


def test_every_listed_move_reads_back_from_its_notation() -> None:
    rules = AlphagonRules(Lexicon.from_words(WORDS))
    state = building(game(), "CONCL")
    for action in (*state.legal_actions(0), ACCEPT, END, Declare(("CONCLAVE",))):
        assert rules.parse_action(action.notation) == action
    for action in long_word().legal_actions(0):
        assert rules.parse_action(action.notation) == action
    assert rules.parse_action("start c3 e r") == Start(sq("C3"), E, "R")
    assert rules.parse_action("take letter e") == rules.parse_action("take e") == Take("E")
    assert rules.parse_action("Take Bonus") == TAKE_BONUS


def test_a_game_replays_exactly_from_its_moves() -> None:
    rules = AlphagonRules(Lexicon.from_words(WORDS))
    state, _ = rules.begin(2, None, seed=5)
    moves = []
    for _ in range(30):
        if state.is_over:
            break
        seat = state.to_act()[0]
        action = state.legal_actions(seat)[-1]
        moves.append((seat, action.notation))
        state, _ = state.apply(seat, action)
    again, _ = replay(rules, 2, None, 5, moves)
    assert again == state


def test_a_refused_move_changes_nothing_and_says_why() -> None:
    state = building(game(), "CAR")
    with pytest.raises(IllegalAction) as err:
        state.apply(0, Place(("Q",)))
    assert err.value.refusal.key == "refuse-agn-no-letter"
    assert state.letters == "CAR"


def test_the_rules_docs_example_turn() -> None:
    state = building(game(), "POL", start="C4")  # plus on C4, P O L on D4 E4 F4
    assert square_name(state.next.square) == "G4"
    placed = play(state, Place(("I",)))
    assert square_name(placed.path[-1]) == "G4" and placed.letters == "POLI"
    refusal = placed.refusal(0, CLOSE)
    assert refusal is not None and refusal.key == "refuse-agn-not-a-word"
    closed = play(placed, Declare(("POLICE", "POLICEMAN")), ACCEPT, ACCEPT)
    assert closed.scores[0] == 5 and square_name(closed.path[-1]) == "H4"
    assert closed.to_act() == (0,) and END in closed.legal_actions(0)


def test_a_reply_to_a_declaration_is_always_asked_for() -> None:
    """Even when 'accept' is the only reply listed, a person is asked: they may
    look at the board first, and may type a word of their own."""
    rules = get_game("alphagon").rules
    seen_declaration = seen_other = False
    for seed in range(40):
        state = rules.new_game(2, seed=seed)
        bots = [SensibleBot(s, seed) for s in range(2)]
        while not state.is_over and not (seen_declaration and seen_other):
            seat = state.to_act()[0]
            if state.claim is not None and state.claim.kind == "declare":
                assert state.must_ask(seat)
                seen_declaration = True
            else:
                assert not state.must_ask(seat)
                seen_other = True
            state, _ = state.apply(
                seat, bots[seat].choose(state.view(seat), state.legal_actions(seat))
            )
        if seen_declaration:
            break
    assert seen_declaration and seen_other
