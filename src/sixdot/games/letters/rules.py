"""Letters, every rule (rules text plus RULINGS sections 0, 2 and 6).

Eight rounds; in round r each player is dealt r + 2 cards. The dealer turns
the top of the pile face up to start the discards, and the player on the
dealer's left starts. A turn: draw the top of the pile (seen only by the
taker) or take the top discard (seen by all), then go out or discard one
card. Going out means every card but the discard is in words; then each
other player has one final turn: draw, lay what words they can, discard. A
round scores the points of cards in words minus the points of cards left,
plus 10 for most words and 10 for the longest word (a tie: no bonus).
Highest total after eight rounds wins.

Every word is checked against the dictionary as it is laid (auto-check), so
no word is ever challenged.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from enum import Enum
from functools import cached_property
from typing import Any

from sixdot.core import (
    Action,
    Event,
    GameState,
    NotationError,
    OptionSpec,
    Refusal,
    Rng,
    Rules,
    SeatEvent,
    leaders,
)
from sixdot.core.state import GAME_OVER, NOT_YOUR_TURN, seats_from
from sixdot.games.letters.cards import Card, by_face, deck
from sixdot.games.letters.solver import Arrangement, Solver, text
from sixdot.lexicon import Lexicon

ROUNDS = 8
FIRST_HAND = 3
BONUS = 10
#: How many ways an ambiguous word list offers before asking to type more.
WAYS_SHOWN = 4

Word = tuple[Card, ...]


class Phase(Enum):
    DRAW = "draw"
    PLAY = "play"
    OVER = "over"


# --- actions ---------------------------------------------------------------


@dataclass(frozen=True)
class Draw(Action):
    """Take the top card of the draw pile."""

    @property
    def notation(self) -> str:
        return "draw"


@dataclass(frozen=True)
class Take(Action):
    """Take the top card of the discard pile."""

    @property
    def notation(self) -> str:
        return "take"


@dataclass(frozen=True)
class Discard(Action):
    """End the turn by discarding a card (on a final turn: laying no words)."""

    face: str

    @property
    def notation(self) -> str:
        return f"discard {self.face}"


@dataclass(frozen=True)
class Lay(Action):
    """Lay words and discard: going out (`out`) or a final turn (`lay`).

    Each word is written as typed: plain letters (`THE`), fitted to the cards
    when the move is checked, or every card in brackets (`[TH][E]`).
    """

    words: tuple[str, ...]
    face: str
    out: bool

    @property
    def notation(self) -> str:
        verb = "out" if self.out else "lay"
        return f"{verb} {' '.join(self.words)} discard {self.face}"


# --- events ----------------------------------------------------------------


@dataclass(frozen=True)
class RoundStarted(Event):
    round: int
    dealer_seat: int
    size: int


@dataclass(frozen=True)
class CardsDealt(SeatEvent):
    """A player's hand, seen only by that player."""

    cards: tuple[Card, ...]


@dataclass(frozen=True)
class DiscardStarted(Event):
    card: Card
    left: int


@dataclass(frozen=True)
class PileDrawn(Event):
    """A draw from the pile, as everyone hears it: the card stays hidden."""

    seat: int
    left: int


@dataclass(frozen=True)
class CardDrawn(SeatEvent):
    """The card drawn, told only to the player who drew it."""

    card: Card


@dataclass(frozen=True)
class DiscardTaken(Event):
    seat: int
    card: Card


@dataclass(frozen=True)
class CardDiscarded(Event):
    seat: int
    card: Card


@dataclass(frozen=True)
class PileReshuffled(Event):
    count: int


@dataclass(frozen=True)
class WentOut(Event):
    seat: int
    words: int


@dataclass(frozen=True)
class WordLaid(Event):
    seat: int
    word: str
    cards: tuple[Card, ...]
    value: int


@dataclass(frozen=True)
class NothingLaid(Event):
    seat: int


@dataclass(frozen=True)
class CardsLeft(Event):
    seat: int
    cards: tuple[Card, ...]
    value: int


@dataclass(frozen=True)
class BonusWon(Event):
    seat: int
    kind: str
    count: int


@dataclass(frozen=True)
class BonusTied(Event):
    kind: str
    count: int


@dataclass(frozen=True)
class RoundEnded(Event):
    round: int
    points: tuple[int, ...]
    totals: tuple[int, ...]


@dataclass(frozen=True)
class GameEnded(Event):
    winner_seats: tuple[int, ...]
    totals: tuple[int, ...]


