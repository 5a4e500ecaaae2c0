"""Alphabeticell, rule by rule, as examples from the rules text.

The specification is seeds/alphabeticell.txt with RULINGS section 4. Cards are
written as the rules text writes them: the letter a card shows in a line is in
upper case (`[Oh][Sg][sW]` is the line O S W); a lone starting card, which
shows no letter yet, is all lower case (`[sg]`).
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Sequence
from string import ascii_uppercase

import pytest

from sixdot.core import IllegalAction, NotationError, OptionError, Refusal, Rng
from sixdot.core.errors import PlayerCountError
from sixdot.games.alphabeticell.cards import Card, by_face, deck, deck_list, points_per_card
from sixdot.games.alphabeticell.rules import (
    RULES,
    CardDiscarded,
    CardFlipped,
    CardKept,
    CardPassed,
    CardsDealt,
    CardsReturned,
    CardTaken,
    End,
    GameEnded,
    Keep,
    Pass,
    Phase,
    Placed,
    RoundEnded,
    RoundStarted,
    State,
    Take,
)
from sixdot.present.phrasebook import Phrasebook

# The distribution table printed at the end of the rules text (in two halves
# to fit the line length; the numbers are as printed).
RULES_TABLE = """
A B C D E F G H I J K L M
6 4 4 5 6 2 3 5 6 1 1 5 4
N O P Q R S T U V W X Y Z
6 6 2 1 6 6 6 3 1 3 1 2 1
"""

# The example lines printed in the rules text.
JEN = ("Nh", "aP", "Sc")
MARIA = ("eK", "iL", "Nu", "Oc", "aP", "iQ")
ED = ("Al", "iB", "Ew", "tH", "Iu", "eL", "eM", "Nb", "Od", "Sc", "oU")  # printed all caps
DAVID = ("Aw", "tC", "sD", "nF", "sG", "rH", "tM", "Rw", "Td")  # printed all caps


# --- helpers: positions from the rules text ---------------------------------


def card(face: str) -> Card:
    return by_face()[face.upper()]


def placed(spec: str) -> Placed:
    """`"Oh"` is OH showing O; `"sg"` is SG alone, showing no letter yet."""
    shown = [ch for ch in spec if ch.isupper()]
    assert len(shown) <= 1, spec
    return Placed(card(spec), shown[0] if shown else None)


def line(*specs: str) -> tuple[Placed, ...]:
    return tuple(placed(s) for s in specs)


def letters(state: State, seat: int) -> str:
    return "".join(p.letter or "?" for p in state.lines[seat])


def offering(
    lines: Sequence[Sequence[str]],
    face_up: str,
    *,
    dealer: int = 0,
    deck_top: Sequence[str] = (),
    deck_rest: bool = True,
    scores: Sequence[int] | None = None,
    options: dict[str, object] | None = None,
) -> State:
    """A round in play: these lines, `face_up` just flipped by `dealer`.

    The deck holds `deck_top` in that order, then (if `deck_rest`) every other
    card; cards in neither were discarded earlier, so all 48 stay accounted for.
    """
    players = len(lines)
    start, _ = RULES.begin(players, options, seed=0)
    assert isinstance(start, State)
    built = tuple(line(*specs) for specs in lines)
    used = {p.card for row in built for p in row} | {card(face_up)}
    top = tuple(card(f) for f in deck_top)
    rest = tuple(c for c in deck() if c not in used and c not in top)
    state = dataclasses.replace(
        start,
        phase=Phase.OFFER,
        hands=((),) * players,
        lines=built,
        face_up=card(face_up),
        dealer=dealer,
        offered=dealer,
        passed=(),
        deck=top + (rest if deck_rest else ()),
        discards=() if deck_rest else rest,
        scores=tuple(scores) if scores is not None else (0,) * players,
    )
    assert_all_cards_accounted_for(state)
    return state


def assert_all_cards_accounted_for(state: State) -> None:
    cards = [*state.deck, *state.discards, *(c for hand in state.hands for c in hand)]
    cards += [p.card for row in state.lines for p in row]
    if state.face_up is not None:
        cards.append(state.face_up)
    assert sorted(cards) == sorted(deck())


def act(state: State, seat: int, text: str) -> tuple[State, tuple]:
    """`seat` plays the move written `text` (notation as a player types it)."""
    new, events = state.apply(seat, RULES.parse_action(text))
    assert isinstance(new, State)
    return new, events


def everyone_passes(state: State) -> tuple[State, list]:
    """Each seat in turn passes on the card on offer."""
    events: list = []
    for _ in range(state.players):
        state, new = act(state, state.to_act()[0], "pass")
        events.extend(new)
    return state, events


def refusal_key(state: State, seat: int, text: str) -> str:
    refusal = state.refusal(seat, RULES.parse_action(text))
    assert refusal is not None, text
    return refusal.key


def of_type(events: Sequence[object], kind: type) -> list:
    return [e for e in events if isinstance(e, kind)]


def build_line(specs: Sequence[str], players: int = 2) -> tuple[State, tuple]:
    """Seat 0 builds the line `specs` card by card, left to right, through real
    takes; the other seats (starting with a card they never extend) pass."""
    first, *others = specs
    lone = first.lower()
    state = offering(
        [[lone]] + [[spare] for spare in ("tg", "rm", "ob", "rc")[: players - 1]],
        others[0],
        deck_top=others[1:],
    )
    events: tuple = ()
    for i, spec in enumerate(others):
        while state.to_act() != (0,):
            state, _ = act(state, state.to_act()[0], "pass")
        assert state.face_up == card(spec)
        shown = placed(spec).letter
        fix = f" with {placed(first).letter}" if i == 0 else ""
        state, events = act(state, 0, f"take {spec} as {shown}{fix}")
    return state, events


# --- the deck ---------------------------------------------------------------


def test_the_deck_has_48_distinct_cards() -> None:
    assert len(deck()) == 48
    assert len(set(deck())) == 48
    assert len({frozenset(c.letters) for c in deck()}) == 48


def test_every_card_has_two_different_letters() -> None:
    for c in deck():
        first, second = c.letters
        assert first != second
        assert first in ascii_uppercase and second in ascii_uppercase


def test_the_letter_distribution_is_the_table_in_the_rules() -> None:
    rows = RULES_TABLE.strip().splitlines()
    header, counts = " ".join(rows[0::2]), " ".join(rows[1::2])
    table = dict(zip(header.split(), map(int, counts.split()), strict=True))
    assert sorted(table) == list(ascii_uppercase)
    assert sum(table.values()) == 2 * 48
    assert Counter(x for c in deck() for x in c.letters) == Counter(table)


def test_every_card_named_in_the_rules_text_is_in_the_deck() -> None:
    named = ["EW", "AM", "OH", "AP", "EL", "SG", "AJ", *JEN, *MARIA, *ED, *DAVID]
    for face in named:
        assert face.upper() in by_face(), face


def test_the_deck_is_the_reconstruction_in_the_rulings() -> None:
    """RULINGS section 4: the text's cards kept, the rest reconstructed."""
    rulings = """
        EW AM OH AP EL SG AJ NH SC EK IL NU OC IQ AL IB TH IU EM NB OD OU AW TC SD NF RH TM
        RW TD SH RM SL OL RC ED ND RB OB IF IG TG SP EV AX RY NY TZ
    """
    assert sorted(c.face for c in deck()) == sorted(rulings.split())


