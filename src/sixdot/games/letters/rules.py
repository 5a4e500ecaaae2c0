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

The dictionary does not check words as they are laid; the players do: "When
a player presents their word(s) they can be challenged by the others at the
table." As soon as a player lays words (going out or on a final turn), each
other player in turn, clockwise, may challenge one of them or accept the
rest; the dictionary settles it: a valid word costs its challenger the
word's points, an invalid one counts against its owner. The house rule
challenges=end keeps every challenge until after the final turns instead.
With the option autocheck, words missing from the dictionary are refused as
they are laid, and nobody challenges.
A house rule caps the turns in a round, so a word list nobody can go out
with still ends: at the cap every player has one final turn.
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
    GameEnded,
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
from sixdot.games.letters.solver import Arrangement, Solver, text, value
from sixdot.lexicon import Worded

ROUNDS = 8
FIRST_HAND = 3
BONUS = 10
#: The house rule's default: turns each player may take in a round before the
#: round closes with final turns. Bot rounds end well within it; a word list
#: nobody can go out with would otherwise never end a round.
TURN_CAP = 40

Word = tuple[Card, ...]


class Phase(Enum):
    DRAW = "draw"
    PLAY = "play"
    CHALLENGE = "challenge"
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


@dataclass(frozen=True)
class Challenge(Action):
    """Challenge a word another player laid this round: the dictionary settles it."""

    word: str

    @property
    def notation(self) -> str:
        return f"challenge {self.word}"


@dataclass(frozen=True)
class Done(Action):
    """After the final turns (challenges=end): accept every word still unchallenged."""

    @property
    def notation(self) -> str:
        return "done"


@dataclass(frozen=True)
class Accept(Action):
    """Let the words just laid stand: the next player may still challenge them."""

    @property
    def notation(self) -> str:
        return "accept"


#: Every move of Letters: anything else is refused as not a Letters move.
LETTERS_ACTIONS = (Draw, Take, Discard, Lay, Challenge, Done, Accept)


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
class RoundCapped(Event):
    """The turn cap was reached with nobody out: everyone has a final turn."""

    turns: int


@dataclass(frozen=True)
class ChallengesOpened(Event):
    words: int


@dataclass(frozen=True)
class WordChallenged(Event):
    """A challenge settled: a valid word costs the challenger, an invalid one its owner."""

    seat: int
    owner_seat: int
    word: str
    valid: bool
    value: int


@dataclass(frozen=True)
class WordsAccepted(Event):
    """A player let the words just laid stand (those not already challenged)."""

    seat: int
    owner_seat: int
    words: int


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
    ends_round = True

    round: int
    points: tuple[int, ...]
    totals: tuple[int, ...]


# --- words from typed letters ----------------------------------------------

_EXPLICIT = re.compile(r"(?:\[[A-Z]+\])+")
_CARD = re.compile(r"\[([A-Z]+)\]")


def explicit(word: Sequence[Card]) -> str:
    """A word written card by card, as the parser reads it back: `[TH][E]`."""
    return "".join(f"[{c.face}]" for c in word)


def spellings(spec: str, cards: Sequence[Card]) -> list[Word]:
    """The card sequences from `cards` that a typed word can mean."""
    return Speller(cards).spell(spec)


