"""Nonesuch in words: card names, every event and refusal in the phrasebook,
the turn, the arrow keys' items and the review commands."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, replace
from pathlib import Path

import pytest

from sixdot.core import Action, Refusal
from sixdot.games import get_game
from sixdot.games.nonesuch import rules as rules_module
from sixdot.games.nonesuch.cards import SUITS, Card, excuse, find_card
from sixdot.games.nonesuch.present import NonesuchPresenter
from sixdot.games.nonesuch.rules import (
    RULES,
    Bid,
    BidDecided,
    Call,
    CardPlayed,
    HandScored,
    Lead,
    MakeBid,
    Phase,
    Play,
    State,
    Trick,
    TrickWon,
    TrumpFrom,
    UpCardTurned,
)
from sixdot.present.phrasebook import Phrasebook, Verbosity

MOONS, SUNS, WAVES, LEAVES, WYRMS, KNOTS = SUITS
NAMES = ["you", "Ana", "Ben"]
GAME = get_game("nonesuch")


def card(name: str) -> Card:
    found = find_card(name)
    assert found is not None, name
    return found


def cards(*names: str) -> tuple[Card, ...]:
    return tuple(sorted(card(n) for n in names))


def presenter(verbosity: Verbosity = Verbosity.FULL) -> NonesuchPresenter:
    return NonesuchPresenter(Phrasebook(verbosity=verbosity), NAMES, 0)


def playing(hands: tuple[tuple[Card, ...], ...], trump: object = MOONS) -> State:
    state = RULES.new_game(3, None, 1)
    assert isinstance(state, State)
    return replace(
        state,
        phase=Phase.PLAY,
        hands=hands,
        up=card("Chance Meeting"),
        trump=trump,
        excuse_seat=1,
        bids=(Bid.SOME, Bid.MOST, Bid.NONE),
        taken=(1, 2, 0),
        turn=0,
        dealer=2,
    )


def test_cards_are_said_by_name_rank_and_suits() -> None:
    # Name and rank first, as a suit's line says them ("Pact 9"), then the suits.
    say = presenter()
    assert say.card(card("Chance Meeting")) == "Chance Meeting 7, Moons and Leaves"
    assert say.card(card("Huntress")) == "Huntress Crown of Moons"
    assert say.card(card("Ace of Knots")) == "Ace of Knots"
    assert say.card(excuse()) == "the Excuse"
    assert say.cards(cards("Pact", "Ace of Suns")) == "Ace of Suns; Pact 9, Moons and Suns"
    brief = presenter(Verbosity.BRIEF)
    assert brief.cards(cards("Pact", "Sea")) == "Pact 9 Moons Suns, Sea Crown Waves"


def test_the_up_card_says_what_it_means_for_trump() -> None:
    say = presenter()
    # The card, then what it makes trump: two short lines.
    assert say.event(UpCardTurned(card("Huntress"), TrumpFrom.SUIT, MOONS)) == [
        "Up card: Huntress Crown of Moons.",
        "Trump: Moons.",
    ]
    assert say.event(UpCardTurned(card("Mill"), TrumpFrom.CHOICE, None)) == [
        "Up card: Mill 8, Waves and Leaves.",
        "Trump: Waves or Leaves.",
        "The Excuse holder calls it after bids.",
    ]
    assert presenter(Verbosity.BRIEF).event(UpCardTurned(card("Mill"), TrumpFrom.CHOICE, None)) == [
        "Up: Mill 8 Waves Leaves.",
        "Trump to call.",
    ]
    assert say.event(UpCardTurned(excuse(), TrumpFrom.NONE, None)) == [
        "Up card: the Excuse.",
        "No trump this hand.",
    ]


def test_plays_say_when_a_card_is_a_trump_or_off_suit() -> None:
    say = presenter()
    lunatic = card("Lunatic")
    assert say.event(CardPlayed(1, lunatic, WAVES, True, True)) == [
        "Ana trumps: Lunatic 6, Moons and Waves."
    ]
    assert say.event(CardPlayed(1, lunatic, SUNS, False, True)) == [
        "Ana trumps, no Suns: Lunatic 6, Moons and Waves."
    ]
    assert say.event(CardPlayed(0, lunatic, SUNS, False, False)) == [
        "You have no Suns: Lunatic 6, Moons and Waves."
    ]
    assert say.event(CardPlayed(2, lunatic, WAVES, True, False)) == [
        "Ben plays Lunatic 6, Moons and Waves."
    ]


def test_each_trick_says_the_tricks_taken_against_the_bid() -> None:
    say = presenter()
    # Who took it, then the tally: one fact a line; brief says both in one short line.
    assert say.event(TrickWon(1, card("Pact"), 4, 3, Bid.MOST)) == [
        "Ana takes trick 4 with Pact.",
        "Ana has 3 tricks for a bid of Most.",
    ]
    assert say.event(TrickWon(0, card("Pact"), 4, 1, Bid.SOME))[1] == (
        "You have 1 trick for a bid of Some."
    )
    assert presenter(Verbosity.BRIEF).event(TrickWon(1, card("Pact"), 4, 3, Bid.MOST)) == [
        "Ana takes it: 3 for Most."
    ]
    assert say.event(BidDecided(1, Bid.MOST, True, 6)) == ["Ana has made Most: 6 tricks."]
    # Just after the tally that said "1 trick", the decision does not say it again.
    assert say.event(BidDecided(0, Bid.NONE, False, 1)) == ["Your None has failed."]
    assert say.event(BidDecided(2, Bid.MOST, False, 2)) == [
        "Ben can no longer make Most: 2 tricks."
    ]


def test_hand_scores_say_each_bid_its_tricks_and_the_totals() -> None:
    event = HandScored(3, (Bid.SOME, Bid.MOST, Bid.NONE), (2, 5, 5), (2, -1, -5), (9, 30, 0))
    assert presenter().event(event) == [
        "Hand 3 scored, highest total first:",
        "Ana, 30 points: Most failed, took 5 tricks, -1 this hand.",
        "You, 9 points: Some made, took 2 tricks, 2 this hand.",
        "Ben, 0 points: None failed, took 5 tricks, -5 this hand.",
    ]
    brief = presenter(Verbosity.BRIEF).event(event)
    assert brief[1:] == [
        "Ana, 30 points: Most failed, -1.",
        "You, 9 points: Some made, 2.",
        "Ben, 0 points: None failed, -5.",
    ]


# -- every event and every refusal has its words ----------------------------


@pytest.mark.parametrize("verbosity", list(Verbosity))
def test_every_event_of_whole_games_is_worded(verbosity: Verbosity) -> None:
    """Random games at three and four players say every kind of event."""
    kinds = {
        cls
        for cls in vars(rules_module).values()
        if isinstance(cls, type)
        and cls.__module__ == rules_module.__name__
        and issubclass(cls, rules_module.Event)
    }
    seen: set[type] = set()
    words = Phrasebook(verbosity=verbosity)
    for seed in range(6):
        players = 3 + seed % 2
        say = [GAME.presenter(words, ["you", "Ana", "Ben", "Cleo"], s) for s in range(players)]
        rng = random.Random(seed)
        # A hand limit, since random bids may never reach the target.
        state, events = RULES.begin(players, {"target": 25, "hands": 40}, seed)
        while True:
            for event in events:
                seen.add(type(event))
                for seat in range(players):
                    if event.visible_to(seat):
                        assert all(say[seat].event(event))
            if state.is_over:
                break
            seat = state.to_act()[0]
            state, events = state.apply(seat, rng.choice(state.legal_actions(seat)))
    # Every Nonesuch event, and the core's shared ones (GameEnded) as they come.
    assert kinds <= seen
    assert rules_module.GameEnded in seen


@dataclass(frozen=True)
class Shrug(Action):
    """Not a Nonesuch move at all."""

    @property
    def notation(self) -> str:
        return "shrug"


def refusals() -> dict[str, Refusal]:
    """One real refusal of each kind, from states where it happens."""
    bidding = RULES.new_game(3, None, 1)
    assert isinstance(bidding, State)
    bidder = bidding.to_act()[0]
    calling = replace(bidding, phase=Phase.CALL, up=card("Mill"), turn=0)
    lead = playing((cards("Pact", "Mill", "Sea"), cards("Forest"), cards("End")))
    led, _ = lead.apply(0, Lead(card("Mill"), WAVES))
    cases = {
        "refuse-non-bid-first": (bidding, bidder, Play(card("Mill"))),
        "refuse-non-bidding-over": (lead, 0, MakeBid(Bid.SOME)),
        "refuse-non-call-up-suit": (calling, 0, Call(SUNS)),
        "refuse-non-call-first": (calling, 0, Play(card("Mill"))),
        "refuse-non-no-call": (lead, 0, Call(MOONS)),
        "refuse-non-unknown": (lead, 0, Shrug()),
        "refuse-non-excuse": (lead, 0, Play(excuse())),
        "refuse-non-not-held": (lead, 0, Lead(card("Forest"), MOONS)),
        "refuse-non-lead-names-suit": (lead, 0, Play(card("Mill"))),
        "refuse-non-suit-not-on-card": (lead, 0, Lead(card("Mill"), MOONS)),
        "refuse-non-trump-not-broken": (lead, 0, Lead(card("Pact"), SUNS)),
        "refuse-non-not-leading": (led, 1, Lead(card("Forest"), LEAVES)),
    }
    found = {}
    for key, (state, seat, action) in cases.items():
        refusal = state.refusal(seat, action)
        assert refusal is not None and refusal.key == key, key
        found[key] = refusal
    following = playing((cards("Mill"), cards("Sea", "Forest"), cards("End")))
    following, _ = following.apply(0, Lead(card("Mill"), WAVES))
    refusal = following.refusal(1, Play(card("Forest")))
    assert refusal is not None
    found[refusal.key] = refusal
    return found


def test_every_refusal_in_the_rules_is_reached_and_worded() -> None:
    source = Path(rules_module.__file__).read_text(encoding="utf-8")
    keys = set(re.findall(r'Refusal\.of\(\s*"([a-z-]+)"', source))
    found = refusals()
    assert set(found) == keys
    for verbosity in Verbosity:
        say = presenter(verbosity)
        for refusal in found.values():
            line = say.refusal(refusal)
            assert line.startswith("Refused: ") and len(line) <= 80, line


def test_refusals_say_what_would_be_accepted() -> None:
    say = presenter()
    found = refusals()
    assert say.refusal(found["refuse-non-must-follow"]) == (
        "Refused: you hold Waves, so follow it: Sea Crown."
    )
    assert say.refusal(found["refuse-non-lead-names-suit"]) == (
        "Refused: you lead, so name a suit: lead Mill as Waves or as Leaves."
    )
    other = NonesuchPresenter(Phrasebook(), ["Ana", "Ben", "Cleo"], 1)
    assert other.refusal(found["refuse-non-not-leading"]) == (
        "Refused: Ana led this trick in Waves: play a card, as play and its name."
    )


# -- the turn, the keys and the review commands -----------------------------


def test_the_lead_turn_explains_the_trump_rule_and_lists_the_cards() -> None:
    state = playing((cards("Pact", "Mill"), cards("Forest"), cards("End")))
    lines = presenter().turn(state.view(0), state.legal_actions(0))
    assert lines == [
        "Your lead, trick 1.",
        "No trump played yet, so no Moons card.",
        "Only play: Mill 8, Waves and Leaves.",
    ]
    brief = presenter(Verbosity.BRIEF).turn(state.view(0), state.legal_actions(0))
    assert brief[0] == "Lead, trick 1, no Moons."


def test_once_trump_is_played_a_lead_does_not_repeat_the_trump_line() -> None:
    # TrumpBroken said "Moons may now be led" once; the `trump` command repeats it.
    state = replace(playing((cards("Pact", "Mill"), cards("Forest"), cards("End"))), broken=True)
    lines = presenter().turn(state.view(0), state.legal_actions(0))
    assert lines[0] == "Your lead, trick 1."
    assert not any(line.startswith("Trump") for line in lines)


def test_a_resumed_lead_of_any_card_does_not_list_the_hand_just_said() -> None:
    """The resume said the hand; a lead of any card held then says so, and the
    `turn` command (or a prompt after no resume) lists the cards."""
    hand = cards("Pact", "Mill", "Ace of Leaves")
    state = replace(playing((hand, cards("Forest"), cards("End"))), broken=True)
    view, legal, say = state.view(0), state.legal_actions(0), presenter()
    assert say.first_turn(view, legal, hand_said=True) == [
        "Your lead, trick 1.",
        "You may play any card.",
    ]
    assert say.first_turn(view, legal) == say.turn(view, legal)
    assert say.turn(view, legal)[1].startswith("You may play 3 cards")
    # Trump not yet broken, Pact (Moons) may not lead: the plays are listed.
    unbroken = replace(state, broken=False)
    listed = say.first_turn(unbroken.view(0), unbroken.legal_actions(0), hand_said=True)
    assert listed == say.turn(unbroken.view(0), unbroken.legal_actions(0))


@pytest.mark.parametrize(
    ("up", "said"),
    [
        ("End", "Trump Leaves."),
        ("Chance Meeting", "Trump Moons or Leaves."),
        ("Excuse", "No trump."),
    ],
)
def test_the_bid_asks_once_with_the_trump_and_no_second_list_of_cards(up: str, said: str) -> None:
    # The deal already said the cards and the up card; the prompt is one line.
    state = RULES.new_game(3, None, 5)
    assert isinstance(state, State)
    state = replace(state, up=excuse() if up == "Excuse" else card(up))
    seat = state.to_act()[0]
    lines = presenter().turn(state.view(seat), state.legal_actions(seat))
    assert lines == ["Your bid: Some, Most or None.", "12 tricks, Most needs 6.", said]


def test_trump_with_a_suit_at_the_call_says_how_to_call() -> None:
    state = RULES.new_game(3, None, 5)
    assert isinstance(state, State)
    state = replace(state, phase=Phase.CALL, up=card("Chance Meeting"), turn=0)
    trump = presenter().commands()["trump"]
    assert trump(state.view(0), "Moons") == [
        "Trump takes no suit: to call it, type call Moons or call Leaves."
    ]
    assert trump(state.view(0), "") == ["Trump: Moons or Leaves, not called yet."]
    # The call names the two suits, then the up card they come from.
    assert presenter().turn(state.view(0), state.legal_actions(0)) == [
        "Call trump: Moons or Leaves.",
        "Up card: Chance Meeting 7, Moons and Leaves.",
    ]


def test_an_ace_in_the_moves_list_is_not_named_twice() -> None:
    state = playing((cards("Ace of Knots", "Sea"), cards("Forest"), cards("End")))
    say = presenter()
    listed = [say.move(a, state.view(0)) for a in state.legal_actions(0)]
    assert listed == ["lead Ace of Knots", "lead Sea: Crown of Waves"]


def test_the_deck_list_names_each_card_once_and_the_excuse_with_a_capital() -> None:
    words = Phrasebook()
    say = presenter()
    assert words("non-cards-line", card=say.card(card("Chance Meeting")), value=7) == (
        "Chance Meeting 7, Moons and Leaves."
    )
    assert words("non-cards-line", card=say.card(excuse()), value=0) == (
        "The Excuse: no rank and no suit, never played."
    )


def test_the_keys_walk_the_hand_by_suit_and_a_number_card_leads_as_its_group() -> None:
    # A number card stands in both its suits, as the hand lines list it; in
    # each it leads as that suit, so Enter needs no second choice, and its
    # label says which suit Enter leads it as.
    state = playing((cards("Pact", "Mill", "Sea"), cards("Forest"), cards("End")))
    items = presenter().focus(state.view(0), state.legal_actions(0))
    assert [(item.group, item.label) for item in items] == [
        ("Moons", "Pact 9, Moons and Suns"),
        ("Suns", "Pact 9, Moons and Suns"),
        ("Waves", "Mill 8, Waves and Leaves: leads as Waves"),
        ("Waves", "Sea Crown of Waves"),
        ("Leaves", "Mill 8, Waves and Leaves: leads as Leaves"),
    ]
    assert items[0].actions == items[1].actions == ()  # a trump may not lead yet
    assert items[2].actions == (Lead(card("Mill"), WAVES),)
    assert items[3].actions == (Lead(card("Sea"), WAVES),)
    assert items[4].actions == (Lead(card("Mill"), LEAVES),)
    assert [item.jump for item in items] == ["P", "P", "M", "S", "M"]


def test_following_a_card_plays_from_every_group_it_stands_in() -> None:
    state = playing((cards("Pact", "Mill"), cards("Forest"), cards("End")))
    state = replace(state, turn=1)
    state, _ = state.apply(1, Lead(card("Forest"), LEAVES))
    state, _ = state.apply(2, Play(card("End")))
    items = presenter().focus(state.view(0), state.legal_actions(0))
    assert [(item.group, item.actions) for item in items] == [
        ("Moons", ()),
        ("Suns", ()),
        ("Waves", (Play(card("Mill")),)),
        ("Leaves", (Play(card("Mill")),)),
    ]


def test_a_long_hand_is_said_one_suit_a_line_with_the_suits_missing() -> None:
    # Every line fits a 40-cell display: a long suit goes on, named again.
    hand = cards("Ace of Moons", "Pact", "Chance Meeting", "Mill", "Sea", "Origin", "Bard")
    state = playing((hand, cards("Forest"), cards("End")))
    assert presenter().hand(state.view(0)) == [
        "Your hand, 7 cards:",
        "Moons, 3 cards: Ace, Chance Meeting 7.",
        "Moons, more: Pact 9.",
        "Suns, 2 cards: Pact 9, Bard Crown.",
        "Waves, 3 cards: Origin 2, Mill 8.",
        "Waves, more: Sea Crown.",
        "Leaves, 3 cards: Origin 2.",
        "Leaves, more: Chance Meeting 7, Mill 8.",
        "No Wyrms or Knots.",
    ]
    # Brief: the same, with shorter heads and no line of missing suits.
    assert presenter(Verbosity.BRIEF).hand(state.view(0)) == [
        "Hand, 7 cards:",
        "Moons 3: Ace, Chance Meeting 7, Pact 9.",
        "Suns 2: Pact 9, Bard Crown.",
        "Waves 3: Origin 2, Mill 8, Sea Crown.",
        "Leaves 3: Origin 2, Chance Meeting 7.",
        "Leaves 3: Mill 8.",
    ]


def test_a_short_hand_is_one_line_at_full_verbosity_and_grouped_when_brief() -> None:
    # Whole when it fits a display, else one suit a line.
    state = playing((cards("Pact"), cards("Forest"), cards("End")))
    assert presenter().hand(state.view(0)) == ["Your hand, one card: Pact 9, Moons and Suns."]
    state = playing((cards("Pact", "Mill"), cards("Forest"), cards("End")))
    assert presenter().hand(state.view(0)) == [
        "Your hand, 2 cards:",
        "Moons, one card: Pact 9.",
        "Suns, one card: Pact 9.",
        "Waves, one card: Mill 8.",
        "Leaves, one card: Mill 8.",
        "No Wyrms or Knots.",
    ]
    assert presenter(Verbosity.BRIEF).hand(state.view(0)) == [
        "Hand, 2 cards:",
        "Moons 1: Pact 9.",
        "Suns 1: Pact 9.",
        "Waves 1: Mill 8.",
        "Leaves 1: Mill 8.",
    ]


def test_cards_that_follow_the_suit_led_are_said_in_its_group() -> None:
    """The turn names the suit led and who is ahead, not each card again: each
    was said as it was played (`trick` lists them)."""
    hand = cards("Ace of Leaves", "Origin", "Savage", "Chance Meeting", "Mill", "Pact")
    state = replace(playing((hand, cards("Forest"), cards("End"))), turn=2)
    state, _ = state.apply(2, Lead(card("End"), LEAVES))
    assert presenter().turn(state.view(0), state.legal_actions(0))[0] == (
        "Leaves led: Ben is ahead with End."
    )
    assert presenter(Verbosity.BRIEF).turn(state.view(0), state.legal_actions(0)) == [
        "Leaves, Ben winning: End.",
        "5 plays:",
        "Leaves 5: Ace, Origin 2, Savage 3.",
        "Leaves 5: Chance Meeting 7, Mill 8.",
    ]


def test_a_prompt_just_after_the_lead_does_not_say_the_lead_again() -> None:
    """ "Ben leads Leaves: End Crown." then the prompt goes straight to the plays;
    the `turn` command, and a prompt that did not follow the lead, say it."""
    hand = cards("Ace of Leaves", "Origin", "Savage", "Chance Meeting", "Mill", "Pact")
    state = replace(playing((hand, cards("Forest"), cards("End"))), turn=2)
    state, events = state.apply(2, Lead(card("End"), LEAVES))
    view, legal, say = state.view(0), state.legal_actions(0), presenter()
    assert say.event(events[0]) == ["Ben leads Leaves: End Crown."]
    full = say.turn(view, legal)
    assert say.first_turn(view, legal, events) == full[1:]
    assert say.first_turn(view, legal) == full
    assert full[0] == "Leaves led: Ben is ahead with End."


def review() -> State:
    """Trick 2 under way: Ana led End, Ben played Mill; you took trick 1 with Sailor."""
    state = playing((cards("Pact", "Sea"), cards("Forest", "End"), cards("Mill", "Cave")))
    last = Trick(1, 1, LEAVES, ((1, card("Origin")), (2, card("Savage")), (0, card("Sailor"))), 0)
    state = replace(state, tricks=(last,), turn=1)
    state, _ = state.apply(1, Lead(card("End"), LEAVES))
    state, _ = state.apply(2, Play(card("Mill")))
    return state


def test_review_commands_answer_from_the_view() -> None:
    commands = presenter().commands()
    view = review().view(0)
    assert commands["trick"](view, "") == [
        "Trick 2: Ana is ahead with End.",
        "Ana led Leaves: End Crown.",
        "Ben: Mill 8, Waves and Leaves.",
    ]
    assert commands["previous"](view, "") == [
        "You took trick 1 with Sailor.",
        "Ana led Leaves: Origin 2, also Waves.",
        "Ben: Savage 3, Leaves and Wyrms.",
        "You: Sailor 4, Waves and Leaves.",
    ]
    assert commands["players"](view, "") == [
        "You, 0 points: Some, took 1, 2 cards.",
        "Ana, 0 points: Most, took 2, one card.",
        "Ben, 0 points: None, took 0, one card.",
    ]
    assert commands["status"](view, "") == [
        "Hand 1, game to 31. Ben deals.",
        "Trump: Moons, may lead once played.",
        "Trick 2 of 12.",
    ]
    assert commands["trump"](view, "") == ["Trump: Moons, may lead once played."]
    assert commands["bids"](view, "") == [
        "You: bid Some, 1 trick, needs 1.",
        "Ana: bid Most, 2 tricks, needs 6.",
        "Ben: bid None, 0 tricks.",
    ]
    # Leaves: Origin, Savage, Sailor, End and Mill played; Chance Meeting is the up card.
    assert commands["suit"](view, "le") == [
        "Leaves: 5 played, 4 unseen, 0 yours.",
        "Leaves played, 5 cards: Origin 2.",
        "Leaves played, more: Savage 3, Sailor 4.",
        "Leaves played, more: Mill 8, End Crown.",
    ]
    assert len(commands["suit"](view, "")) == 6
    assert commands["suit"](view, "hearts") == [
        'No suit "hearts". Suits: Moons, Suns, Waves, Leaves, Wyrms and Knots.'
    ]


def test_brief_review_keeps_who_is_winning_and_who_took_the_last_trick() -> None:
    commands = presenter(Verbosity.BRIEF).commands()
    view = review().view(0)
    assert commands["trick"](view, "")[0] == "Leaves, Ana winning: End."
    assert commands["previous"](view, "")[0] == "You took trick 1: Sailor."
    assert commands["players"](view, "") == [
        "You, 0 points: Some, took 1.",
        "Ana, 0 points: Most, took 2.",
        "Ben, 0 points: None, took 0.",
    ]


def test_before_the_play_the_review_says_whose_turn_it_is() -> None:
    state = RULES.new_game(3, None, 5)
    assert isinstance(state, State)
    commands = presenter().commands()
    view = state.view(0)
    seat = state.to_act()[0]
    assert commands["trick"](view, "") == ["No trick is being played now."]
    assert commands["previous"](view, "") == ["No trick finished yet this hand."]
    waiting = "your bid" if seat == 0 else f"{NAMES[seat]} to bid"
    assert commands["status"](view, "")[-1] == f"Bidding: {waiting}."
    assert commands["players"](view, "")[0] == "You, 0 points: no bid, took 0, 12 cards."


def test_review_command_names_are_not_moves() -> None:
    assert not set(presenter().commands()) & set(RULES.verbs)


def test_every_review_command_has_help() -> None:
    words = Phrasebook()
    for name in presenter().commands():
        assert words.has(f"help-non-{name}")


@pytest.mark.parametrize("verbosity", list(Verbosity))
def test_an_empty_hand_is_said_so(verbosity: Verbosity) -> None:
    state = playing(((), cards("Forest"), cards("End")))
    said = presenter(verbosity).hand(state.view(0))
    assert said == ["Your hand is empty." if verbosity is Verbosity.FULL else "Hand empty."]