# --- words from typed letters ----------------------------------------------

_EXPLICIT = re.compile(r"(?:\[[A-Z]+\])+")
_CARD = re.compile(r"\[([A-Z]+)\]")


def explicit(word: Sequence[Card]) -> str:
    """A word written card by card, as the parser reads it back: `[TH][E]`."""
    return "".join(f"[{c.face}]" for c in word)


def spellings(spec: str, cards: Sequence[Card]) -> list[Word]:
    """The card sequences from `cards` that a typed word can mean."""
    if spec.startswith("["):
        word = tuple(by_face()[face] for face in _CARD.findall(spec))
        need, have = Counter(word), Counter(cards)
        return [word] if all(have[c] >= n for c, n in need.items()) else []
    target = spec.upper()
    counts = Counter(cards)
    out: list[Word] = []

    def fit(at: int, seq: Word) -> None:
        if at == len(target):
            out.append(seq)
            return
        for card in sorted(counts):
            if counts[card] and target.startswith(card.face, at):
                counts[card] -= 1
                fit(at + len(card.face), (*seq, card))
                counts[card] += 1

    fit(0, ())
    return out


def missing_letters(spec: str, cards: Sequence[Card]) -> str:
    """The letters of a typed word that the cards cannot supply ('' if unclear)."""
    target = spec.replace("[", "").replace("]", "").upper()
    usable = Counter(letter for c in cards if not c.multi or c.face in target for letter in c.face)
    return "".join(sorted((Counter(target) - usable).elements()))


def ways(specs: Sequence[str], cards: Sequence[Card], exact: bool) -> list[tuple[Word, ...]]:
    """Every joint choice of cards for the typed words that the hand can supply.

    With `exact` (going out) the words must use every card given.
    """
    have = Counter(cards)
    found = []
    for choice in itertools.product(*(spellings(s, cards) for s in specs)):
        used = Counter(c for word in choice for c in word)
        if used - have:
            continue
        if exact and used != have:
            continue
        found.append(choice)
    return found


# --- state -----------------------------------------------------------------


@dataclass(frozen=True)
class View:
    """What one seat knows: everything but the pile and the other hands."""

    seat: int
    players: int
    round: int
    size: int
    dealer: int
    phase: Phase
    to_act: tuple[int, ...]
    hand: tuple[Card, ...]
    top: Card | None
    discards: int
    pile: int
    out_seat: int | None
    laid: tuple[tuple[Word, ...], ...]
    totals: tuple[int, ...]
    single_cards: bool
    solver: Solver = field(compare=False, repr=False)

    def words_of(self, lay: Lay) -> tuple[Word, ...]:
        """The cards a legal lay of this seat's hand puts in words."""
        rest = _take_out(self.hand, (by_face()[lay.face],))
        return next(
            w
            for w in ways(lay.words, rest, exact=lay.out)
            if all(self.solver.is_word(word) for word in w)
        )

    @property
    def final(self) -> bool:
        """This seat is on its final turn: someone has gone out."""
        return self.out_seat is not None


def _take_out(cards: tuple[Card, ...], gone: Sequence[Card]) -> tuple[Card, ...]:
    """`cards` without one copy of each of `gone` (all known to be there)."""
    rest = list(cards)
    for card in gone:
        rest.remove(card)
    return tuple(rest)


def _set(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*items[:index], value, *items[index + 1 :])