def test_every_card_scores_one_point() -> None:
    assert points_per_card() == 1
    assert all(entry.count == 1 and entry.value == 1 for entry in deck_list())
    assert [entry.card for entry in deck_list()] == list(deck())


def test_notation_names_cards_as_printed() -> None:
    assert str(card("ew")) == "EW"
    assert card("EW").letters == ("E", "W")


# --- setup: choose your starting cards ---------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_deals_each_player_three_cards(players: int) -> None:
    state, events = RULES.begin(players, None, seed=players)
    assert isinstance(state, State)
    dealt = of_type(events, CardsDealt)
    assert sorted(e.seat for e in dealt) == list(range(players))
    assert all(len(e.cards) == 3 for e in dealt)
    assert all(state.hands[e.seat] == e.cards for e in dealt)
    every = [c for e in dealt for c in e.cards]
    assert len(set(every)) == 3 * players
    assert len(state.deck) == 48 - 3 * players
    assert of_type(events, RoundStarted) == [RoundStarted(1, state.dealer)]
    assert state.phase is Phase.PICK
    assert_all_cards_accounted_for(state)


@pytest.mark.parametrize("players", [2, 3, 5])
def test_picks_go_in_turn_from_the_dealer_clockwise(players: int) -> None:
    state, _ = RULES.begin(players, None, seed=7)
    dealer = state.dealer
    order = []
    while state.phase is Phase.PICK:
        (seat,) = state.to_act()
        order.append(seat)
        assert all(not state.legal_actions(s) for s in range(players) if s != seat)
        state, _ = state.apply(seat, state.legal_actions(seat)[0])
    assert order == [(dealer + i) % players for i in range(players)]


def test_each_player_keeps_one_card_face_up_and_the_others_are_shuffled_back() -> None:
    players = 4
    state, _ = RULES.begin(players, None, seed=3)
    hands = state.hands
    events: list = []
    while state.phase is Phase.PICK:
        (seat,) = state.to_act()
        keep = Keep(hands[seat][1])
        assert state.legal_actions(seat) == tuple(Keep(c) for c in hands[seat])
        state, new = state.apply(seat, keep)
        events.extend(new)
    # Each line is the kept card, alone, showing no letter yet.
    assert state.lines == tuple((Placed(hands[s][1], None),) for s in range(players))
    assert all(hand == () for hand in state.hands)
    # The other 2 of each 3 are back in the deck; the dealer has flipped one card.
    assert of_type(events, CardsReturned) == [CardsReturned(2 * players)]
    assert len(state.deck) == 48 - players - 1
    returned = {c for s in range(players) for c in (hands[s][0], hands[s][2])}
    assert returned <= set(state.deck) | {state.face_up}
    assert_all_cards_accounted_for(state)


