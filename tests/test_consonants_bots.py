"""Consonants bots as examples of their craft: ducking, dumping points when void,
passing danger, laying words, challenging only non-words, and searching."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

from sixdot.games import get_game
from sixdot.games.consonants.bots import (
    SensibleBot,
    StrongBot,
    choose_play,
    passing_order,
    play_reason,
    sample_deal,
)
from sixdot.games.consonants.cards import by_face, deck
from sixdot.games.consonants.rules import RULES, Challenge, Done, Laid, Lay, Phase, State
from sixdot.games.consonants.tricks import Play, Played, strengths
from sixdot.sim import play_bots

C = by_face()


def playing(hand: str, trick: str) -> State:
    """Seat 0 to play `hand` to a trick written `seat:face:letter ...`."""
    state = RULES.new_game(4, {"pass": 0, "think": 5}, seed=2)
    assert isinstance(state, State)
    played = tuple(
        Played(int(s), C[f], letter) for s, f, letter in (x.split(":") for x in trick.split())
    )
    others = tuple(sorted(C[f] for f in ["B", "C", "D"]))
    return replace(
        state,
        phase=Phase.PLAY,
        hands=(tuple(sorted(C[f] for f in hand.split())), others, others, others),
        trick=played,
        turn=0,
        lead_j=False,
    )


def sensible(state: State) -> Play:
    action = SensibleBot(0).choose(state.view(0), state.legal_actions(0))
    assert isinstance(action, Play) and state.can(0, action)
    return action


def test_it_ducks_with_the_highest_card_that_still_loses() -> None:
    state = playing("B D Y ?", "1:M:M 2:W:W")  # no M: rule 2 allows W or higher
    assert sensible(state).notation == "play ? as W"  # a wild as W loses the tie to W
    state = playing("B D Y", "1:M:M")
    assert sensible(state).notation == "play Y"  # must go over M: Y is all it has above


def test_void_of_anything_high_it_dumps_its_costliest_card() -> None:
    state = playing("B Q A/E", "1:Z:Z")
    assert sensible(state).notation == "play Q"  # 20 points onto someone else's trick


def test_it_leads_low() -> None:
    state = playing("A/E T Z", "")
    assert sensible(state).notation == "play A/E as A"


def test_it_passes_singletons_and_high_cards_first_and_keeps_wilds() -> None:
    hand = tuple(sorted(C[f] for f in ["A/E", "B", "T", "Z", "Y", "?", "Q"]))
    order = passing_order(hand, flying=False)
    assert [c.face for c in order[:3]] == ["Z", "Q", "Y"]
    assert order[-1].face == "?"


def words_state() -> State:
    state = RULES.new_game(4, {"pass": 0}, seed=2)
    assert isinstance(state, State)
    taken = tuple(sorted(C[f] for f in ["T", "R", "P", "A/E", "S"]))
    return replace(state, phase=Phase.WORDS, turn=0, queue=(), taken=(taken, (), (), ()))


def test_it_lays_its_best_words_then_is_done() -> None:
    state = words_state()
    first = SensibleBot(0).choose(state.view(0), state.legal_actions(0))
    assert isinstance(first, Lay) and state.can(0, first)
    state, _ = state.apply(0, first)
    assert SensibleBot(0).choose(state.view(0), state.legal_actions(0)) == Done()


def test_it_challenges_only_words_the_dictionary_lacks() -> None:
    state = replace(
        words_state(),
        phase=Phase.CHALLENGE,
        turn=1,
        laid=(Laid(0, "TRAP", 5), Laid(0, "PRTS", 6)),
    )
    assert SensibleBot(1).choose(state.view(1), state.legal_actions(1)) == Challenge("PRTS")
    state = replace(state, laid=(Laid(0, "TRAP", 5),))
    assert SensibleBot(1).choose(state.view(1), state.legal_actions(1)) == Done()


def test_sampled_deals_respect_what_play_has_shown() -> None:
    state = RULES.new_game(4, {"pass": 0}, seed=4)
    assert isinstance(state, State)
    state = replace(state, lacks=("", "AEIOU", "", ""))  # seat 1 showed it has no vowels
    view = state.view(0)
    rng = random.Random(1)
    for _ in range(20):
        deal = sample_deal(view, rng)
        assert deal is not None
        hands, kitty = deal
        assert [len(h) for h in hands] == [len(h) for h in state.hands]
        assert not any(c.vowel for c in hands[1])
        dealt = [c for h in hands for c in h] + kitty
        assert Counter(dealt) == Counter(deck())


def test_the_strong_bot_plays_only_legal_cards_from_its_view() -> None:
    game = get_game("consonants")
    result = play_bots(game, ["strong", "random", "sensible"], 3, {"think": 2, "target": 40})
    assert max(result.totals) >= 40
    state = playing("B D Y ?", "1:M:M 2:W:W")
    action = StrongBot(0).choose(state.view(0), state.legal_actions(0))
    assert state.can(0, action)


def bot_game(**options: object) -> tuple[list[str], State]:
    """A strong bot and two sensible ones, counting deals: the moves, and where play stopped."""
    state = RULES.new_game(3, {"samples": 2, "think": 1, "target": 30, **options}, seed=6)
    assert isinstance(state, State)
    bots = [get_game("consonants").bots[level](s, 6) for s, level in enumerate(LEVELS)]
    moves = []
    while not state.is_over:
        seat = state.to_act()[0]
        action = bots[seat].choose(state.view(seat), state.legal_actions(seat))
        moves.append(action.notation)
        state, _ = state.apply(seat, action)
    return moves, state


LEVELS = ("strong", "sensible", "sensible")


def test_bots_remember_the_tricks_they_saw_so_face_down_piles_change_no_move() -> None:
    """The text: "you may not examine your pile of taken cards until the
    scoring phase." The bots' views hold no pile during play, only the tricks
    everyone saw taken; they remember those as a careful player would, so a
    game goes move for move the same with the openpiles house rule."""
    face_down, _ = bot_game()
    face_up, _ = bot_game(openpiles=True)
    assert face_down == face_up
    assert len(face_down) > 74


def test_sampled_deals_leave_out_the_cards_seen_taken_while_piles_are_face_down() -> None:
    state = RULES.new_game(4, {"pass": 0}, seed=4)
    assert isinstance(state, State)
    bots = [SensibleBot(s) for s in range(4)]
    while state.trick_number < 6 or state.turn != 0:
        seat = state.to_act()[0]
        state, _ = state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))
    view = state.view(0)
    assert view.taken is None and len(view.tricks) == 5
    seen = Counter(p.card for trick in view.tricks for p in trick)
    seen.update(p.card for p in view.trick)
    for draw in range(10):
        deal = sample_deal(view, random.Random(draw))
        assert deal is not None
        hands, kitty = deal
        assert [len(h) for h in hands] == [len(h) for h in state.hands]
        dealt = Counter(c for h in hands for c in h) + Counter(kitty)
        assert dealt + seen == Counter(deck())


def test_it_says_why_it_ducks_and_why_it_challenges() -> None:
    state = playing("B Q A/E", "1:Z:Z")  # void of anything above Z: it dumps Q
    legal = state.legal_actions(0)
    bot = SensibleBot(0)
    play = bot.choose(state.view(0), legal)
    why = bot.reason(state.view(0), legal, play)
    assert why is not None and why.key == "why-con-duck"
    assert why.args == {"card": play.card.face, "letter": play.letter}  # type: ignore[union-attr]
    # It only explains its own choice.
    other = next(a for a in legal if a != play)
    assert bot.reason(state.view(0), legal, other) is None

    state = replace(
        words_state(), phase=Phase.CHALLENGE, turn=1, laid=(Laid(0, "TRAP", 5), Laid(0, "PRTS", 6))
    )
    legal = state.legal_actions(1)
    why = SensibleBot(1).reason(state.view(1), legal, Challenge("PRTS"))
    assert why is not None and (why.key, dict(why.args)) == ("why-not-a-word", {"word": "PRTS"})


def test_every_reason_in_a_game_is_a_why_key_for_the_move_chosen() -> None:
    state = RULES.new_game(4, None, seed=5)
    bots = [SensibleBot(seat, 5) for seat in range(4)]
    keys: Counter[str] = Counter()
    while not state.is_over and state.hand_no == 1:
        seat = state.to_act()[0]
        view, legal = state.view(seat), state.legal_actions(seat)
        action = bots[seat].choose(view, legal)
        why = bots[seat].reason(view, legal, action)
        if why is not None:
            assert why.key.startswith("why-")
            assert all(isinstance(v, str | int) for v in why.args.values())
            keys[why.key] += 1
        state, _ = state.apply(seat, action)
    assert {"why-con-pass", "why-con-lead-cheap", "why-con-duck"} <= set(keys)


def _reason_holds(
    key: str, play: Play, plays: list[Play], trick: tuple[Played, ...], players: int
) -> bool:
    """Whether what the hint says of `play` is true of the trick on the table
    and the cards that may be played: a tie goes to the first card played."""
    strength = strengths()
    mine = strength[play.card, play.letter]  # type: ignore[index]
    top = max((strength[p.card, p.letter] for p in trick), default=-1)
    ahead_with_any = bool(trick) and all(strength[p.card, p.letter] > top for p in plays)  # type: ignore[index]
    scores = [p.card.score for p in plays]  # type: ignore[union-attr]
    fewest = play.card.score == min(scores)  # type: ignore[union-attr]
    held = {
        "why-con-duck": bool(trick) and mine <= top,
        "why-con-shed": len(trick) == players - 1 and ahead_with_any,
        "why-con-stay-cheap": ahead_with_any and len(trick) < players - 1 and fewest,
        "why-con-lead-cheap": not trick and fewest,
        "why-con-keep-wild": not fewest
        and all(p.card.wild for p in plays if p.card.score == min(scores))  # type: ignore[union-attr]
        and play.card.score == min(p.card.score for p in plays if not p.card.wild),  # type: ignore[union-attr]
    }
    return held[key]


def test_each_play_hint_gives_a_reason_true_of_the_trick_on_the_table() -> None:
    """Issue 31: a hint's reason must hold where it is given. Whole games of
    sensible bots, each taking the hint: "the fewest points you can lead" only
    when no play has fewer, "under the top card" only when it is, and so on.
    The old "low, so others may take the trick" was said of E led over a held C."""
    keys: Counter[str] = Counter()
    for seed in range(4):
        players = 3 + seed
        state = RULES.new_game(players, {"target": 40}, seed=seed)
        bots = [SensibleBot(seat, seed) for seat in range(players)]
        while not state.is_over:
            seat = state.to_act()[0]
            view, legal = state.view(seat), state.legal_actions(seat)
            action = bots[seat].choose(view, legal)
            why = bots[seat].reason(view, legal, action)
            if why is not None and isinstance(action, Play) and why.key != "why-con-chase":
                plays = [a for a in legal if isinstance(a, Play)]
                assert _reason_holds(why.key, action, plays, view.trick, players), (why.key, action)
                keys[why.key] += 1
            state, _ = state.apply(seat, action)
    assert {"why-con-duck", "why-con-shed", "why-con-stay-cheap", "why-con-lead-cheap"} <= set(keys)


def test_a_lead_that_keeps_a_wild_back_says_so_not_fewest_points() -> None:
    """A wild scores nothing but is kept for later: R (1 point) is led, and
    the hint does not call R the fewest points."""
    hand = (by_face()["R"], by_face()["?"])
    plays = [Play(hand[0], "R"), *(Play(hand[1], letter) for letter in "ABR")]
    play = choose_play(plays, (), 4, False)
    assert play == Play(hand[0], "R")
    why = play_reason(play, plays, (), 4, False)
    assert why.key == "why-con-keep-wild"
    assert _reason_holds(why.key, play, plays, (), 4)