class Speller:
    """The card sequences one hand can spell typed words with: the hand is
    sorted and counted once for all the words asked about."""

    def __init__(self, cards: Sequence[Card]) -> None:
        self.cards = cards
        counts = Counter(cards)
        self.order = sorted(counts)
        self.counts = [counts[card] for card in self.order]
        # The cards each letter may start, in card order: a card is tried only
        # where its face's first letter stands.
        self.starting: dict[str, list[tuple[int, str]]] = {}
        for i, card in enumerate(self.order):
            self.starting.setdefault(card.face[0], []).append((i, card.face))

    def spell(self, spec: str) -> list[Word]:
        """The card sequences `spec` (letters, or `[TH][E]` card by card) can mean."""
        if spec.startswith("["):
            word = tuple(by_face()[face] for face in _CARD.findall(spec))
            need, have = Counter(word), Counter(self.cards)
            return [word] if all(have[c] >= n for c, n in need.items()) else []
        target = spec.upper()
        order, starting, left = self.order, self.starting, list(self.counts)
        out: list[Word] = []
        seq: list[Card] = []

        def fit(at: int) -> None:
            if at == len(target):
                out.append(tuple(seq))
                return
            for i, face in starting.get(target[at], ()):
                if left[i] and target.startswith(face, at):
                    left[i] -= 1
                    seq.append(order[i])
                    fit(at + len(face))
                    seq.pop()
                    left[i] += 1

        fit(0)
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
    speller = Speller(cards)
    for choice in itertools.product(*map(speller.spell, specs)):
        used = Counter(c for word in choice for c in word)
        if used - have:
            continue
        if exact and used != have:
            continue
        found.append(choice)
    return found


# --- state -----------------------------------------------------------------


@dataclass(frozen=True)
class Verdict:
    """A settled challenge: the owner's word (its place in their words), challenger, answer."""

    owner: int
    index: int
    challenger: int
    valid: bool


@dataclass(frozen=True)
class OpenWord:
    """A word laid this round that nobody has challenged yet."""

    owner: int
    index: int
    word: str
    value: int


def word_refusal(word: Word, solver: Solver, auto_check: bool) -> Refusal | None:
    """Why this card sequence may not be laid as a word, or None.

    Without auto-check any two cards may be laid, words or not: the others
    decide whether to challenge.
    """
    if not solver.long_enough(word):
        return Refusal.of("refuse-let-short", word=text(word))
    if auto_check and not solver.is_word(word):
        return Refusal.of("refuse-let-not-a-word", word=text(word))
    return None


def resolve(
    lay: Lay, rest: tuple[Card, ...], solver: Solver, auto_check: bool
) -> list[tuple[Word, ...]]:
    """The different card choices for a lay's typed words that may be laid."""
    found = ways(lay.words, rest, exact=lay.out)
    return list(
        dict.fromkeys(
            w for w in found if all(word_refusal(x, solver, auto_check) is None for x in w)
        )
    )


