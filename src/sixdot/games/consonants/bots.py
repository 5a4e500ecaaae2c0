"""Consonants bots: Hearts craft (sensible) and sampled-deal search (strong).

Both decide from their seat's view only. Taken piles lie face down during
play, so the bots go by what they saw taken (the view's finished tricks), as a
player with a good memory would. The strong bot searches only the
card play; passing, Flying by Night, words and challenges it leaves to the
sensible rules, which are already what a careful player does there.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import partial

from sixdot.bots import Explaining, Reason, within_budget
from sixdot.core import Action
from sixdot.games.consonants.cards import LETTERS, Card, by_face, deck, singletons
from sixdot.games.consonants.rules import (
    FLYING,
    Challenge,
    Done,
    Fly,
    Lay,
    Phase,
    Pick,
    View,
)
from sixdot.games.consonants.tricks import (
    Play,
    Played,
    kinds_of,
    plays_from,
    strengths,
    trick_winner,
)

#: Singletons a hand must hold (none taken by others) before a bot tries to fly.
FLY_AMBITION = 4
#: The strong bot stops sampling after this many deals even with time left.
MAX_SAMPLES = 400


# --- Hearts craft, shared by the sensible bot and the strong bot's rollouts ---


def danger(card: Card) -> int:
    """How much a card costs to keep: high letters take tricks, points hurt.

    A wild is the safest card of all (it can be any letter, so it ducks).
    """
    if card.wild:
        return -100
    return LETTERS.index(max(card.sides)) + card.score


def passing_order(hand: Sequence[Card], flying: bool) -> list[Card]:
    """The hand, the cards to pass first: most dangerous, or when flying the least useful."""
    if flying:
        return sorted(hand, key=lambda c: (c.singleton or c.wild, danger(c)))
    return sorted(hand, key=danger, reverse=True)


def choose_play(legal: Sequence[Play], trick: Sequence[Played], players: int, chase: bool) -> Play:
    """Duck when possible, dumping the costliest card that still loses; lead the
    card with the fewest points, a wild last.

    `chase` (going for Flying by Night) plays to win instead.
    """
    if len(legal) == 1:
        return legal[0]
    if not trick:
        if chase:
            return max(legal, key=lambda p: (p.letter, not p.card.wild))  # type: ignore[union-attr]
        return min(legal, key=lambda p: (p.card.wild, p.card.score, p.letter))  # type: ignore[union-attr]
    at = len(trick)
    strength = strengths()
    # A card played now takes the trick only if stronger than all before it:
    # a tie goes to the first played.
    top = max(strength[p.card, p.letter] for p in trick)
    if chase:
        return max(legal, key=lambda p: (strength[p.card, p.letter], not p.card.wild))  # type: ignore[index, union-attr]
    losing = [p for p in legal if strength[p.card, p.letter] <= top]  # type: ignore[index]
    if losing:
        return max(losing, key=lambda p: (not p.card.wild, p.card.score, p.letter))  # type: ignore[union-attr]
    if at == players - 1:
        # Taking it anyway: shed the highest card, keeping points out of the trick.
        return max(legal, key=lambda p: (not p.card.wild, -p.card.score, p.letter))  # type: ignore[union-attr]
    # Ahead with any card, others still to play: the fewest points, a wild last.
    return min(legal, key=lambda p: (p.card.wild, p.card.score, p.letter))  # type: ignore[union-attr]


def piles(view: View) -> tuple[tuple[Card, ...], ...]:
    """Each seat's taken cards: the piles when face up, else as remembered from
    the tricks seen taken this hand (the same cards, since the kitty joins a
    pile only when play is over and the piles are turned up)."""
    if view.taken is not None:
        return view.taken
    seen: list[tuple[Card, ...]] = [()] * view.players
    for trick in view.tricks:
        winner = trick[trick_winner(trick)].seat
        seen[winner] += tuple(p.card for p in trick)
    return tuple(seen)


def chasing(view: View) -> bool:
    """Whether this seat should go for all six singletons."""
    taken = piles(view)
    mine = {c for c in (*view.hand, *view.picks, *taken[view.seat]) if c.singleton}
    others = any(c.singleton for s, pile in enumerate(taken) if s != view.seat for c in pile)
    return len(mine) >= FLY_AMBITION and not others


def play_reason(
    play: Play, legal: Sequence[Play], trick: Sequence[Played], players: int, chase: bool
) -> Reason:
    """Why `choose_play` played `play`, told from the play itself: chasing,
    ducking under the top, shedding a card when taking the trick anyway; else
    (leading, or ahead whatever is played) the card with the fewest points, as
    the bot chooses it, or the fewest but a wild's, when a wild is kept back.
    Points, not letters: a low letter may carry more points than a high one."""
    facts = {"card": play.card.face, "letter": play.letter}  # type: ignore[union-attr]
    if chase:
        return Reason.of("why-con-chase", **facts)
    strength = strengths()
    if trick:
        top = max(strength[p.card, p.letter] for p in trick)  # type: ignore[index]
        if strength[play.card, play.letter] <= top:  # type: ignore[index]
            return Reason.of("why-con-duck", **facts)
        if len(trick) == players - 1:
            return Reason.of("why-con-shed", **facts)
    if play.card.score > min(p.card.score for p in legal):  # type: ignore[union-attr]
        return Reason.of("why-con-keep-wild", **facts)
    return Reason.of("why-con-stay-cheap" if trick else "why-con-lead-cheap", **facts)


class SensibleBot(Explaining):
    """Passes danger, ducks tricks, dumps points when void, lays its best words,
    and challenges only words the dictionary lacks."""

    level = "sensible"

    def decide(self, view: View, legal: Sequence[Action]) -> tuple[Action, Reason | None]:
        phase = view.phase
        if phase is Phase.PASS:
            return self.pass_card(view, legal)
        if phase is Phase.PLAY:
            plays = [a for a in legal if isinstance(a, Play)]
            chase = chasing(view)
            play = choose_play(plays, view.trick, view.players, chase)
            why = (
                play_reason(play, plays, view.trick, view.players, chase)
                if len(plays) > 1
                else None
            )
            return play, why
        if phase is Phase.FLY:
            others = fly_others_pays(view)
            return Fly(others), Reason.of("why-con-fly-others" if others else "why-con-fly-self")
        if phase is Phase.WORDS:
            laid_any = any(w.seat == view.seat for w in view.laid)
            lays = [a for a in legal if isinstance(a, Lay)]
            if lays and not laid_any:
                return lays[0], Reason.of("why-con-words", words=len(lays[0].words))
            return Done(), Reason.of("why-con-words-done" if laid_any else "why-con-no-words")
        finder = view.config.finder
        for action in legal:
            if isinstance(action, Challenge) and not finder.is_word(action.word):
                return action, Reason.of("why-not-a-word", word=action.word)
        return Done(), Reason.of("why-all-words")

    def pass_card(self, view: View, legal: Sequence[Action]) -> tuple[Action, Reason | None]:
        """The next card of the passing order, from the hand as dealt."""
        whole = (*view.hand, *view.picks)
        chosen = Counter(view.picks)
        chase = chasing(view)
        for card in passing_order(whole, chase):
            if chosen[card]:
                chosen[card] -= 1
                continue
            key = "why-con-pass-fly" if chase else "why-con-pass"
            return Pick((card,)), Reason.of(key, card=card.face)
        return legal[0], None


def fly_others_pays(view: View) -> bool:
    """Plus 50 to the others only when it ends the game with this seat lowest."""
    mine = view.totals[view.seat]
    others = [t + FLYING for s, t in enumerate(view.totals) if s != view.seat]
    return max(others) >= view.target and mine < min(others)


# --- the strong bot: determinized Monte Carlo ---------------------------------


def unseen(view: View, taken: Sequence[Sequence[Card]] | None = None) -> Counter[Card]:
    """Cards this seat has not seen: in other hands or the kitty.

    `taken` is `piles(view)`, passed in when many draws share a view."""
    left = Counter(deck())
    left.subtract(view.hand)
    for pile in piles(view) if taken is None else taken:
        left.subtract(pile)
    left.subtract(p.card for p in view.trick)
    return +left


def sample_deal(
    view: View, rng: object, taken: Sequence[Sequence[Card]] | None = None
) -> tuple[list[list[Card]], list[Card]] | None:
    """Other hands and the kitty, drawn to fit everything this seat has seen.

    Cards it passed are still with their receiver unless played; a hand that
    failed to follow holds none of that letter, nor any card above the top it
    played under. None if the draw hit a dead end (the caller draws again).
    """
    import random

    assert isinstance(rng, random.Random)
    n = view.players
    seat = view.seat
    hands: list[list[Card]] = [[] for _ in range(n)]
    if taken is None:
        taken = piles(view)
    pool = unseen(view, taken)
    played = Counter(p.card for p in view.trick)
    for pile in taken:
        played.update(pile)
    if view.passed:
        to = view.pass_to
        for card in view.passed:
            if played[card]:
                played[card] -= 1
            elif pool[card]:
                hands[to].append(card)
                pool[card] -= 1
    room = [view.hand_sizes[s] - len(hands[s]) if s != seat else 0 for s in range(n)]
    jack = by_face()["J"]
    kitty: list[Card] = []
    if pool[jack] and (view.trick_number > 1 or view.trick) and not view.must_lead_j:
        kitty.append(jack)  # J would have led the first trick had a player held it
        pool[jack] -= 1

    def fits(card: Card, s: int) -> bool:
        if card.wild:
            return True
        return not any(side in view.lacks[s] for side in card.sides) and all(
            side < view.ceilings[s] for side in card.sides
        )

    cards = list(pool.elements())
    rng.shuffle(cards)
    # The cards with the fewest places to go are placed first.
    cards.sort(key=lambda c: sum(room[s] > 0 and fits(c, s) for s in range(n)))

    kitty_room = view.kitty - len(kitty)
    for card in cards:
        options = [s for s in range(n) if room[s] > 0 and fits(card, s)]
        weights = [room[s] for s in options]
        if kitty_room > 0:
            options.append(-1)
            weights.append(kitty_room)
        if not options:
            return None
        where = rng.choices(options, weights)[0]
        if where < 0:
            kitty.append(card)
            kitty_room -= 1
        else:
            hands[where].append(card)
            room[where] -= 1
    hands[seat] = list(view.hand)
    for hand in hands:
        hand.sort()
    return hands, kitty


def pile_counts(view: View) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Points and singletons each seat has taken so far this hand."""
    taken = piles(view)
    return (
        tuple(sum(c.score for c in pile) for pile in taken),
        tuple(sum(c.singleton for c in pile) for pile in taken),
    )


