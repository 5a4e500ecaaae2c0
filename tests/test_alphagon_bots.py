"""Alphagon bots: the sensible one doubts, declares, contradicts and answers
only as the dictionary backs it; every level finishes games at every table."""

from __future__ import annotations

from dataclasses import replace

import pytest

from sixdot.games import get_game
from sixdot.games.alphagon.bots import SensibleBot, StrongBot
from sixdot.games.alphagon.rules import (
    ACCEPT,
    CONCEDE,
    DOUBT,
    TAKE_BONUS,
    Answer,
    Change,
    Contradict,
    Declare,
    Place,
    Take,
)
from sixdot.sim import simulate
from test_alphagon_rules import WORDS, building, game, long_word, play


def choice(state, bot=SensibleBot):  # type: ignore[no-untyped-def]
    """The bot's move, with no polygon cards in hand, so no find comes first."""
    state = replace(state, hands=((),) * state.n)
    seat = state.to_act()[0]
    return bot(seat, 0).choose(state.view(seat), state.legal_actions(seat))


def test_the_sensible_bot_doubts_only_letters_no_word_starts_with() -> None:
    assert choice(building(game(), "CAX", turn=1)) == DOUBT
    assert choice(building(game(), "CAR", turn=1)) != DOUBT


def test_the_sensible_bot_declares_only_a_unique_ending() -> None:
    assert choice(building(game(), "POLI")) == Declare(("POLICE",))
    assert not isinstance(choice(building(game([*WORDS, "policlinic"]), "POLI")), Declare)


def test_words_that_branch_apart_are_never_declared_together() -> None:
    state = building(game(["concluding", "conclusion", "tree"]), "CONCL")
    assert not isinstance(choice(state), Declare)


def test_the_sensible_bot_contradicts_with_a_dictionary_word_or_accepts() -> None:
    declared = play(building(game(), "CONCL"), Declare(("CONCLUDING", "CONCLUSION")))
    assert choice(declared) == Contradict(("CONCLAVE",))
    unique = play(building(game(), "POLI"), Declare(("POLICE", "POLICEMAN")))
    assert choice(unique) == ACCEPT


def test_a_doubted_bot_names_its_best_word_or_concedes() -> None:
    assert choice(play(building(game(), "CAR", turn=1), DOUBT)) == Answer(("CART",))
    long = play(building(game([*WORDS, "cartwheel"]), "CAR", turn=1), DOUBT)
    assert choice(long) == Answer(("CARTWHEEL",))  # 9 letters score 6, not 4
    assert choice(play(building(game(), "CAX", turn=1), DOUBT)) == CONCEDE


def test_both_bots_close_a_word_they_can_complete() -> None:
    for bot in (SensibleBot, StrongBot):
        state = building(game(), "CAR")
        assert choice(state, bot) == Place(("T",))


def test_a_long_words_reward_is_a_bonus_when_holding_none_else_a_useful_letter() -> None:
    for bot in (SensibleBot, StrongBot):
        assert choice(long_word(bonuses=0), bot) == TAKE_BONUS
        # One bonus, and two vowels of the start's three: the best vowel not held.
        owed = long_word(rack="LAE", bonuses=1)
        assert [x for x in owed.racks[0] if owed.layout.is_vowel(x)] == ["A", "E"]
        assert choice(owed, bot) == Take("I")
        assert choice(long_word(rack="LAEIRST", bonuses=1), bot) == TAKE_BONUS  # all it may


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_two_hundred_bot_games_run_clean(players: int) -> None:
    results = list(simulate(get_game("alphagon"), 200, ["sensible"] * players, seed=0))
    assert len(results) == 200 and all(r.winners for r in results)


def test_the_sensible_bot_says_what_its_move_is_for() -> None:
    state = replace(building(game(), "CAX", turn=1), hands=((),) * 3)
    seat = state.to_act()[0]
    view, legal = state.view(seat), state.legal_actions(seat)
    why = SensibleBot(seat, 0).reason(view, legal, DOUBT)
    assert why is not None and (why.key, dict(why.args)) == ("why-agn-doubt", {"move": "doubt"})
    other = next(a for a in legal if a != DOUBT)
    assert SensibleBot(seat, 0).reason(view, legal, other) is None


def test_a_letter_placed_with_no_word_in_reach_says_a_pass_would_cost_one() -> None:
    """PO leads to POLICE, but with no L and no bonus the bot places a letter
    anyway: passing would cost it a letter. The hint must not say the letter
    builds toward a word."""
    state = replace(
        building(game(), "PO"), racks=(("Q", "X", "Z"), ("E",), ("E",)), bonuses=(0, 0, 0)
    )
    state = replace(state, hands=((),) * state.n)
    view, legal = state.view(0), state.legal_actions(0)
    bot = SensibleBot(0, 0)
    action = bot.choose(view, legal)
    assert isinstance(action, Place) and len(action.letters) == 1
    why = bot.reason(view, legal, action)
    assert why is not None and why.key == "why-agn-place-no-word"

    toward = replace(state, racks=(("L", "X", "Z"), ("E",), ("E",)))
    view, legal = toward.view(0), toward.legal_actions(0)
    assert bot.choose(view, legal) == Place(("L",))
    assert bot.reason(view, legal, Place(("L",))).key == "why-agn-place"  # type: ignore[union-attr]


def test_a_letter_changed_is_called_hard_to_use_only_when_it_is() -> None:
    """With bonuses to spare and no word in reach, the bot changes its least
    useful letter: B is no awkward letter (Q X Z J K V W), so the hint says
    'your least useful letter', not 'a letter hard to use in words'."""
    state = replace(
        building(game(), "PO"), racks=(("B", "B", "B"), ("E",), ("E",)), bonuses=(2, 0, 0)
    )
    state = replace(state, hands=((),) * state.n)
    view, legal = state.view(0), state.legal_actions(0)
    bot = SensibleBot(0, 0)
    assert bot.choose(view, legal) == Change("B")
    assert bot.reason(view, legal, Change("B")).key == "why-agn-lose"  # type: ignore[union-attr]
    awkward = replace(state, racks=(("Q", "Q", "Q"), ("E",), ("E",)))
    view, legal = awkward.view(0), awkward.legal_actions(0)
    assert bot.choose(view, legal) == Change("Q")
    assert bot.reason(view, legal, Change("Q")).key == "why-agn-change"  # type: ignore[union-attr]


def test_a_letter_taken_is_called_one_you_lack_only_when_you_lack_it() -> None:
    """A long word's reward, with only A and E left in the seat's vowel sack
    and none of its consonants: the bot takes E, which it holds, and the hint
    says so instead of 'a useful letter you lack'."""
    owed = long_word(rack="LAE", bonuses=1)
    assert choice(owed) == Take("I")
    bot, seat = SensibleBot(0, 0), owed.to_act()[0]
    view, legal = owed.view(seat), owed.legal_actions(seat)
    assert bot.reason(view, legal, Take("I")).key == "why-agn-take-letter"  # type: ignore[union-attr]
    held = replace(
        owed,
        hands=((),) * owed.n,
        vowel_sacks=(("A", "E"), *owed.vowel_sacks[1:]),
        consonant_sacks=((), *owed.consonant_sacks[1:]),
    )
    view, legal = held.view(seat), held.legal_actions(seat)
    assert bot.choose(view, legal) == Take("E") and "E" in view.rack
    assert bot.reason(view, legal, Take("E")).key == "why-agn-take-again"  # type: ignore[union-attr]