def test_the_returned_cards_are_shuffled_into_the_deck_not_put_on_top() -> None:
    shuffled_in = 0
    for seed in range(20):
        state, _ = RULES.begin(2, None, seed)
        hands = state.hands
        for _ in range(2):
            (seat,) = state.to_act()
            state, _ = state.apply(seat, Keep(state.hands[seat][0]))
        returned = {c for hand in hands for c in hand[1:]}
        order = (state.face_up, *state.deck)
        at = sorted(i for i, c in enumerate(order) if c in returned)
        shuffled_in += at not in ([0, 1, 2, 3], list(range(len(order) - 4, len(order))))
    assert shuffled_in == 20


def test_picks_are_public_and_dealt_cards_private() -> None:
    players = 3
    state, events = RULES.begin(players, None, seed=11)
    for event in of_type(events, CardsDealt):
        for seat in range(players):
            assert event.visible_to(seat) == (seat == event.seat)
    for seat in range(players):
        view = state.view(seat)
        assert view.hand == state.hands[seat]
        others = [c for s in range(players) if s != seat for c in state.hands[s]]
        assert all(f"'{c.face}'" not in repr(view) for c in others)
    (picker,) = state.to_act()
    kept = state.hands[picker][0]
    state, events = state.apply(picker, Keep(kept))
    assert events == (CardKept(picker, kept),)
    for seat in range(players):
        assert events[0].visible_to(seat)
        assert state.view(seat).lines[picker] == (Placed(kept, None),)


def test_during_setup_only_a_dealt_card_can_be_kept() -> None:
    state, _ = RULES.begin(2, None, seed=1)
    (seat,) = state.to_act()
    stranger = next(c for c in deck() if c not in state.hands[seat])
    assert refusal_key(state, seat, f"keep {stranger}") == "refuse-abc-not-dealt"
    assert refusal_key(state, seat, "pass") == "refuse-abc-pick-first"
    assert refusal_key(state, seat, f"take {stranger} as {stranger.face[0]}") == (
        "refuse-abc-pick-first"
    )
    assert refusal_key(state, 1 - seat, f"keep {state.hands[1 - seat][0]}") == (
        "refuse-not-your-turn"
    )


def test_the_first_dealer_comes_from_the_seed() -> None:
    dealers = [RULES.new_game(4, None, seed).dealer for seed in range(40)]
    assert set(dealers) == {0, 1, 2, 3}
    assert dealers == [RULES.new_game(4, None, seed).dealer for seed in range(40)]


def test_after_setup_the_dealer_deals_the_first_card_face_up() -> None:
    state, _ = RULES.begin(3, None, seed=4)
    dealer = state.dealer
    events: list = []
    while state.phase is Phase.PICK:
        (seat,) = state.to_act()
        state, new = state.apply(seat, state.legal_actions(seat)[0])
        events.extend(new)
    flips = of_type(events, CardFlipped)
    assert flips == [CardFlipped(dealer, state.face_up, len(state.deck))]
    assert state.to_act() == (dealer,)


# --- the offer: take or pass, in turn from the dealer -------------------------


def test_the_dealer_has_first_refusal_then_the_offer_goes_clockwise() -> None:
    state = offering([["sg"], ["aj"], ["oc"], ["ib"]], "EW", dealer=2)
    order = []
    for _ in range(3):
        (seat,) = state.to_act()
        order.append(seat)
        state, events = act(state, seat, "pass")
        assert events == (CardPassed(seat, card("EW")),)
    assert order == [2, 3, 0]
    assert state.to_act() == (1,)
    assert state.face_up == card("EW")


def test_after_a_take_the_player_to_the_takers_left_deals_the_next_card() -> None:
    state = offering([["sg"], ["aj"], ["oc"]], "EW", dealer=0, deck_top=["AM"])
    state, _ = act(state, 0, "pass")
    state, events = act(state, 1, "take EW as W with J")
    assert of_type(events, CardFlipped) == [CardFlipped(2, card("AM"), len(state.deck))]
    assert state.dealer == 2 and state.to_act() == (2,)
    assert state.passed == ()


def test_the_next_dealer_after_the_last_seat_takes_is_the_first_seat() -> None:
    state = offering([["sg"], ["aj"], ["oc"]], "EW", dealer=2, deck_top=["AM"])
    state, _ = act(state, 2, "take EW as W with O")
    assert state.dealer == 0 and state.to_act() == (0,)
    assert state.face_up == card("AM")