def rollout(
    view: View,
    hands: list[list[Card]],
    kitty: list[Card],
    first: Play,
    counts: tuple[tuple[int, ...], tuple[int, ...]] | None = None,
) -> list[int]:
    """Play the hand out from `first` with Hearts craft; each seat's points this hand.

    `counts` is `pile_counts(view)`, passed in when many rollouts share a view.
    """
    n = view.players
    points, singled = counts or pile_counts(view)
    taken, singles = list(points), list(singled)
    trick = list(view.trick)
    kinds = [kinds_of(hand) for hand in hands]
    seat = view.seat
    action = first
    last = seat
    while True:
        card = action.card
        assert card is not None
        hand = hands[seat]
        hand.remove(card)
        if card not in hand:
            kinds[seat] &= ~(1 << card.order)
        trick.append(Played(seat, card, action.letter))
        if len(trick) == n:
            best = trick[trick_winner(trick)]
            last = best.seat
            taken[last] += sum(p.card.score for p in trick)
            singles[last] += sum(p.card.singleton for p in trick)
            trick = []
            seat = last
            if not hands[seat]:
                break
        else:
            seat = (seat + 1) % n
        action = choose_play(plays_from(kinds[seat], trick), trick, n, False)
    taken[last] += sum(c.score for c in kitty)
    singles[last] += sum(c.singleton for c in kitty)
    flyer = next((s for s in range(n) if singles[s] == len(singletons())), None)
    if flyer is not None:
        return [-FLYING if s == flyer else t for s, t in enumerate(taken)]
    return taken