@dataclass(frozen=True)
class View:
    """What one seat knows: everything but the pile and the other hands. The
    public view (`seat` None), a watcher's, holds no hand; its open words are
    every word still open to anyone's challenge."""

    seat: int | None
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
    capped: bool
    turns: int
    laid: tuple[tuple[Word, ...], ...]
    verdicts: tuple[Verdict, ...]
    open_words: tuple[OpenWord, ...]
    #: Whose words just laid are open to challenge (None: no such words).
    window: int | None
    totals: tuple[int, ...]
    single_cards: bool
    auto_check: bool
    end_challenges: bool
    solver: Solver = field(compare=False, repr=False)

    def words_of(self, lay: Lay) -> tuple[Word, ...]:
        """The cards a legal lay of this seat's hand puts in words."""
        rest = _take_out(self.hand, (by_face()[lay.face],))
        return resolve(lay, rest, self.solver, self.auto_check)[0]

    @property
    def final(self) -> bool:
        """This seat is on its final turn: someone went out, or the turn cap was reached."""
        return self.out_seat is not None or self.capped


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
    #: Seats still to have a final turn after `turn`.
    queue: tuple[int, ...]
    laid: tuple[tuple[Word, ...], ...]
    left: tuple[tuple[Card, ...], ...]
    scores: tuple[int, ...]
    auto_check: bool
    #: Turns each player may take in a round before everyone has a final turn (0: no cap).
    turn_cap: int
    solver: Solver = field(compare=False, repr=False)
    #: The house rule challenges=end: challenges wait until after the final turns.
    end_challenges: bool = False
    #: Turns taken this round before anyone went out.
    turns: int = 0
    capped: bool = False
    verdicts: tuple[Verdict, ...] = ()
    #: Seats still to decide after `turn` whether to challenge.
    challengers: tuple[int, ...] = ()
    #: The seat whose words just laid are open to challenge (None: after the final turns).
    window: int | None = None

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

    @property
    def final(self) -> bool:
        """The round is closing: each turn now is a final turn."""
        return self.out_seat is not None or self.capped

    def to_act(self) -> tuple[int, ...]:
        return () if self.is_over else (self.turn,)

    @property
    def _choices(self) -> tuple[Action, ...]:
        """The finite moves offered: draws, discards, the solver's best lays, challenges.

        Any other arrangement of words may still be typed; `refusal` checks it.
        """
        return self._offered[0]

    @cached_property
    def _offered(self) -> tuple[tuple[Action, ...], dict[Action, tuple[Word, ...]]]:
        """The moves offered, and for each lay among them the cards of its
        words, so that playing a listed lay need not work them out again."""
        if self.phase is Phase.DRAW:
            draws: list[Action] = []
            if self.pile or len(self.discards) > 1:
                draws.append(Draw())
            if self.discards:
                draws.append(Take())
            return tuple(draws), {}
        if self.phase is Phase.CHALLENGE:
            words = dict.fromkeys(w.word for w in self._open_words(self.turn))
            let_stand = Done() if self.window is None else Accept()
            return (let_stand, *(Challenge(w) for w in words)), {}
        hand = self.hands[self.turn]
        final = self.final
        # A final turn may lay any words; another turn lays them only to go out.
        solver = self.solver
        lays = [a for a in solver.finals(hand) if a.words] if final else solver.outs(hand)
        lays.sort(key=lambda a: (-a.points, -len(a.words)))
        cards: dict[Action, tuple[Word, ...]] = {
            self._lay_action(a, out=not final): a.words for a in lays
        }
        moves: list[Action] = list(cards)
        moves.extend(Discard(face) for face in dict.fromkeys(c.face for c in hand))
        return tuple(moves), cards

    def _lay_action(self, arrangement: Arrangement, out: bool) -> Lay:
        """The arrangement as a move, written as plainly as the hand allows."""
        assert arrangement.discard is not None
        hand = self.hands[self.turn]
        rest = _take_out(hand, (arrangement.discard,))
        face = arrangement.discard.face
        plain = Lay(tuple(text(w) for w in arrangement.words), face, out)
        # Letters on plain cards spell a word one way only: when no multi-letter
        # card of the rest shows in the words, the plain words are the cards'.
        multi = {c.face for c in rest if c.multi}
        if not any(f in word for f in multi for word in plain.words):
            return plain
        # Each word spelled one way only means the words are the arrangement's:
        # its own spelling is one, and no other exists to be chosen instead.
        speller = Speller(rest)
        if all(len(speller.spell(word)) == 1 for word in plain.words):
            return plain
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

    def interpretations(self, seat: int, action: Action) -> tuple[Action, ...]:
        """Typed words the cards spell in several ways mean one lay per way, card by card."""
        if not isinstance(action, Lay) or self.refusal(seat, action) is not None:
            return (action,)
        choices = self._resolve(action, self._rest(seat, action))
        if len(choices) < 2:
            return (action,)
        return tuple(
            Lay(tuple(explicit(w) for w in way), action.face, action.out) for way in choices
        )

    def caution(self, seat: int, action: Action) -> Refusal | None:
        """Laying a word the dictionary lacks invites a challenge: say so first."""
        if not isinstance(action, Lay) or self.auto_check:
            return None
        if self.refusal(seat, action) is not None:
            return None
        words = self._resolve(action, self._rest(seat, action))[0]
        unknown = [text(w) for w in words if not self.solver.is_word(w)]
        if unknown:
            return Refusal.of("caution-let-not-a-word", words=", ".join(unknown))
        return None

    def view(self, seat: int | None) -> View:
        """What `seat` knows; None: the public view, what every player knows."""
        return View(
            seat=seat,
            players=self.n,
            round=self.round,
            size=self.round + FIRST_HAND - 1,
            dealer=self.dealer,
            phase=self.phase,
            to_act=self.to_act(),
            hand=() if seat is None else self.hands[seat],
            top=self.discards[-1] if self.discards else None,
            discards=len(self.discards),
            pile=len(self.pile),
            out_seat=self.out_seat,
            capped=self.capped,
            turns=self.turns,
            laid=self.laid,
            verdicts=self.verdicts,
            open_words=tuple(self._open_words(seat)),
            window=self.window,
            totals=self.scores,
            single_cards=self.solver.single_cards,
            auto_check=self.auto_check,
            end_challenges=self.end_challenges,
            solver=self.solver,
        )

    def explain(self, seat: int, action: Action) -> Refusal:
        return self._check(seat, action) or Refusal.of("refuse-let-unknown")

    def _check(self, seat: int, action: Action) -> Refusal | None:
        """Why `action`, not among the listed moves, is refused; None for a good lay."""
        if not isinstance(action, LETTERS_ACTIONS):
            return Refusal.of("refuse-let-unknown")  # another game's move, say
        hand = self.hands[seat]
        if isinstance(action, Challenge | Done | Accept):
            if self.phase is not Phase.CHALLENGE:
                return Refusal.of("refuse-let-not-challenging", laid=not self.end_challenges)
            if not isinstance(action, Challenge):  # the other way of challenging's word
                return self._challenging()
            words = ", ".join(dict.fromkeys(w.word for w in self._open_words(seat)))
            if not action.word:
                return Refusal.of("refuse-let-challenge-which", words=words)
            return Refusal.of("refuse-let-no-such-word", word=action.word, words=words)
        if self.phase is Phase.CHALLENGE:
            return self._challenging()
        if self.phase is Phase.DRAW:
            if isinstance(action, Draw):
                return Refusal.of("refuse-let-pile-empty")
            if isinstance(action, Take):
                return Refusal.of("refuse-let-no-discard")
            return Refusal.of("refuse-let-draw-first")
        if isinstance(action, Draw | Take):
            return Refusal.of("refuse-let-drawn-already")
        assert isinstance(action, Discard | Lay)
        if isinstance(action, Lay) and (wrong := self._wrong_lay(action)) is not None:
            return wrong
        held = ", ".join(dict.fromkeys(c.face for c in hand))
        if not action.face:
            if isinstance(action, Lay):
                move = action.notation.removesuffix(" discard ")
                return Refusal.of("refuse-let-lay-discard", move=move, cards=held)
            return Refusal.of("refuse-let-discard-which", cards=held)
        card = by_face().get(action.face)
        if card is None or card not in hand:
            return Refusal.of("refuse-let-no-card", face=action.face, cards=held)
        if isinstance(action, Discard):
            return Refusal.of("refuse-let-unknown")  # every held card's discard is listed
        return self._explain_lay(action, _take_out(hand, (card,)))

    def _challenging(self) -> Refusal:
        """Challenges are on: say the two answers this moment takes."""
        if self.window is None:
            return Refusal.of("refuse-let-challenging")
        return Refusal.of("refuse-let-challenging-laid", owner_seat=self.window)

    def _wrong_lay(self, lay: Lay) -> Refusal | None:
        """A lay of the wrong kind for this turn, or one missing its words."""
        final = self.final
        if lay.out and final:
            return Refusal.of("refuse-let-out-over")
        if not lay.out and not final:
            return Refusal.of("refuse-let-lay-when")
        if not lay.words:
            return Refusal.of("refuse-let-no-words", out=lay.out)
        return None

    def _explain_lay(self, lay: Lay, rest: tuple[Card, ...]) -> Refusal | None:
        for spec in lay.words:
            if not spellings(spec, rest):
                shown = spec.replace("[", "").replace("]", "")
                missing = missing_letters(spec, rest)
                # A card of several letters gives them only side by side, in
                # order: holding ER is no E for CORE, and "you have no E" is untrue.
                apart = [
                    c.face
                    for c in rest
                    if c.multi and c.face not in shown.upper() and set(c.face) & set(missing)
                ]
                if apart:
                    cards = ", ".join(dict.fromkeys(apart))
                    count = len(set(apart))
                    return Refusal.of("refuse-let-in-order", word=shown, cards=cards, count=count)
                if missing:
                    return Refusal.of("refuse-let-missing", word=shown, letters=" ".join(missing))
                return Refusal.of("refuse-let-cannot-spell", word=shown)
        found = ways(lay.words, rest, exact=False)
        if not found:
            return Refusal.of("refuse-let-not-enough", words=" ".join(lay.words))
        if lay.out and not ways(lay.words, rest, exact=True):
            left = _take_out(rest, [c for word in found[0] for c in word])
            return Refusal.of("refuse-let-out-all", cards=", ".join(c.face for c in left))
        if not self._resolve(lay, rest):
            return next(
                r
                for word in found[0]
                if (r := word_refusal(word, self.solver, self.auto_check)) is not None
            )
        return None

    def _rest(self, seat: int, lay: Lay) -> tuple[Card, ...]:
        return _take_out(self.hands[seat], (by_face()[lay.face],))

    def _resolve(self, lay: Lay, rest: tuple[Card, ...]) -> list[tuple[Word, ...]]:
        return resolve(lay, rest, self.solver, self.auto_check)

    def _open_words(self, seat: int | None) -> list[OpenWord]:
        """Words `seat` may challenge: those just laid by another player, or, after
        the final turns (challenges=end), all other players' words; never one settled.
        For the public view (None), every word someone may still challenge."""
        if self.phase is not Phase.CHALLENGE:
            return []
        settled = {(v.owner, v.index) for v in self.verdicts}
        if self.window is not None:
            owners = [self.window]
        elif seat is None:
            owners = list(range(self.n))
        else:
            owners = [o for o in seats_from((seat + 1) % self.n, self.n) if o != seat]
        return [
            OpenWord(owner, i, text(word), value(word))
            for owner in owners
            for i, word in enumerate(self.laid[owner])
            if (owner, i) not in settled
        ]

    def _do(self, seat: int, action: Action) -> tuple[GameState, tuple[Event, ...]]:
        if isinstance(action, Draw):
            return self._draw(seat)
        if isinstance(action, Take):
            card = self.discards[-1]
            hands = _set(self.hands, seat, (*self.hands[seat], card))
            state = replace(self, hands=hands, discards=self.discards[:-1], phase=Phase.PLAY)
            return state, (DiscardTaken(seat, card),)
        if isinstance(action, Challenge):
            return self._challenge(seat, action.word)
        if isinstance(action, Done):
            return self._next_challenger([])
        if isinstance(action, Accept):
            assert self.window is not None
            accepted = WordsAccepted(seat, self.window, len(self._open_words(seat)))
            return self._next_challenger([accepted])
        assert isinstance(action, Discard | Lay)
        card = by_face()[action.face]
        rest = _take_out(self.hands[seat], (card,))
        words: tuple[Word, ...] = ()
        if isinstance(action, Lay):
            words = self._offered[1].get(action) or self._resolve(action, rest)[0]
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
        final = self.final
        if out:
            events.append(WentOut(seat, len(words)))
        events.extend(WordLaid(seat, text(w), w, value(w)) for w in words)
        left = _take_out(rest, [c for w in words for c in w])
        if final and not words:
            events.append(NothingLaid(seat))
        if final and left:
            events.append(CardsLeft(seat, left, value(left)))
        events.append(CardDiscarded(seat, card))
        state = replace(
            self,
            hands=_set(self.hands, seat, rest if not (final or out) else ()),
            discards=(*self.discards, card),
            laid=_set(self.laid, seat, words) if words else self.laid,
            left=_set(self.left, seat, left) if final else self.left,
            out_seat=seat if out else self.out_seat,
        )
        if words and not (self.auto_check or self.end_challenges):
            # "When a player presents their word(s) they can be challenged":
            # each other player, clockwise, challenges or accepts before play goes on.
            others = tuple(seats_from((seat + 1) % self.n, self.n))[: self.n - 1]
            state = replace(state, phase=Phase.CHALLENGE, window=seat, challengers=others)
            return state._next_challenger(events)
        return state._after_turn(seat, events)

    def _after_turn(self, seat: int, events: list[Event]) -> tuple[State, tuple[Event, ...]]:
        """What follows `seat`'s finished turn: final turns, the next turn, or the score."""
        following = tuple(seats_from((seat + 1) % self.n, self.n))
        if self.out_seat == seat:
            # Every other player, clockwise, has one final turn.
            return self._next_final(following[: self.n - 1], events)
        if self.final:
            return self._next_final(self.queue, events)
        turns = self.turns + 1
        if self.turn_cap and turns >= self.turn_cap * self.n:
            events.append(RoundCapped(self.turn_cap))
            state = replace(self, capped=True, turns=turns)
            return state._next_final(following, events)
        return replace(self, turn=following[0], turns=turns, phase=Phase.DRAW), tuple(events)

    def _next_final(
        self, queue: tuple[int, ...], events: list[Event]
    ) -> tuple[State, tuple[Event, ...]]:
        """The next final turn, or, when all are played, challenges and the score."""
        if queue:
            return replace(self, turn=queue[0], queue=queue[1:], phase=Phase.DRAW), tuple(events)
        laid = sum(map(len, self.laid))
        if self.auto_check or not self.end_challenges or not laid:
            return self._end_round(events)
        events.append(ChallengesOpened(laid))
        first = (self.dealer if self.out_seat is None else self.out_seat) + 1
        challengers = tuple(seats_from(first % self.n, self.n))
        state = replace(self, phase=Phase.CHALLENGE, challengers=challengers)
        return state._next_challenger(events)

    def _next_challenger(self, events: list[Event]) -> tuple[State, tuple[Event, ...]]:
        """The next seat with a word left to challenge; when none is left, play goes
        on after the words just laid, or the round is scored after the final turns."""
        queue = self.challengers
        while queue and not self._open_words(queue[0]):
            queue = queue[1:]
        if queue:
            return replace(self, turn=queue[0], challengers=queue[1:]), tuple(events)
        settled = replace(self, challengers=(), window=None)
        if self.window is not None:
            return settled._after_turn(self.window, events)
        return settled._end_round(events)

    def _challenge(self, seat: int, word: str) -> tuple[State, tuple[Event, ...]]:
        """The first open copy of the word clockwise from the challenger is settled.

        At once, as after the final turns: the word stays laid, its cards are not
        rearranged, and the round's score counts it for the challenger or against its
        owner. A challenger with no word left to challenge has decided.
        """
        target = next(w for w in self._open_words(seat) if w.word == word)
        valid = self.solver.is_word(self.laid[target.owner][target.index])
        verdict = Verdict(target.owner, target.index, seat, valid)
        events: list[Event] = [WordChallenged(seat, target.owner, word, valid, target.value)]
        state = replace(self, verdicts=(*self.verdicts, verdict))
        if state._open_words(seat):
            return state, tuple(events)
        return state._next_challenger(events)

    def _end_round(self, events: list[Event]) -> tuple[State, tuple[Event, ...]]:
        """Words, cards left, challenges and bonuses; then the next deal or the end."""
        rejected = {(v.owner, v.index) for v in self.verdicts if not v.valid}
        points = [-value(left) for left in self.left]
        counts = [0] * self.n
        longest = [0] * self.n
        for seat, words in enumerate(self.laid):
            for i, word in enumerate(words):
                if (seat, i) in rejected:
                    points[seat] -= value(word)  # not allowed: it counts against its owner
                    continue
                points[seat] += value(word)
                counts[seat] += 1
                longest[seat] = max(longest[seat], len(text(word)))
        for v in self.verdicts:
            if v.valid:
                points[v.challenger] -= value(self.laid[v.owner][v.index])
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
            done = replace(state, phase=Phase.OVER, queue=())
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
        queue=(),
        laid=((),) * n,
        left=((),) * n,
        turns=0,
        capped=False,
        verdicts=(),
        challengers=(),
        window=None,
    )
    return state, tuple(events)