@dataclass(frozen=True)
class State(GameState):
    n: int
    rng: Rng
    round: int
    dealer: int
    phase: Phase
    turn: int
    pile: tuple[Card, ...]
    discards: tuple[Card, ...]
    hands: tuple[tuple[Card, ...], ...]
    out_seat: int | None
    finals: tuple[int, ...]
    laid: tuple[tuple[Word, ...], ...]
    left: tuple[tuple[Card, ...], ...]
    scores: tuple[int, ...]
    solver: Solver = field(compare=False, repr=False)

    # -- the State API --

    @property
    def players(self) -> int:
        return self.n

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def totals(self) -> tuple[int, ...]:
        return self.scores

    @property
    def winners(self) -> tuple[int, ...]:
        return leaders(self.scores) if self.is_over else ()

    def to_act(self) -> tuple[int, ...]:
        return () if self.is_over else (self.turn,)

    @cached_property
    def _choices(self) -> tuple[Action, ...]:
        """The finite moves offered: draws, discards, and the solver's best lays.

        Any other arrangement of words may still be typed; `refusal` checks it.
        """
        if self.phase is Phase.DRAW:
            draws: list[Action] = []
            if self.pile or len(self.discards) > 1:
                draws.append(Draw())
            if self.discards:
                draws.append(Take())
            return tuple(draws)
        hand = self.hands[self.turn]
        final = self.out_seat is not None
        lays = [a for a in self.solver.finals(hand) if (a.out or final) and a.words]
        lays.sort(key=lambda a: (-a.points, -len(a.words)))
        moves: list[Action] = [self._lay_action(a, out=not final) for a in lays]
        moves.extend(Discard(face) for face in dict.fromkeys(c.face for c in hand))
        return tuple(moves)

    def _lay_action(self, arrangement: Arrangement, out: bool) -> Lay:
        """The arrangement as a move, written as plainly as the hand allows."""
        assert arrangement.discard is not None
        hand = self.hands[self.turn]
        rest = _take_out(hand, (arrangement.discard,))
        face = arrangement.discard.face
        plain = Lay(tuple(text(w) for w in arrangement.words), face, out)
        if self._resolve(plain, rest) == [arrangement.words]:
            return plain
        return Lay(tuple(explicit(w) for w in arrangement.words), face, out)

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        if seat not in self.to_act():
            return ()
        return self._choices

    def refusal(self, seat: int, action: Action) -> Refusal | None:
        """Checked directly, since the words a player may lay are too many to list."""
        if self.is_over:
            return Refusal.of(GAME_OVER)
        if seat not in self.to_act():
            return Refusal.of(NOT_YOUR_TURN, seat=seat)
        if action in self._choices:
            return None
        return self._check(seat, action)

    def view(self, seat: int) -> View:
        return View(
            seat=seat,
            players=self.n,
            round=self.round,
            size=self.round + FIRST_HAND - 1,
            dealer=self.dealer,
            phase=self.phase,
            to_act=self.to_act(),
            hand=self.hands[seat],
            top=self.discards[-1] if self.discards else None,
            discards=len(self.discards),
            pile=len(self.pile),
            out_seat=self.out_seat,
            laid=self.laid,
            totals=self.scores,
            single_cards=self.solver.single_cards,
            solver=self.solver,
        )

    def explain(self, seat: int, action: Action) -> Refusal:
        return self._check(seat, action) or Refusal.of("refuse-let-unknown")

    def _check(self, seat: int, action: Action) -> Refusal | None:
        """Why `action`, not among the listed moves, is refused; None for a good lay."""
        hand = self.hands[seat]
        if self.phase is Phase.DRAW:
            if isinstance(action, Draw):
                return Refusal.of("refuse-let-pile-empty")
            if isinstance(action, Take):
                return Refusal.of("refuse-let-no-discard")
            return Refusal.of("refuse-let-draw-first")
        if isinstance(action, Draw | Take):
            return Refusal.of("refuse-let-drawn-already")
        assert isinstance(action, Discard | Lay)
        card = by_face().get(action.face)
        if card is None or card not in hand:
            return Refusal.of("refuse-let-no-card", face=action.face)
        if isinstance(action, Discard):
            return Refusal.of("refuse-let-unknown")  # every held card's discard is listed
        return self._explain_lay(action, _take_out(hand, (card,)))

    def _explain_lay(self, lay: Lay, rest: tuple[Card, ...]) -> Refusal | None:
        final = self.out_seat is not None
        if lay.out and final:
            return Refusal.of("refuse-let-out-over")
        if not lay.out and not final:
            return Refusal.of("refuse-let-lay-when")
        for spec in lay.words:
            if not spellings(spec, rest):
                shown = spec.replace("[", "").replace("]", "")
                missing = missing_letters(spec, rest)
                if missing:
                    return Refusal.of("refuse-let-missing", word=shown, letters=" ".join(missing))
                return Refusal.of("refuse-let-cannot-spell", word=shown)
        found = ways(lay.words, rest, exact=False)
        if not found:
            return Refusal.of("refuse-let-not-enough", words=" ".join(lay.words))
        if lay.out and not ways(lay.words, rest, exact=True):
            left = _take_out(rest, [c for word in found[0] for c in word])
            return Refusal.of("refuse-let-out-all", cards=", ".join(c.face for c in left))
        choices = self._resolve(lay, rest)
        if not choices:
            refusal = self._word_refusal(found[0])
            assert refusal is not None
            return refusal
        if len(choices) > 1:
            verb = "out" if lay.out else "lay"
            typed = [
                f"{verb} {' '.join(explicit(w) for w in way)} discard {lay.face}" for way in choices
            ]
            return Refusal.of("refuse-let-which", ways=", ".join(typed[:WAYS_SHOWN]))
        return None

    def _resolve(self, lay: Lay, rest: tuple[Card, ...]) -> list[tuple[Word, ...]]:
        """The different card choices that make the typed words allowed words."""
        found = ways(lay.words, rest, exact=lay.out)
        return list(dict.fromkeys(w for w in found if self._word_refusal(w) is None))

    def _word_refusal(self, words: tuple[Word, ...]) -> Refusal | None:
        """Why a chosen word is not allowed (too short, not in the dictionary), or None."""
        for word in words:
            if not self.solver.is_word(word):
                if len(word) < 2:
                    return Refusal.of("refuse-let-short", word=text(word))
                return Refusal.of("refuse-let-not-a-word", word=text(word))
        return None

    def _do(self, seat: int, action: Action) -> tuple[GameState, tuple[Event, ...]]:
        if isinstance(action, Draw):
            return self._draw(seat)
        if isinstance(action, Take):
            card = self.discards[-1]
            hands = _set(self.hands, seat, (*self.hands[seat], card))
            state = replace(self, hands=hands, discards=self.discards[:-1], phase=Phase.PLAY)
            return state, (DiscardTaken(seat, card),)
        assert isinstance(action, Discard | Lay)
        card = by_face()[action.face]
        rest = _take_out(self.hands[seat], (card,))
        words: tuple[Word, ...] = ()
        if isinstance(action, Lay):
            words = self._resolve(action, rest)[0]
        out = isinstance(action, Lay) and action.out
        return self._finish_turn(seat, card, rest, words, out)

    # -- transitions --

    def _draw(self, seat: int) -> tuple[State, tuple[Event, ...]]:
        events: list[Event] = []
        state = self
        if not state.pile:
            # The discards but the top card become the new pile.
            pile, rng = state.rng.shuffled(state.discards[:-1])
            events.append(PileReshuffled(len(pile)))
            state = replace(state, pile=pile, discards=state.discards[-1:], rng=rng)
        card, pile = state.pile[0], state.pile[1:]
        events += [PileDrawn(seat, len(pile)), CardDrawn(seat, card)]
        hands = _set(state.hands, seat, (*state.hands[seat], card))
        return replace(state, pile=pile, hands=hands, phase=Phase.PLAY), tuple(events)

    def _finish_turn(
        self,
        seat: int,
        card: Card,
        rest: tuple[Card, ...],
        words: tuple[Word, ...],
        out: bool,
    ) -> tuple[State, tuple[Event, ...]]:
        events: list[Event] = []
        final = self.out_seat is not None
        if out:
            events.append(WentOut(seat, len(words)))
        events.extend(WordLaid(seat, text(w), w, sum(c.points for c in w)) for w in words)
        left = _take_out(rest, [c for w in words for c in w])
        if final and not words:
            events.append(NothingLaid(seat))
        if final and left:
            events.append(CardsLeft(seat, left, sum(c.points for c in left)))
        events.append(CardDiscarded(seat, card))
        state = replace(
            self,
            hands=_set(self.hands, seat, rest if not (final or out) else ()),
            discards=(*self.discards, card),
            laid=_set(self.laid, seat, words) if words else self.laid,
            left=_set(self.left, seat, left) if final else self.left,
        )
        if out:
            others = tuple(seats_from((seat + 1) % self.n, self.n))[: self.n - 1]
            state = replace(state, out_seat=seat, finals=others[1:])
            return replace(state, turn=others[0], phase=Phase.DRAW), tuple(events)
        if final:
            if not self.finals:
                return state._end_round(events)
            return replace(
                state, turn=self.finals[0], finals=self.finals[1:], phase=Phase.DRAW
            ), tuple(events)
        return replace(state, turn=(seat + 1) % self.n, phase=Phase.DRAW), tuple(events)

    def _end_round(self, events: list[Event]) -> tuple[State, tuple[Event, ...]]:
        points = [
            sum(c.points for w in words for c in w) - sum(c.points for c in left)
            for words, left in zip(self.laid, self.left, strict=True)
        ]
        counts = [len(words) for words in self.laid]
        longest = [max((len(text(w)) for w in words), default=0) for words in self.laid]
        for kind, values in (("most-words", counts), ("longest-word", longest)):
            best = leaders(values)
            if len(best) == 1:
                points[best[0]] += BONUS
                events.append(BonusWon(best[0], kind, values[best[0]]))
            else:
                events.append(BonusTied(kind, max(values)))
        totals = tuple(t + p for t, p in zip(self.scores, points, strict=True))
        events.append(RoundEnded(self.round, tuple(points), totals))
        state = replace(self, scores=totals)
        if self.round == ROUNDS:
            done = replace(state, phase=Phase.OVER)
            events.append(GameEnded(done.winners, totals))
            return done, tuple(events)
        return _deal_round(state, self.round + 1, (self.dealer + 1) % self.n, events)