def test_when_everyone_passes_the_card_is_discarded_and_the_same_dealer_flips_again() -> None:
    state = offering([["sg"], ["aj"], ["oc"]], "EW", dealer=1, deck_top=["AM"])
    state, events = everyone_passes(state)
    assert of_type(events, CardDiscarded) == [CardDiscarded(card("EW"))]
    assert state.discards[-1] == card("EW")
    assert of_type(events, CardFlipped) == [CardFlipped(1, card("AM"), len(state.deck))]
    assert state.dealer == 1 and state.to_act() == (1,)
    assert state.face_up == card("AM")


def test_only_the_offered_card_can_be_taken_and_only_by_the_player_asked() -> None:
    state = offering([["sg"], ["aj"]], "EW")
    assert refusal_key(state, 0, "take AM as M with S") == "refuse-abc-not-offered"
    assert refusal_key(state, 0, "take EW as X with S") == "refuse-abc-letter-not-on-card"
    assert refusal_key(state, 0, "keep EW") == "refuse-abc-setup-over"
    assert refusal_key(state, 1, "take EW as W with J") == "refuse-not-your-turn"
    assert refusal_key(state, 1, "pass") == "refuse-not-your-turn"
    assert state.legal_actions(1) == ()


# --- lines: alphabetical, added only at the ends ------------------------------


def test_jen_cannot_repeat_N_P_or_S() -> None:
    """Jen has NPS. 'She cannot place another N, P or S (cannot repeat letters).'"""
    for face, letter in [("NU", "N"), ("SP", "P"), ("SP", "S"), ("SD", "S")]:
        state = offering([JEN, ["tg"]], face)
        assert letters(state, 0) == "NPS"
        assert refusal_key(state, 0, f"take {face} as {letter}") == "refuse-abc-repeat"
        assert Take(card(face), letter) not in state.legal_actions(0)


def test_jen_cannot_place_O_Q_or_R_in_the_middle() -> None:
    """'She cannot place an O, Q or R (cannot place cards into the middle).'"""
    for face, letter in [("OC", "O"), ("IQ", "Q"), ("RB", "R"), ("RW", "R")]:
        state = offering([JEN, ["tg"]], face)
        refusal = state.refusal(0, RULES.parse_action(f"take {face} as {letter}"))
        assert refusal == Refusal.of("refuse-abc-inside", letter=letter, first="N", last="S")


def test_jen_can_take_any_letter_before_N_at_the_left_or_after_S_at_the_right() -> None:
    """'She can use any letters before N and those after S.'"""
    used = {card(s) for s in JEN} | {card("TG")}
    for offer in deck():
        if offer in used:
            continue
        state = offering([JEN, ["tg"]], offer.face)
        takes = [a for a in state.legal_actions(0) if isinstance(a, Take)]
        assert {t.letter for t in takes} == {x for x in offer.letters if x < "N" or x > "S"}
        assert all(t.fix is None for t in takes)
        assert state.legal_actions(0)[-1] == Pass()
        for take in takes:
            after, events = state.apply(0, take)
            (taken,) = of_type(events, CardTaken)
            if take.letter < "N":
                assert taken.end is End.LEFT and letters(after, 0) == take.letter + "NPS"
            else:
                assert taken.end is End.RIGHT and letters(after, 0) == "NPS" + take.letter


# --- the example turns: Aiden and Cat -----------------------------------------

AIDEN, CAT = 0, 1


def aiden_and_cat() -> State:
    """'They chose SG and AJ as their starting cards.' Aiden begins and flips EW."""
    return offering([["sg"], ["aj"]], "EW", dealer=AIDEN, deck_top=["AM", "OH", "AP", "EL", "IQ"])


def test_aiden_places_EW_to_the_right_as_W_forming_S_W() -> None:
    state, events = act(aiden_and_cat(), AIDEN, "take EW as W with S")
    assert state.lines[AIDEN] == line("Sg", "eW")
    (taken,) = of_type(events, CardTaken)
    assert (taken.end, taken.fixed_card, taken.fixed_letter, taken.line) == (
        End.RIGHT,
        card("SG"),
        "S",
        "SW",
    )


def test_cat_flips_AM_and_uses_it_to_make_J_M() -> None:
    state, _ = act(aiden_and_cat(), AIDEN, "take EW as W with S")
    assert state.dealer == CAT and state.face_up == card("AM")
    state, _ = act(state, CAT, "take AM as M with J")
    assert state.lines[CAT] == line("aJ", "aM")