class StrongBot(SensibleBot):
    """Samples deals that fit what it has seen and plays each candidate card out,
    keeping the card whose rollouts cost it least against the others.

    It thinks for the table's `think` option (milliseconds) per card, at most
    MAX_SAMPLES deals, or for exactly `samples` deals when that option is set;
    a wild is tried only as a few telling letters.
    """

    level = "strong"

    def reason(self, view: View, legal: Sequence[Action], action: Action) -> Reason | None:
        """Its card play weighs sampled deals: no one reason to give. Elsewhere it
        plays as the sensible bot, for the sensible bot's reasons."""
        if view.phase is Phase.PLAY:
            return None
        return super().reason(view, legal, action)

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        if view.phase is not Phase.PLAY or len(legal) == 1:
            return super().choose(view, legal)
        candidates = self.candidates(view, [a for a in legal if isinstance(a, Play)])
        if len(candidates) == 1:
            return candidates[0]
        cost = [0.0] * len(candidates)
        samples = 0
        taken = piles(view)
        draw = partial(sample_deal, view, self.random, taken)
        counts = pile_counts(view)
        for hands, kitty in within_budget(
            draw, view.config.think_ms, MAX_SAMPLES, view.config.samples
        ):
            for i, play in enumerate(candidates):
                points = rollout(view, [list(h) for h in hands], kitty, play, counts)
                mine = points[view.seat]
                cost[i] += mine - sum(points) / view.players
            samples += 1
        if samples == 0:
            return super().choose(view, legal)
        return candidates[min(range(len(candidates)), key=cost.__getitem__)]

    def candidates(self, view: View, plays: list[Play]) -> list[Play]:
        """Each real card's plays, and a wild only as the led, the top, A or Z."""
        real = [p for p in plays if not p.card.wild]  # type: ignore[union-attr]
        telling = {"A", "Z"}
        if view.trick:
            telling.add(view.trick[0].letter)
            telling.add(max(p.letter for p in view.trick))
        wild = [p for p in plays if p.card.wild and p.letter in telling]  # type: ignore[union-attr]
        return real + wild or plays