def _deal_round(
    state: State, number: int, dealer: int, events: list[Event]
) -> tuple[State, tuple[Event, ...]]:
    """Shuffle all 128 cards, deal one at a time from the dealer's left, turn one up."""
    cards, rng = state.rng.shuffled(deck())
    n = state.n
    size = number + FIRST_HAND - 1
    order = seats_from((dealer + 1) % n, n)
    dealt: list[list[Card]] = [[] for _ in range(n)]
    for i in range(size * n):
        dealt[order[i % n]].append(cards[i])
    pile = cards[size * n :]
    top, pile = pile[0], pile[1:]
    events.append(RoundStarted(number, dealer, size))
    events.extend(CardsDealt(seat, tuple(dealt[seat])) for seat in order)
    events.append(DiscardStarted(top, len(pile)))
    state = replace(
        state,
        rng=rng,
        round=number,
        dealer=dealer,
        phase=Phase.DRAW,
        turn=order[0],
        pile=pile,
        discards=(top,),
        hands=tuple(tuple(h) for h in dealt),
        out_seat=None,
        finals=(),
        laid=((),) * n,
        left=((),) * n,
    )
    return state, tuple(events)


_WORD = r"(?:[A-Z]+|(?:\[[A-Z]+\])+)"
_LAY = re.compile(rf"(OUT|LAY)((?:\s+{_WORD})+)\s+DISCARD\s+(\[?[A-Z]+\]?)")
_DISCARD = re.compile(r"DISCARD\s+(\[?[A-Z]+\]?)")