def test_aiden_flips_OH_and_places_it_to_the_left_making_O_S_W() -> None:
    state, _ = act(aiden_and_cat(), AIDEN, "take EW as W with S")
    state, _ = act(state, CAT, "take AM as M with J")
    assert state.dealer == AIDEN and state.face_up == card("OH")
    # Both O and H come before S, so OH can only go on the left, as either.
    takes = [a for a in state.legal_actions(AIDEN) if isinstance(a, Take)]
    assert set(takes) == {Take(card("OH"), "O"), Take(card("OH"), "H")}
    state, events = act(state, AIDEN, "take OH as O")
    assert state.lines[AIDEN] == line("Oh", "Sg", "eW")
    assert of_type(events, CardTaken)[0].end is End.LEFT


def aiden_takes_AP() -> State:
    state, _ = act(aiden_and_cat(), AIDEN, "take EW as W with S")
    state, _ = act(state, CAT, "take AM as M with J")
    state, _ = act(state, AIDEN, "take OH as O")
    assert state.dealer == CAT and state.face_up == card("AP")
    state, _ = act(state, CAT, "pass")
    state, _ = act(state, AIDEN, "take AP as A")
    return state


def test_cat_flips_AP_and_passes_then_aiden_takes_it_to_the_left() -> None:
    state = aiden_takes_AP()
    assert state.lines[AIDEN] == line("Ap", "Oh", "Sg", "eW")
    assert letters(state, AIDEN) == "AOSW"


def test_since_aiden_took_the_last_card_cat_flips_EL_and_aiden_must_pass() -> None:
    state = aiden_takes_AP()
    assert state.dealer == CAT and state.face_up == card("EL")
    state, _ = act(state, CAT, "pass")
    assert state.legal_actions(AIDEN) == (Pass(),)
    assert refusal_key(state, AIDEN, "take EL as E") == "refuse-abc-inside"
    assert refusal_key(state, AIDEN, "take EL as L") == "refuse-abc-inside"
    state, events = act(state, AIDEN, "pass")
    assert of_type(events, CardDiscarded) == [CardDiscarded(card("EL"))]
    # 'Cat flips another card.'
    assert of_type(events, CardFlipped)[0].dealer_seat == CAT


def test_with_A_on_the_left_aiden_can_only_take_X_Y_or_Z() -> None:
    state = aiden_takes_AP()
    used = {p.card for row in state.lines for p in row}
    takeable = set()
    for offer in deck():
        if offer in used:
            continue
        position = dataclasses.replace(state, face_up=offer, offered=AIDEN)
        takes = [a for a in position.legal_actions(AIDEN) if isinstance(a, Take)]
        assert all(t.letter in "XYZ" for t in takes)
        takeable |= {t.letter for t in takes}
    assert takeable == {"X", "Y", "Z"}


# --- the second card fixes both letters ---------------------------------------


def test_a_lone_starting_card_shows_no_letter_yet() -> None:
    state = offering([["sg"], ["aj"]], "EW")
    assert state.lines[AIDEN] == (Placed(card("SG"), None),)


def test_taking_the_second_card_means_choosing_the_letters_of_both() -> None:
    state = offering([["sg"], ["aj"]], "EW")
    takes = {a for a in state.legal_actions(AIDEN) if isinstance(a, Take)}
    assert takes == {Take(card("EW"), new, old) for new in "EW" for old in "SG"}
    for take in takes:
        after, _ = state.apply(AIDEN, take)
        shown = {p.card.face: p.letter for p in after.lines[AIDEN]}
        assert shown == {"EW": take.letter, "SG": take.fix}
        assert letters(after, AIDEN) == "".join(sorted((take.letter, take.fix or "")))


def test_the_second_card_cannot_show_the_same_letter_as_the_first() -> None:
    state = offering([["sg"], ["aj"]], "SP")
    takes = {a for a in state.legal_actions(AIDEN) if isinstance(a, Take)}
    assert takes == {
        Take(card("SP"), "S", "G"),
        Take(card("SP"), "P", "S"),
        Take(card("SP"), "P", "G"),
    }
    assert refusal_key(state, AIDEN, "take SP as S with S") == "refuse-abc-same-letter"


def test_a_second_card_taken_without_with_is_refused_as_fix_needed() -> None:
    state = offering([["sg"], ["aj"]], "EW")
    refusal = state.refusal(AIDEN, RULES.parse_action("take EW as W"))
    assert refusal is not None and refusal.key == "refuse-abc-fix-needed"
    # The refusal suggests a take that is legal.
    suggested = Take(refusal.args["card"], refusal.args["letter"], refusal.args["fix"])
    assert suggested in state.legal_actions(AIDEN) and suggested.letter == "W"


def test_with_names_a_letter_of_the_first_card() -> None:
    state = offering([["sg"], ["aj"]], "EW")
    assert refusal_key(state, AIDEN, "take EW as W with X") == "refuse-abc-letter-not-on-card"


def test_with_on_a_line_that_is_already_fixed_is_refused() -> None:
    state = offering([["Sg", "eW"], ["aj"]], "TZ")
    assert refusal_key(state, AIDEN, "take TZ as Z with S") == "refuse-abc-already-fixed"
    assert state.can(AIDEN, RULES.parse_action("take TZ as Z"))