_WORD = r"(?:[A-Z]+|(?:\[[A-Z]+\])+)"
_LAY = re.compile(rf"(OUT|LAY)((?:\s+{_WORD})+)\s+DISCARD\s+(\[?[A-Z]+\]?)")
_DISCARD = re.compile(r"DISCARD\s+(\[?[A-Z]+\]?)")
#: A lay with no discard (or no words), read so that the refusal can say what is missing.
_PARTIAL = re.compile(rf"(OUT|LAY)((?:\s+{_WORD})*)")


class LettersRules(Worded, Rules):
    name = "letters"
    title = "Letters"
    min_players = 2
    max_players = 8
    default_players = 3
    verbs = ("draw", "take", "discard", "out", "lay", "challenge", "accept", "done")
    word_verbs = ("out", "lay", "challenge")
    options = (
        OptionSpec(
            "singles",
            False,
            "a lone multi-letter card such as THE may stand as a word",
        ),
        OptionSpec(
            "autocheck",
            False,
            "words not in the dictionary are refused as they are laid, so nobody challenges",
        ),
        OptionSpec(
            "challenges",
            "laid",
            "when words are challenged: laid, as each player lays them;"
            " end, house rule: after the final turns",
            choices=("laid", "end"),
        ),
        OptionSpec(
            "turns",
            TURN_CAP,
            "house rule: after this many turns each with nobody out, all have a final turn"
            " (0: no cap)",
            0,
            1000,
        ),
    )

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
            queue=(),
            laid=((),) * players,
            left=((),) * players,
            scores=(0,) * players,
            auto_check=bool(options["autocheck"]),
            turn_cap=int(options["turns"]),
            solver=Solver(self.lexicon, bool(options["singles"])),
            end_challenges=options["challenges"] == "end",
        )
        return _deal_round(blank, 1, dealer, [])

    def parse_action(self, text: str) -> Action:
        """Read `draw`, `take`, `discard Q`, `out THE READ discard Q`, `lay CAT discard Q`,
        `challenge CAT`, `accept` and `done`.

        >>> RULES.parse_action("out the [TH][E] discard qu").notation
        'out THE [TH][E] discard QU'
        """
        words = " ".join(text.strip().upper().split())
        # A bare verb or a discard of a card not held is read as a move all the
        # same: the state refuses it saying what this turn accepts.
        simple = {"DRAW": Draw(), "TAKE": Take(), "DONE": Done(), "ACCEPT": Accept()}
        simple |= {"DISCARD": Discard(""), "CHALLENGE": Challenge("")}
        if words in simple:
            return simple[words]
        if m := re.fullmatch(r"CHALLENGE\s+([A-Z]+)", words):
            return Challenge(m[1])
        if m := _DISCARD.fullmatch(words):
            return Discard(m[1].strip("[]"))
        if m := _LAY.fullmatch(words):
            specs = tuple(m[2].split())
            for spec in specs:
                for face in _CARD.findall(spec):
                    self._face(face, text)
            return Lay(specs, m[3].strip("[]"), m[1] == "OUT")
        if m := _PARTIAL.fullmatch(words):
            specs = tuple(m[2].split())
            return Lay(specs[:-1] if specs[-1:] == ("DISCARD",) else specs, "", m[1] == "OUT")
        raise NotationError(
            text,
            "draw, take, discard CARD, out WORDS discard CARD, lay WORDS discard CARD,"
            " challenge WORD, accept, done",
        )

    def _face(self, written: str, text: str) -> str:
        face = written.strip("[]")
        if face not in by_face():
            raise NotationError(text, f"a card of the Letters deck, not {face}")
        return face


RULES = LettersRules()
State.rules = RULES