class LettersRules(Rules):
    name = "letters"
    title = "Letters"
    min_players = 2
    max_players = 8
    default_players = 3
    verbs = ("draw", "take", "discard", "out", "lay")
    options = (
        OptionSpec(
            "single_cards",
            False,
            "a lone multi-letter card such as THE may stand as a word",
        ),
    )

    def __init__(self, lexicon: Lexicon | None = None) -> None:
        """Rules with a dictionary: the packaged list unless another is given."""
        self._lexicon = lexicon

    @property
    def lexicon(self) -> Lexicon:
        return self._lexicon or Lexicon.default()

    def _start(
        self, players: int, options: dict[str, Any], seed: int
    ) -> tuple[GameState, tuple[Event, ...]]:
        rng = Rng.from_seed(seed)
        dealer, rng = rng.below(players)
        blank = State(
            n=players,
            rng=rng,
            round=0,
            dealer=dealer,
            phase=Phase.DRAW,
            turn=0,
            pile=(),
            discards=(),
            hands=((),) * players,
            out_seat=None,
            finals=(),
            laid=((),) * players,
            left=((),) * players,
            scores=(0,) * players,
            solver=Solver(self.lexicon, bool(options["single_cards"])),
        )
        return _deal_round(blank, 1, dealer, [])

    def parse_action(self, text: str) -> Action:
        """Read `draw`, `take`, `discard Q`, `out THE READ discard Q`, `lay CAT discard Q`.

        >>> RULES.parse_action("out the [TH][E] discard qu").notation
        'out THE [TH][E] discard QU'
        """
        words = " ".join(text.strip().upper().split())
        if words in ("DRAW", "TAKE"):
            return Draw() if words == "DRAW" else Take()
        if m := _DISCARD.fullmatch(words):
            return Discard(self._face(m[1], text))
        if m := _LAY.fullmatch(words):
            specs = tuple(m[2].split())
            for spec in specs:
                for face in _CARD.findall(spec):
                    self._face(face, text)
            return Lay(specs, self._face(m[3], text), m[1] == "OUT")
        raise NotationError(
            text, "draw, take, discard CARD, out WORDS discard CARD, lay WORDS discard CARD"
        )

    def _face(self, written: str, text: str) -> str:
        face = written.strip("[]")
        if face not in by_face():
            raise NotationError(text, f"a card of the Letters deck, not {face}")
        return face


RULES = LettersRules()
State.rules = RULES