# --- ending the round: scoring ---------------------------------------------


def test_maria_scores_6_points_for_6_cards() -> None:
    """[eK][iL][Nu][Oc][aP][iQ]: 'Maria has 6 points.'"""
    state, _ = build_line(MARIA)
    assert letters(state, 0) == "KLNOPQ"
    state = dataclasses.replace(state, deck=(), discards=state.discards + state.deck)
    state, events = everyone_passes(state)
    (ended,) = of_type(events, RoundEnded)
    assert ended.points == (6, 1) and ended.eleven_seat is None
    assert state.totals == (6, 1)


def test_david_scores_9_points_for_9_cards() -> None:
    """[AW][TC][SD][NF][SG][RH][TM][RW][TD]: 'David has 9 points.'"""
    state, _ = build_line(DAVID)
    assert letters(state, 0) == "ACDFGHMRT"
    state = dataclasses.replace(state, deck=(), discards=state.discards + state.deck)
    state, events = everyone_passes(state)
    assert of_type(events, RoundEnded)[0].points[0] == 9


def test_ed_ends_the_round_by_taking_his_11th_card_and_scores_11() -> None:
    """[AL][IB][EW][TH][IU][EL][EM][NB][OD][SC][OU]: 'Ed gets 11 points.'"""
    state, events = build_line(ED, players=3)
    assert len(state.deck) > 0  # the deck has not run out
    (ended,) = of_type(events, RoundEnded)
    assert ended.round == 1 and ended.eleven_seat == 0
    assert ended.points == (11, 1, 1)
    assert state.totals == (11, 1, 1)
    # The round ended at once: no card was flipped after the 11th was taken.
    assert not of_type(events, CardFlipped)
    assert state.round == 2 and state.phase is Phase.PICK


def test_whoever_took_an_11th_card_is_the_first_dealer_of_the_next_round() -> None:
    """'Several turns later, Cat takes an 11th card and scores 11 points, whilst
    Aiden only has 5 cards for 5 points.' Cat then deals."""
    cat_line = ["aJ", "aM", "Nb", "Oc", "sP", "iQ", "Rb", "Sd", "Iu", "eV"]
    aiden = ["Ap", "Oh", "Sg", "eW", "aX"]
    state = offering([aiden, cat_line], "RY", dealer=AIDEN, deck_top=["ED"])
    state, _ = act(state, AIDEN, "pass")
    state, events = act(state, CAT, "take RY as Y")
    (ended,) = of_type(events, RoundEnded)
    assert ended.points == (5, 11) and ended.eleven_seat == CAT
    assert of_type(events, RoundStarted) == [RoundStarted(2, CAT)]
    assert state.dealer == CAT and state.to_act() == (CAT,)


def test_when_the_deck_runs_out_the_round_ends_and_each_card_scores_a_point() -> None:
    state = offering(
        [["Nh", "aP", "Sc"], ["aj"], ["Al", "iB"]], "TZ", dealer=1, deck_top=[], deck_rest=False
    )
    state, events = everyone_passes(state)
    (ended,) = of_type(events, RoundEnded)
    assert ended.points == (3, 1, 2) and ended.eleven_seat is None
    assert ended.totals == (3, 1, 2) == state.totals


def test_when_the_deck_runs_out_the_dealer_of_the_final_card_deals_next_round() -> None:
    """The final card is taken by seat 2, whose left is seat 0: still, the
    player who dealt it (seat 1) is the first dealer of the new round."""
    state = offering(
        [["Nh", "aP", "Sc"], ["aj"], ["Al", "iB"]], "TZ", dealer=1, deck_top=[], deck_rest=False
    )
    state, _ = act(state, 1, "pass")
    state, events = act(state, 2, "take TZ as Z")
    (ended,) = of_type(events, RoundEnded)
    assert ended.points == (3, 1, 3)
    assert of_type(events, RoundStarted) == [RoundStarted(2, 1)]
    assert state.dealer == 1 and state.to_act() == (1,)


def test_a_new_round_shuffles_all_48_cards_and_deals_three_to_each_player() -> None:
    state = offering([["Nh", "aP", "Sc"], ["aj"]], "TZ", deck_top=[], deck_rest=False)
    state, events = everyone_passes(state)
    assert state.phase is Phase.PICK and state.round == 2
    assert state.lines == ((), ()) and state.discards == () and state.face_up is None
    assert [len(h) for h in state.hands] == [3, 3]
    assert len(state.deck) == 48 - 6
    assert len(of_type(events, CardsDealt)) == 2
    assert_all_cards_accounted_for(state)


# --- the game: play rounds until someone has 30 -------------------------------


def round_ending(scores: Sequence[int], lines: Sequence[Sequence[str]], **kw: object) -> tuple:
    """Everyone passes on the last card of the deck, with these totals so far."""
    state = offering(lines, "TZ", deck_top=[], deck_rest=False, scores=scores, **kw)  # type: ignore[arg-type]
    return everyone_passes(state)


def test_the_game_ends_when_someone_has_30_points_or_more_after_a_round() -> None:
    state, events = round_ending([25, 20], [["Al", "iB", "Nh", "aP", "Sc"], ["aj"]])
    assert state.totals == (30, 21)
    assert state.is_over and state.phase is Phase.OVER
    assert state.winners == (0,)
    assert of_type(events, GameEnded) == [GameEnded((0,), (30, 21))]
    assert state.to_act() == ()
    assert not of_type(events, RoundStarted)


def test_below_30_a_new_round_starts() -> None:
    state, events = round_ending([24, 28], [["Al", "iB", "Nh", "aP", "Sc"], ["aj"]])
    assert state.totals == (29, 29)
    assert not state.is_over and state.winners == ()
    assert of_type(events, RoundStarted) == [RoundStarted(2, 0)]


def test_whoever_has_the_most_points_wins_not_whoever_reached_30_first() -> None:
    state, _ = round_ending([27, 29], [["Nh", "aP", "Sc"], ["Al", "iB", "Ew", "tH"]])
    assert state.totals == (30, 33)
    assert state.winners == (1,)


def test_tied_leaders_share_the_win() -> None:
    state, _ = round_ending([28, 30, 29], [["Nh", "aP", "Sc"], ["aj"], ["Al", "iB"]], dealer=1)
    assert state.totals == (31, 31, 31)
    assert state.winners == (0, 1, 2)
    state, _ = round_ending([28, 30, 10], [["Nh", "aP", "Sc"], ["aj"], ["Al", "iB"]])
    assert state.winners == (0, 1)


def test_the_target_option_changes_the_score_that_ends_the_game() -> None:
    lines = [["Al", "iB", "Nh", "aP", "Sc"], ["aj"]]
    state, _ = round_ending([25, 0], lines, options={"target": 40})
    assert state.totals[0] == 30 and not state.is_over
    state, _ = round_ending([35, 0], lines, options={"target": "40"})
    assert state.totals[0] == 40 and state.is_over
    assert RULES.new_game(2, None, 0).target == 30
    assert RULES.new_game(2, {"target": 12}, 0).target == 12


def test_after_the_game_no_move_is_accepted() -> None:
    state, _ = round_ending([25, 0], [["Al", "iB", "Nh", "aP", "Sc"], ["aj"]])
    for seat in range(2):
        assert state.legal_actions(seat) == ()
        assert refusal_key(state, seat, "pass") == "refuse-game-over"


def test_target_values_outside_the_option_range_are_refused() -> None:
    (spec,) = [o for o in RULES.options if o.name == "target"]
    assert spec.default == 30
    assert spec.low is not None and spec.high is not None
    assert RULES.new_game(2, {"target": spec.low}, 0).target == spec.low
    assert RULES.new_game(2, {"target": spec.high}, 0).target == spec.high
    for bad in (spec.low - 1, spec.high + 1, "thirty", ""):
        with pytest.raises(OptionError):
            RULES.begin(2, {"target": bad}, 0)


def test_unknown_options_are_refused() -> None:
    with pytest.raises(OptionError, match="target"):
        RULES.begin(2, {"goal": 30}, 0)


@pytest.mark.parametrize("players", [0, 1, 6, 7])
def test_alphabeticell_is_for_2_to_5_players(players: int) -> None:
    with pytest.raises(PlayerCountError):
        RULES.begin(players, None, 0)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_count_from_2_to_5_can_play(players: int) -> None:
    state = RULES.new_game(players, None, 0)
    assert state.players == players and state.totals == (0,) * players


# --- notation ---------------------------------------------------------------


def test_notation_from_the_rules_example() -> None:
    assert RULES.parse_action("take EW as W with S") == Take(card("EW"), "W", "S")
    assert RULES.parse_action("take OH as O") == Take(card("OH"), "O")
    assert RULES.parse_action("keep SG") == Keep(card("SG"))
    assert RULES.parse_action("pass") == Pass()


@pytest.mark.parametrize(
    "text",
    [
        "  TAKE   ew As w  WITH s ",
        "take ew as w with s",
        "Take EW as W with S\n",
        "\ttake EW as W with S",
    ],
)
def test_notation_ignores_case_and_spacing(text: str) -> None:
    assert RULES.parse_action(text) == Take(card("EW"), "W", "S")
    assert RULES.parse_action(" PaSs ") == Pass()
    assert RULES.parse_action("KEEP  sg") == Keep(card("SG"))


@pytest.mark.parametrize(
    "text",
    [
        "",
        "take",
        "take EW as",
        "take EWX as W",
        "take E as W",
        "keep Q1",
        "keep",
        "pass now",
        "take EW as W with",
        "take EW as WS",
        "hello",
    ],
)
def test_bad_notation_is_a_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        RULES.parse_action(text)


def walk(seed: int, players: int) -> list[tuple[State, int]]:
    """The positions of a game whose moves are chosen by a seeded generator."""
    state, _ = RULES.begin(players, {"target": 12}, seed)
    chooser = Rng.from_seed(seed)
    positions = []
    while not state.is_over:
        (seat,) = state.to_act()
        positions.append((state, seat))
        action, chooser = chooser.choice(state.legal_actions(seat))
        state, _ = state.apply(seat, action)
    return positions


@pytest.mark.parametrize(("seed", "players"), [(1, 2), (2, 3), (3, 5)])
def test_every_legal_actions_notation_reads_back_as_that_action(seed: int, players: int) -> None:
    for state, seat in walk(seed, players):
        for action in state.legal_actions(seat):
            text = action.notation
            assert RULES.parse_action(text) == action
            assert RULES.parse_action(f"  {text.lower()} ") == action
            assert str(action) == text


def test_the_first_card_may_be_named_with_its_letter_as_the_prompt_names_it() -> None:
    # The prompt says "Take as R with IF as I or F"; both ways of typing it are one move.
    said = RULES.parse_action("take RM as R with IF as F")
    assert said == RULES.parse_action("take RM as R with F") == Take(card("RM"), "R", "F")


# --- refusals -----------------------------------------------------------------


def test_a_card_not_offered_is_refused_by_name_however_it_is_typed() -> None:
    state = offering([["if", "rm"], ["aj"]], "AX")
    for text in ("take RM", "take ZZ as Z", "take RM as R with I"):
        refusal = state.refusal(0, RULES.parse_action(text))
        assert refusal is not None and refusal.key == "refuse-abc-not-offered", text
        assert refusal.args["offered"] == card("AX")


def test_the_offered_card_without_a_letter_is_refused_with_the_letters_it_may_show() -> None:
    state = offering([JEN, ["aj"]], "OC")  # line N P S: O would go inside, C at the left
    refusal = state.refusal(0, RULES.parse_action("take OC"))
    assert refusal == Refusal.of("refuse-abc-letter-needed", card=card("OC"), letters="C")


def test_keeping_a_card_not_dealt_names_the_cards_that_were() -> None:
    state = RULES.new_game(2, None, 1)
    (seat,) = state.to_act()
    refusal = state.refusal(seat, RULES.parse_action("keep ZZ"))
    assert refusal is not None and refusal.key == "refuse-abc-not-dealt"
    assert refusal.args["cards"] == state.view(seat).hand


def test_a_refused_action_changes_nothing() -> None:
    state = offering([JEN, ["sg"]], "OC")
    before = dataclasses.replace(state)
    for text in ("take OC as O", "take OC as C with S", "keep OC", "take AM as A"):
        with pytest.raises(IllegalAction) as info:
            state.apply(0, RULES.parse_action(text))
        assert info.value.refusal == state.refusal(0, RULES.parse_action(text))
    with pytest.raises(IllegalAction):
        state.apply(1, Pass())
    assert state == before


REFUSALS = [
    (lambda: RULES.new_game(2, None, 1), "pass"),
    (lambda: RULES.new_game(2, None, 1), "keep TZ"),
    (lambda: offering([["sg"], ["aj"]], "EW"), "keep EW"),
    (lambda: offering([["sg"], ["aj"]], "EW"), "take AM as A with S"),
    (lambda: offering([["sg"], ["aj"]], "EW"), "take EW as X with S"),
    (lambda: offering([["sg"], ["aj"]], "EW"), "take EW as W"),
    (lambda: offering([["sg"], ["aj"]], "SP"), "take SP as S with S"),
    (lambda: offering([["Sg", "eW"], ["aj"]], "TZ"), "take TZ as Z with S"),
    (lambda: offering([JEN, ["aj"]], "NU"), "take NU as N"),
    (lambda: offering([JEN, ["aj"]], "OC"), "take OC as O"),
    (lambda: offering([JEN, ["aj"]], "OC"), "take OC as C with N"),
    (lambda: offering([JEN, ["aj"]], "OC"), "take OC"),
]


def test_every_refusal_has_words_in_the_phrasebook() -> None:
    words = Phrasebook()
    keys = set()
    for make, text in REFUSALS:
        state = make()
        (seat,) = state.to_act()
        refusal = state.refusal(seat, RULES.parse_action(text))
        assert refusal is not None, text
        keys.add(refusal.key)
        assert words.has(refusal.key), refusal.key
        other = state.refusal(1 - seat, RULES.parse_action(text))
        assert other is not None and words.has(other.key)
        keys.add(other.key)
    assert len(keys) >= 10
