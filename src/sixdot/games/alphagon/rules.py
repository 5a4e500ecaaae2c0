"""Alphagon, every rule (rules text plus RULINGS sections 0, 5 and 6).

Players build one polygon on a 13 by 13 board, letter by letter, as a chain
of words. A seeded dice roll chooses who starts and which way play goes.
Each player draws from their own sacks of vowels and consonants.
A turn may place a letter (two for a bonus), change a letter, find a
syllable or a shape on a polygon card, and give up a letter for a bonus. A
player who cannot go on passes, doubts the word, or declares its ending in
advance. Closing a word of four letters or more scores 4 to 6 points (over
eight letters, also a bonus or a letter of the player's choice) and ends
the side with a '+'; the polygon turns at each '+', at the board's edge
and before it would touch itself, by the direction rule. The game ends at
the goal score, when the polygon closes, at ten sides or when it is stuck.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, fields
from enum import Enum
from functools import cached_property
from itertools import repeat
from operator import is_
from typing import Any, TypeVar

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
    leaders,
)
from sixdot.core.state import GAME_OVER, NOT_YOUR_TURN
from sixdot.games.alphagon import words as lex
from sixdot.games.alphagon.board import (
    Card,
    Direction,
    Layout,
    Mark,
    Rule,
    Square,
    Step,
    ahead,
    closes,
    layout,
    matches,
    next_step,
    parse_square,
    square_name,
)
from sixdot.games.alphagon.events import (
    CardDrawn,
    CardExchanged,
    CardsDealt,
    CloudReached,
    Contradicted,
    Corrected,
    DeclarationAccepted,
    Declared,
    DirectionChanged,
    DoubtAnswered,
    DoubtConceded,
    Doubted,
    End,
    FirstPlayerRolled,
    GameSetUp,
    GameStopped,
    LetterChanged,
    LetterExchanged,
    LetterGivenUp,
    LetterLost,
    LetterPlaced,
    LetterTaken,
    LongWordReward,
    NothingToLose,
    Passed,
    Penalized,
    PlusPlaced,
    PolygonStarted,
    RackDealt,
    RackRefilled,
    Rotation,
    RotationRolled,
    ShapeFound,
    StarReached,
    SyllableFound,
    TurnBegan,
    TwoLetters,
    WordClosed,
    WordSuspended,
)
from sixdot.games.alphagon.moves import (
    ACCEPT,
    CLOSE,
    CONCEDE,
    DOUBT,
    END,
    PASS,
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
    LetterAction,
    Lose,
    Place,
    Simple,
    Start,
    Take,
    Word,
    reward_offer,
)
from sixdot.lexicon import Lexicon, Worded

#: Goal scores by number of players.
GOALS = {2: 40, 3: 35, 4: 30, 5: 25, 6: 20}
MAX_SIDES = 10
#: The longest word that may be built or named (a house rule that keeps lines short).
MAX_WORD = 15
FIND_POINTS = 3
#: How many dictionary words a listed answer, declaration or reply offers.
OFFERED = 3
PLUS = "+"


def close_points(length: int) -> int:
    """4 points for 4 or 5 letters, 5 for 6 or 7, 6 for more."""
    return 4 if length <= 5 else 5 if length <= 7 else 6


class Phase(Enum):
    FIRST = "first"  # the first player puts the '+' on a flag
    PLAY = "play"
    OVER = "over"


# --- claims: a doubt or a declaration waiting on other players -----------------


@dataclass(frozen=True)
class Claim:
    """A doubt (the placer must answer) or a declaration (others may contradict)."""

    kind: str  # "doubt" or "declare"
    seat: int  # who doubted or declared
    letters: str  # the word under construction, lower case
    waiting: tuple[int, ...]  # who must still answer, in order
    words: tuple[str, ...] = ()  # what was declared
    best: str = ""  # the shortest word the declaration scores as


# --- views -------------------------------------------------------------------


@dataclass(frozen=True)
class View:
    """What one seat knows: the whole board and scores, its own rack and cards.

    With seat None, what everyone at the table knows (a watcher's view): no rack, no cards.
    """

    seat: int | None
    players: int
    rotation: Rotation
    phase: Phase
    to_act: tuple[int, ...]
    turn: int
    path: tuple[Square, ...]
    marks: tuple[str, ...]
    owners: tuple[int, ...]
    corners: tuple[int, ...]
    headings: tuple[Direction, ...]
    word_from: int
    next: Step | None
    coming: tuple[Step, ...]  # the squares the next one or two letters would take
    rack: tuple[str, ...]
    rack_sizes: tuple[int, ...]
    sack_sizes: tuple[int, ...]
    bonuses: tuple[int, ...]
    cards: tuple[Card, ...]
    totals: tuple[int, ...]
    goal: int
    passes: int
    placed: bool
    used: frozenset[str]
    claim: Claim | None
    placer: int | None
    layout: Layout = field(compare=False, repr=False)
    lexicon: Lexicon = field(compare=False, repr=False)

    @property
    def letters(self) -> str:
        """The word under construction, upper case."""
        return "".join(self.marks[self.word_from :])

    @property
    def target(self) -> int:
        return self.goal

    def after(self, seat: int) -> int:
        """The player who plays after `seat`, the way play goes."""
        return (seat + self.rotation.step) % self.players


T = TypeVar("T")
A = TypeVar("A", bound=Action)


class _Made(dict[Any, A]):
    """Moves of one kind by their letters, each made the first time it is asked
    for: the same few are offered at every turn, and a move is a plain value."""

    def __init__(self, make: Callable[[Any], A]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: Any) -> A:
        made = self[key] = self.make(key)
        return made


_LOSE = _Made(Lose)
_CHANGE = _Made(Change)
_GIVE = _Made(Give)
_PLACE = _Made(lambda letter: Place((letter,)))
#: Two letters at once: the row of the first letter, by the second.
_PLACE_TWO: _Made[_Made[Place]] = _Made(lambda a: _Made(lambda b: Place((a, b))))


def _set(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*items[:index], value, *items[index + 1 :])


def _without(letters: tuple[str, ...], letter: str) -> tuple[str, ...]:
    i = letters.index(letter)
    return letters[:i] + letters[i + 1 :]


# --- the state -----------------------------------------------------------------


@dataclass(frozen=True)
class State(GameState):
    n: int
    rng: Rng
    rotation: Rotation  # which way play goes, rolled at the start
    goal: int
    phase: Phase
    turn: int
    path: tuple[Square, ...]
    marks: tuple[str, ...]
    owners: tuple[int, ...]
    corners: tuple[int, ...]
    headings: tuple[Direction, ...]
    must_turn: bool
    word_from: int
    racks: tuple[tuple[str, ...], ...]
    vowel_sacks: tuple[tuple[str, ...], ...]
    consonant_sacks: tuple[tuple[str, ...], ...]
    bonuses: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    queue: tuple[int, ...]
    scores: tuple[int, ...]
    lost: tuple[tuple[str, ...], ...]
    used: frozenset[str]
    shaped: int  # the polygon's length at the last shape found: an end is found once
    claimed: frozenset[str]  # the syllables already found in the word under construction
    passes: int
    placer: int | None
    claim: Claim | None
    pending: tuple[int, ...]
    reward: int | None  # who closed a long word and has still to choose its reward
    handover: bool  # the turn passes on once the pending letters are lost
    ended: End | None
    layout: Layout = field(compare=False, repr=False)
    lexicon: Lexicon = field(compare=False, repr=False)

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
        if self.is_over:
            return ()
        if self.reward is not None:
            return (self.reward,)
        if self.pending:
            return (self.pending[0],)
        if self.claim is not None:
            return (self.claim.waiting[0],)
        return (self.turn,)

    @cached_property
    def letters(self) -> str:
        return "".join(self.marks[self.word_from :])

    def order(self, first: int) -> tuple[int, ...]:
        """Every seat from `first` on, the way play goes."""
        return tuple((first + i * self.rotation.step) % self.n for i in range(self.n))

    @property
    def sides(self) -> int:
        return len(self.headings)

    @property
    def placed(self) -> bool:
        return "place" in self.used

    @cached_property
    def next(self) -> Step | None:
        """Where the next letter or '+' goes; None if the polygon cannot go on."""
        if not self.path or len(self.path) < 2:
            return None
        return next_step(self.path, self.headings[-1], self.must_turn, self.sides, self.layout.size)

    def steps(self, count: int) -> list[Step] | None:
        """The squares the next `count` marks (one or two) would take, within ten sides."""
        return list(self._coming[:count]) if len(self._coming) >= count else None

    @cached_property
    def _coming(self) -> tuple[Step, ...]:
        """The next two squares, fewer if the polygon stops or closes before them."""
        path, heading, must, sides = self.path, self.headings[-1], self.must_turn, self.sides
        occupied = set(path)
        found: list[Step] = []
        while len(found) < 2:
            step = next_step(path, heading, must, sides, self.layout.size, occupied=occupied)
            if step is None or (step.turned and sides >= MAX_SIDES):
                break
            found.append(step)
            if closes(path, step.square):
                break  # the polygon closes there: nothing comes after it
            path, heading, must = (*path, step.square), step.heading, False
            occupied.add(step.square)
            sides += step.turned
        return tuple(found)

    # -- legal actions --

    @cached_property
    def _choices(self) -> tuple[Action, ...]:
        if self.reward is not None:
            return self._rewards(self.reward)
        if self.pending:
            return tuple(map(_LOSE.__getitem__, dict.fromkeys(self.racks[self.pending[0]])))
        if self.claim is not None:
            return self._replies()
        seat = self.turn
        rack = self.racks[seat]
        distinct = tuple(dict.fromkeys(sorted(rack)))
        if self.phase is Phase.FIRST:
            return tuple(
                Start(flag, way, letter)
                for flag in self.layout.flags
                for way in Direction
                if self.layout.on_board(ahead(flag, way))
                for letter in distinct
            )
        moves: list[Action] = []
        used = self.used
        if not self.placed:
            room = MAX_WORD - len(self.letters)
            if room > 0 and self.steps(1):
                moves += map(_PLACE.__getitem__, distinct)
                if self.bonuses[seat] and len(rack) > 1 and room > 1 and self.steps(2):
                    for a in distinct:
                        row = _PLACE_TWO[a]
                        twice = rack.count(a) > 1
                        moves += [row[b] for b in distinct if twice or a != b]
        elif self._closable:
            moves.append(CLOSE)
        moves += self._finds()
        if "change" not in used and (self.placed or self.bonuses[seat]):
            moves += map(_CHANGE.__getitem__, distinct)
        if "give" not in used:
            moves += map(_GIVE.__getitem__, distinct)
        if self.placed:
            moves.append(END)
            if len(self.letters) >= 3:
                moves += self._declarations()
        else:
            moves.append(PASS)
            if self.letters and self.placer is not None and self.placer != seat:
                moves.append(DOUBT)
            if self.letters and self.passes >= self.n - 1:
                moves.append(SUSPEND)
            if len(self.letters) >= 3:
                moves += self._declarations()
        return tuple(moves)

    def _rewards(self, seat: int) -> tuple[Action, ...]:
        """A long word's reward: "1 bonus or 1 letter of his choice, but only if he is
        under the initial allocation" (of bonuses for a bonus, of letters for a letter)."""
        kit = self.layout
        out: list[Action] = []
        if self.bonuses[seat] < kit.start_bonuses:
            out.append(TAKE_BONUS)
        if len(self.racks[seat]) < kit.start_vowels + kit.start_consonants:
            left = {*self.vowel_sacks[seat], *self.consonant_sacks[seat]}
            out += [Take(letter) for letter in sorted(left)]
        return tuple(out)

    @property
    def _closable(self) -> bool:
        word = self.letters
        return len(word) >= lex.MIN_WORD and word.lower() in self.lexicon

    def _finds(self) -> list[Action]:
        out: list[Action] = []
        syllables, shapes = self.layout.findable(self.hands[self.turn])
        word = self.letters
        if "syllable" not in self.used and word:
            claimed = self.claimed
            out += [FindSyllable(s) for s in syllables if s in word and s not in claimed]
        if "shape" not in self.used and len(self.path) > self.shaped:
            path = self.path
            out += [
                FindShape(name)
                for name in dict.fromkeys(shape.name for shape in shapes if matches(shape, path))
            ]
        return out

    def _declarations(self) -> list[Action]:
        """A few declarations the dictionary allows (any other may be typed)."""
        prefix = self.letters.lower()
        found = lex.first(self.lexicon, prefix, lambda w: len(prefix) < len(w) <= MAX_WORD, OFFERED)
        return [Declare((w.upper(),)) for w in found]

    def _replies(self) -> tuple[Action, ...]:
        claim = self.claim
        assert claim is not None
        prefix = claim.letters
        if claim.kind == "doubt":
            found = lex.first(self.lexicon, prefix, lambda w: len(w) <= MAX_WORD, OFFERED)
            return (*(Answer((w.upper(),)) for w in found), CONCEDE)
        stem = lex.stem_of(claim.words)
        against = lex.first(
            self.lexicon, prefix, lambda w: not w.startswith(stem) and len(w) <= MAX_WORD, OFFERED
        )
        shorter = lex.first(self.lexicon, prefix, lambda w: len(w) < len(claim.best), OFFERED)
        return (
            ACCEPT,
            *(Contradict((w.upper(),)) for w in against),
            *(Correct((w.upper(),)) for w in shorter),
        )

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        if seat not in self.to_act():
            return ()
        return self._choices

    def must_ask(self, seat: int) -> bool:
        """A reply to a declaration is always asked for: the player may want to
        look at the board first, and playing 'accept' for them would tell them
        the dictionary holds nothing to contradict it with."""
        return self.claim is not None and self.claim.kind == "declare" and seat in self.to_act()

    def refusal(self, seat: int, action: Action) -> Refusal | None:
        """Typed words (declare, answer, contradict, correct) are checked directly."""
        if self.is_over:
            return Refusal.of(GAME_OVER)
        if seat not in self.to_act():
            return Refusal.of(NOT_YOUR_TURN, seat=seat)
        choices = self._choices
        # A listed move itself, the usual case, is found by identity first:
        # comparing moves as dataclasses costs more than the move.
        if any(map(is_, choices, repeat(action))) or action in choices:
            return None
        return self._check(seat, action)

    # -- refusals --

    def explain(self, seat: int, action: Action) -> Refusal:
        found = self._check(seat, action)
        return found if found is not None else Refusal.of("refuse-agn-not-now", move=str(action))

    def _check(self, seat: int, action: Action) -> Refusal | None:
        """Why `action` is refused, or None for a typed word move that is good."""
        if self.reward is not None:
            return self._check_take(action)
        if isinstance(action, Take) or action == TAKE_BONUS:
            return Refusal.of("refuse-agn-no-reward")
        if self.pending:
            if isinstance(action, Lose):
                return Refusal.of("refuse-agn-no-letter", letter=action.letter)
            return Refusal.of("refuse-agn-must-lose")
        if self.claim is not None:
            return self._check_reply(action)
        if isinstance(action, Word) and not isinstance(action, Declare):
            return Refusal.of("refuse-agn-no-claim")
        if isinstance(action, Simple) and action in (CONCEDE, ACCEPT):
            return Refusal.of("refuse-agn-no-claim")
        if self.phase is Phase.FIRST and not isinstance(action, Start):
            return Refusal.of("refuse-agn-start-first")
        rack = self.racks[seat]
        if isinstance(action, Start):
            return self._check_start(action, rack)
        if isinstance(action, LetterAction):
            return self._check_letter(action, rack)
        if isinstance(action, Place):
            return self._check_place(action, rack)
        if isinstance(action, FindSyllable | FindShape):
            return self._check_find(action)
        if isinstance(action, Declare):
            return self._check_declare(action)
        return self._check_simple(seat, action)

    def _check_take(self, action: Action) -> Refusal:
        """Why a reward is refused: what was wrong, then what may be taken."""
        seat = self.reward
        assert seat is not None
        offered = self._rewards(seat)
        told = reward_offer(offered)
        if action == TAKE_BONUS:
            count = self.bonuses[seat]
            return Refusal.of("refuse-agn-take-bonuses", count=count, **told)
        if not isinstance(action, Take):
            return Refusal.of("refuse-agn-must-take", **told)
        if not action.letter:
            return Refusal.of("refuse-agn-take-what", **told)
        if told["can"] == "bonus":
            return Refusal.of("refuse-agn-take-full", count=len(self.racks[seat]))
        return Refusal.of("refuse-agn-take-none", letter=action.letter, **told)

    def _check_start(self, action: Start, rack: tuple[str, ...]) -> Refusal | None:
        if self.phase is not Phase.FIRST:
            return Refusal.of("refuse-agn-started")
        if self.layout.mark(action.flag) is not Mark.FLAG:
            flags = ", ".join(square_name(f) for f in self.layout.flags)
            return Refusal.of("refuse-agn-not-flag", square=square_name(action.flag), flags=flags)
        if action.letter not in rack:
            return Refusal.of("refuse-agn-no-letter", letter=action.letter)
        return Refusal.of("refuse-agn-off-board", square=square_name(action.flag))

    def _check_letter(self, action: LetterAction, rack: tuple[str, ...]) -> Refusal | None:
        """Why a change, give or loss is refused. A change or give typed without
        its letter says why it cannot be made now, else that it needs a letter."""
        if isinstance(action, Lose):
            return Refusal.of("refuse-agn-no-loss")
        if action.letter and action.letter not in rack:
            return Refusal.of("refuse-agn-no-letter", letter=action.letter)
        if isinstance(action, Give):
            if "give" in self.used:
                return Refusal.of("refuse-agn-gave")
        elif "change" in self.used:
            return Refusal.of("refuse-agn-changed")
        elif not self.placed and not self.bonuses[self.turn]:
            return Refusal.of("refuse-agn-change-bonus")
        if not rack:
            return Refusal.of("refuse-agn-rack-empty", verb=action.verb)
        if action.letter:
            return Refusal.of("refuse-agn-not-now", move=action.notation)
        return Refusal.of(f"refuse-agn-{action.verb}-what", example=rack[0])

    def _check_place(self, action: Place, rack: tuple[str, ...]) -> Refusal | None:
        if not action.letters:
            return Refusal.of("refuse-agn-place-what")
        if self.placed:
            return Refusal.of("refuse-agn-placed")
        if len(action.letters) > 2:
            return Refusal.of("refuse-agn-too-many")
        left = list(rack)
        for letter in action.letters:
            if letter not in left:
                return Refusal.of("refuse-agn-no-letter", letter=letter)
            left.remove(letter)
        if len(action.letters) == 2 and not self.bonuses[self.turn]:
            return Refusal.of("refuse-agn-two-bonus")
        if len(self.letters) + len(action.letters) > MAX_WORD:
            return Refusal.of("refuse-agn-word-full", most=MAX_WORD)
        return Refusal.of("refuse-agn-no-room", count=len(action.letters))

    def _check_find(self, action: FindSyllable | FindShape) -> Refusal | None:
        hand = [self.layout.cards[i - 1] for i in self.hands[self.turn]]
        if isinstance(action, FindSyllable):
            if "syllable" in self.used:
                return Refusal.of("refuse-agn-found", kind="syllable")
            if not any(action.syllable in c.all_syllables for c in hand):
                return Refusal.of("refuse-agn-no-syllable", syllable=action.syllable)
            if action.syllable in self.claimed:
                return Refusal.of(
                    "refuse-agn-syllable-claimed", syllable=action.syllable, word=self.letters
                )
            return Refusal.of(
                "refuse-agn-syllable-absent", syllable=action.syllable, word=self.letters or "none"
            )
        if "shape" in self.used:
            return Refusal.of("refuse-agn-found", kind="shape")
        if not any(action.shape == s.name for c in hand for s in c.shapes):
            return Refusal.of("refuse-agn-no-shape", shape=action.shape)
        if len(self.path) <= self.shaped:
            return Refusal.of("refuse-agn-shape-claimed")
        return Refusal.of("refuse-agn-shape-absent", shape=action.shape)

    def _check_declare(self, action: Declare) -> Refusal | None:
        prefix = self.letters.lower()
        if len(prefix) < 3:
            return Refusal.of("refuse-agn-declare-short", letters=self.letters or "none")
        for word in action.words:
            bad = self._bad_word(word, prefix)
            if bad is not None:
                return bad
            if len(word) <= len(prefix):
                return Refusal.of("refuse-agn-declare-longer", word=word, letters=self.letters)
        return None

    def _bad_word(self, word: str, prefix: str) -> Refusal | None:
        """Why `word` cannot finish the letters `prefix`, or None."""
        if not word.lower().startswith(prefix):
            return Refusal.of("refuse-agn-word-start", word=word, letters=prefix.upper())
        if len(word) < lex.MIN_WORD:
            return Refusal.of("refuse-agn-word-short", word=word)
        if len(word) > MAX_WORD:
            return Refusal.of("refuse-agn-word-full", most=MAX_WORD)
        if word.lower() not in self.lexicon:
            return Refusal.of("refuse-agn-not-a-word", word=word)
        return None

    def _check_reply(self, action: Action) -> Refusal | None:
        claim = self.claim
        assert claim is not None
        if claim.kind == "doubt":
            if isinstance(action, Answer) and len(action.words) == 1:
                return self._bad_word(action.words[0], claim.letters)
            return Refusal.of("refuse-agn-answer-doubt", letters=claim.letters.upper())
        if not isinstance(action, Contradict | Correct) or len(action.words) != 1:
            return Refusal.of("refuse-agn-answer-declare", words=" ".join(claim.words))
        word = action.words[0]
        bad = self._bad_word(word, claim.letters)
        if bad is not None:
            return bad
        if isinstance(action, Contradict) and word.lower().startswith(lex.stem_of(claim.words)):
            return Refusal.of("refuse-agn-same-stem", word=word, words=" ".join(claim.words))
        if isinstance(action, Correct) and len(word) >= len(claim.best):
            return Refusal.of("refuse-agn-not-shorter", word=word, best=claim.best.upper())
        return None

    def _check_simple(self, seat: int, action: Action) -> Refusal:
        if action == CLOSE:
            if not self.placed:
                return Refusal.of("refuse-agn-close-place")
            if len(self.letters) < lex.MIN_WORD:
                return Refusal.of("refuse-agn-word-short", word=self.letters or "none")
            return Refusal.of("refuse-agn-not-a-word", word=self.letters)
        if action == END:
            return Refusal.of("refuse-agn-end-place")
        if action in (PASS, DOUBT, SUSPEND) and self.placed:
            return Refusal.of("refuse-agn-placed")
        if action == DOUBT:
            return Refusal.of("refuse-agn-doubt-whom")
        if action == SUSPEND:
            return Refusal.of("refuse-agn-suspend", needed=self.n - 1, passes=self.passes)
        del seat
        return Refusal.of("refuse-agn-not-now", move=str(action))

    # -- applying --

    def view(self, seat: int | None) -> View:
        """What `seat` knows; None: the public view, what every player knows."""
        return View(
            seat=seat,
            players=self.n,
            rotation=self.rotation,
            phase=self.phase,
            to_act=self.to_act(),
            turn=self.turn,
            path=self.path,
            marks=self.marks,
            owners=self.owners,
            corners=self.corners,
            headings=self.headings,
            word_from=self.word_from,
            next=self.next,
            coming=self._coming if len(self.path) > 1 else (),
            rack=() if seat is None else self.racks[seat],
            rack_sizes=tuple(len(r) for r in self.racks),
            sack_sizes=tuple(
                len(v) + len(c) for v, c in zip(self.vowel_sacks, self.consonant_sacks, strict=True)
            ),
            bonuses=self.bonuses,
            cards=() if seat is None else tuple(self.layout.cards[i - 1] for i in self.hands[seat]),
            totals=self.scores,
            goal=self.goal,
            passes=self.passes,
            placed=self.placed,
            used=self.used,
            claim=self.claim,
            placer=self.placer,
            layout=self.layout,
            lexicon=self.lexicon,
        )

    def _do(self, seat: int, action: Action) -> tuple[GameState, tuple[Event, ...]]:
        events: list[Event] = []
        state = self._act(seat, action, events)
        return state._settle(events), tuple(events)

    def _act(self, seat: int, action: Action, events: list[Event]) -> State:
        if self.reward is not None:
            return self._take(seat, action, events)
        if isinstance(action, Lose):
            return self._lose(seat, action.letter, events)
        if self.claim is not None:
            return self._reply(seat, action, events)
        if isinstance(action, Start):
            return self._start(seat, action, events)
        if isinstance(action, Place):
            return self._place(seat, action.letters, events)
        if isinstance(action, Change):
            return self._change(seat, action.letter, events)
        if isinstance(action, Give):
            rack = _without(self.racks[seat], action.letter)
            bonuses = _set(self.bonuses, seat, self.bonuses[seat] + 1)
            events.append(LetterGivenUp(seat, action.letter, bonuses[seat]))
            return replace(
                self,
                racks=_set(self.racks, seat, rack),
                bonuses=bonuses,
                lost=_set(self.lost, seat, (*self.lost[seat], action.letter)),
                used=self.used | {"give"},
            )
        if isinstance(action, FindSyllable | FindShape):
            return self._find(seat, action, events)
        if isinstance(action, Declare):
            return self._declare(seat, action, events)
        return self._simple(seat, action, events)

    def _simple(self, seat: int, action: Action, events: list[Event]) -> State:
        if action == CLOSE:
            return self._close(seat, self.letters.lower(), events)
        if action == END:
            return self._next_turn(events)
        if action == PASS:
            state = replace(self, passes=self.passes + 1)
            paid = self.bonuses[seat] > 0
            if paid:
                state = replace(state, bonuses=_set(self.bonuses, seat, self.bonuses[seat] - 1))
            events.append(Passed(seat, paid, state.bonuses[seat], state.passes))
            if not paid:  # the letter is chosen before the turn passes on
                return replace(state, pending=(*state.pending, seat), handover=True)
            return state._next_turn(events, passed=True)
        if action == DOUBT:
            assert self.placer is not None
            events.append(Doubted(seat, self.placer, self.letters))
            claim = Claim("doubt", seat, self.letters.lower(), (self.placer,))
            return replace(self, claim=claim)
        assert action == SUSPEND
        events.append(WordSuspended(seat, self.letters))
        return replace(self._plus(seat, events), passes=0)

    # -- the polygon --

    def _start(self, seat: int, action: Start, events: list[Event]) -> State:
        events.append(PolygonStarted(seat, square_name(action.flag), action.direction))
        state = replace(
            self,
            phase=Phase.PLAY,
            path=(action.flag,),
            marks=(PLUS,),
            owners=(seat,),
            corners=(0,),
            headings=(action.direction,),
            must_turn=False,
            word_from=1,
        )
        return state._put(seat, (action.letter,), events)

    def _place(self, seat: int, letters: tuple[str, ...], events: list[Event]) -> State:
        state = self
        if len(letters) == 2:
            state = replace(state, bonuses=_set(state.bonuses, seat, state.bonuses[seat] - 1))
            events.append(TwoLetters(seat, state.bonuses[seat]))
        return state._put(seat, letters, events)

    def _put(self, seat: int, letters: tuple[str, ...], events: list[Event]) -> State:
        """Lay letters from the rack on the next squares, then refill the rack."""
        state = self
        for letter in letters:
            state = state._mark(seat, letter, events)
            state = replace(
                state, racks=_set(state.racks, seat, _without(state.racks[seat], letter))
            )
            events.append(LetterPlaced(seat, letter, square_name(state.path[-1]), state.letters))
            if state.ended:
                break
        state = state._refill(seat, letters, events)
        return replace(state, used=state.used | {"place"}, placer=seat, passes=0)

    def _mark(self, seat: int, mark: str, events: list[Event]) -> State:
        """Put a letter or '+' on the next square: turning, closure, star or cloud."""
        if len(self.path) == 1:  # the first letter, next to the flag
            step = Step(ahead(self.path[0], self.headings[0]), self.headings[0], False, None)
        else:
            found = self.steps(1)
            if found is None:
                return replace(self, ended=End.STUCK if self.next is None else End.SIDES)
            step = found[0]
        state = self
        if step.turned:
            why = "plus" if self.must_turn else "edge"
            if why == "edge" and self.layout.on_board(ahead(self.path[-1], self.headings[-1])):
                why = "touch"
            events.append(
                DirectionChanged(
                    square_name(self.path[-1]),
                    step.heading,
                    why,
                    step.rule or Rule.ONLY,
                    self.sides + 1,
                )
            )
            state = replace(
                state,
                corners=(*state.corners, len(state.path) - 1),
                headings=(*state.headings, step.heading),
            )
        ended = End.CLOSED if closes(self.path, step.square) else None
        state = replace(
            state,
            path=(*state.path, step.square),
            marks=(*state.marks, mark),
            owners=(*state.owners, seat),
            must_turn=False,
            ended=ended,
        )
        return state._square_effect(seat, step.square, events)

    def _square_effect(self, seat: int, square: Square, events: list[Event]) -> State:
        mark = self.layout.mark(square)
        name = square_name(square)
        if mark is Mark.STAR:
            bonuses = _set(self.bonuses, seat, self.bonuses[seat] + 1)
            events.append(StarReached(seat, name, bonuses[seat]))
            return replace(self, bonuses=bonuses)
        if mark is Mark.CLOUD:
            paid = self.bonuses[seat] > 0
            if paid:
                bonuses = _set(self.bonuses, seat, self.bonuses[seat] - 1)
                events.append(CloudReached(seat, name, bonuses[seat], True))
                return replace(self, bonuses=bonuses)
            events.append(CloudReached(seat, name, 0, False))
            return replace(self, pending=(*self.pending, seat))
        return self

    def _plus(self, seat: int, events: list[Event]) -> State:
        """End the word with a '+': the next mark starts a new word on a new side."""
        state = self._mark(seat, PLUS, events)
        if len(state.path) > len(self.path):
            events.append(PlusPlaced(seat, square_name(state.path[-1]), state.sides))
        # A plus that had to turn (at the edge, or not to touch) has made the
        # side's one change of direction: the new word goes on the way it turned.
        turned = state.sides > self.sides
        return replace(
            state,
            must_turn=not turned,
            word_from=len(state.path),
            placer=None,
            claimed=frozenset(),
        )

    def _refill(self, seat: int, letters: Sequence[str], events: list[Event]) -> State:
        """Draw a vowel for each vowel laid and a consonant for each consonant."""
        state, drawn = self, []
        for letter in letters:
            got, state = state._draw(seat, self.layout.is_vowel(letter))
            drawn += got
        if drawn:
            events.append(RackRefilled(seat, tuple(drawn)))
        return state

    def _draw(self, seat: int, vowel: bool) -> tuple[list[str], State]:
        sacks = self.vowel_sacks if vowel else self.consonant_sacks
        sack = sacks[seat]
        if not sack:
            return [], self
        i, rng = self.rng.below(len(sack))
        letter = sack[i]
        sacks = _set(sacks, seat, sack[:i] + sack[i + 1 :])
        racks = _set(self.racks, seat, (*self.racks[seat], letter))
        key = "vowel_sacks" if vowel else "consonant_sacks"
        return [letter], replace(self, rng=rng, racks=racks, **{key: sacks})

    # -- letters and cards --

    def _change(self, seat: int, letter: str, events: list[Event]) -> State:
        paid = not self.placed
        state = self
        if paid:
            state = replace(state, bonuses=_set(state.bonuses, seat, state.bonuses[seat] - 1))
        vowel = self.layout.is_vowel(letter)
        key = "vowel_sacks" if vowel else "consonant_sacks"
        sacks = getattr(state, key)
        state = replace(
            state,
            racks=_set(state.racks, seat, _without(state.racks[seat], letter)),
            **{key: _set(sacks, seat, (*sacks[seat], letter))},
        )
        got, state = state._draw(seat, vowel)
        events.append(LetterChanged(seat, paid, state.bonuses[seat]))
        events.append(LetterExchanged(seat, letter, got[0]))
        return replace(state, used=state.used | {"change"})

    def _find(self, seat: int, action: FindSyllable | FindShape, events: list[Event]) -> State:
        hand = [self.layout.cards[i - 1] for i in self.hands[seat]]
        word = self.letters
        syllables = {
            c.number: [s for s in c.all_syllables if s in word and s not in self.claimed]
            for c in hand
        }
        fresh = len(self.path) > self.shaped
        shapes = {
            c.number: [s.name for s in c.shapes if fresh and matches(s, self.path)] for c in hand
        }
        claimed, shaped = set(self.claimed), self.shaped
        if isinstance(action, FindSyllable):
            card = next(c for c in hand if action.syllable in syllables[c.number])
        else:
            fitting = [c for c in hand if action.shape in shapes[c.number]]
            card = next((c for c in fitting if syllables[c.number]), fitting[0])
        state, score = self, self.scores[seat]
        used = set(self.used)
        if isinstance(action, FindSyllable) or ("syllable" not in used and syllables[card.number]):
            syllable = (
                action.syllable if isinstance(action, FindSyllable) else syllables[card.number][0]
            )
            score += FIND_POINTS
            used.add("syllable")
            claimed.add(syllable)
            events.append(SyllableFound(seat, syllable, card.number, FIND_POINTS, score))
        if isinstance(action, FindShape) or ("shape" not in used and shapes[card.number]):
            shape = action.shape if isinstance(action, FindShape) else shapes[card.number][0]
            score += FIND_POINTS
            used.add("shape")
            shaped = len(self.path)
            events.append(ShapeFound(seat, shape, card.number, FIND_POINTS, score))
        queue = (*self.queue, card.number)
        drawn, queue = queue[0], queue[1:]
        hand_numbers = tuple(drawn if i == card.number else i for i in self.hands[seat])
        events.append(CardExchanged(seat, card.number))
        events.append(CardDrawn(seat, self.layout.cards[drawn - 1]))
        return replace(
            state,
            scores=_set(self.scores, seat, score),
            used=frozenset(used),
            claimed=frozenset(claimed),
            shaped=shaped,
            queue=queue,
            hands=_set(self.hands, seat, hand_numbers),
        )

    def _lose(self, seat: int, letter: str, events: list[Event]) -> State:
        events.append(LetterLost(seat, letter))
        return replace(
            self,
            racks=_set(self.racks, seat, _without(self.racks[seat], letter)),
            lost=_set(self.lost, seat, (*self.lost[seat], letter)),
            pending=self.pending[1:],
        )

    # -- closing, doubts and declarations --

    def _close(self, seat: int, word: str, events: list[Event]) -> State:
        """Score a word for `seat`, reward a long one, and end the side with '+'."""
        gain = close_points(len(word))
        scores = _set(self.scores, seat, self.scores[seat] + gain)
        events.append(WordClosed(seat, word.upper(), len(word), gain, scores[seat]))
        state = replace(self, scores=scores)
        if state.scores[seat] >= state.goal:
            return replace(state, ended=End.GOAL, placer=None)
        if len(word) > 8 and state._rewards(seat):
            # The reward comes before the plus, so a cloud under the plus finds it.
            return replace(state, reward=seat)
        return replace(state._plus(seat, events), passes=0)

    def _take(self, seat: int, action: Action, events: list[Event]) -> State:
        """A long word's reward, chosen: a bonus, or the named letter from its sack.
        Then the word's plus, which the choice was waiting for."""
        state = replace(self, reward=None)
        if isinstance(action, Take):
            key = "vowel_sacks" if self.layout.is_vowel(action.letter) else "consonant_sacks"
            sacks = getattr(self, key)
            state = replace(
                state,
                racks=_set(self.racks, seat, (*self.racks[seat], action.letter)),
                **{key: _set(sacks, seat, _without(sacks[seat], action.letter))},
            )
            events.append(LongWordReward(seat, "letter", self.bonuses[seat]))
            events.append(LetterTaken(seat, action.letter))
        else:
            bonuses = _set(self.bonuses, seat, self.bonuses[seat] + 1)
            events.append(LongWordReward(seat, "bonus", bonuses[seat]))
            state = replace(state, bonuses=bonuses)
        return replace(state._plus(seat, events), passes=0)

    def _penalize(self, seat: int, why: str, events: list[Event]) -> State:
        events.append(Penalized(seat, why))
        return replace(self, pending=(*self.pending, seat))

    def _declare(self, seat: int, action: Declare, events: list[Event]) -> State:
        words = tuple(w.lower() for w in action.words)
        events.append(Declared(seat, self.letters, " ".join(action.words)))
        waiting = self.order(seat)[1:]
        best = min(words, key=len)
        return replace(
            self, claim=Claim("declare", seat, self.letters.lower(), waiting, words, best)
        )

    def _reply(self, seat: int, action: Action, events: list[Event]) -> State:
        claim = self.claim
        assert claim is not None
        done = replace(self, claim=None)
        if claim.kind == "doubt":
            if isinstance(action, Answer):
                word = action.words[0].lower()
                events.append(DoubtAnswered(seat, word.upper(), True))
                state = done._close(seat, word, events)
                return state._penalize(claim.seat, "doubt", events)
            events.append(DoubtConceded(seat, claim.letters.upper()))
            state = done._penalize(seat, "bluff", events)
            events.append(WordSuspended(claim.seat, claim.letters.upper()))
            return replace(state._plus(claim.seat, events), passes=0)
        if isinstance(action, Contradict):
            word = action.words[0].lower()
            events.append(Contradicted(seat, claim.seat, word.upper()))
            state = done._penalize(claim.seat, "contradicted", events)
            return state._close(seat, word, events)
        if isinstance(action, Correct):
            word = action.words[0].lower()
            events.append(Corrected(seat, word.upper(), len(word)))
            claim = replace(claim, best=word)
        else:
            events.append(DeclarationAccepted(seat))
        if len(claim.waiting) > 1:
            return replace(self, claim=replace(claim, waiting=claim.waiting[1:]))
        return done._close(claim.seat, claim.best, events)

    # -- turns and the end --

    def _next_turn(self, events: list[Event], passed: bool = False) -> State:
        turn = self.order(self.turn)[1]
        state = replace(self, turn=turn, used=frozenset(), passes=self.passes if passed else 0)
        events.append(TurnBegan(turn))
        return state

    def _settle(self, events: list[Event]) -> State:
        """Skip losses with nothing to lose, pass the turn on, end the game when over."""
        state = self
        while state.pending and not state.racks[state.pending[0]]:
            events.append(NothingToLose(state.pending[0]))
            state = replace(state, pending=state.pending[1:])
        if state.handover and not state.pending:
            state = replace(state, handover=False)._next_turn(events, passed=True)
        why = state.ended
        if why is None and max(state.scores) >= state.goal:
            why = End.GOAL
        waiting = state.claim is not None or state.reward is not None
        if why is None and state.phase is Phase.PLAY and not waiting:
            if state.steps(1) is None:
                why = End.SIDES if state.next is not None else End.STUCK
            elif not any(state.racks):
                why = End.LETTERS
        if why is None:
            return state
        done = replace(state, phase=Phase.OVER, ended=why, pending=(), claim=None, reward=None)
        events.append(GameStopped(why, done.sides))
        events.append(GameEnded(done.winners, done.scores))
        return done


def replace(state: T, **changes: Any) -> T:
    """`state` with some fields changed. A State is copied without
    `dataclasses.replace`'s checks and `__init__`, since a move makes several
    (that was 70% of `apply`); other values go through `dataclasses.replace`.

    The copy leaves out what the state worked out about itself (its cached
    properties: moves, the coming squares) where the changes may alter it: the
    coming squares are kept while the polygon stays as it is (passing, giving,
    changing letters), and the word while its letters do.
    """
    if type(state) is not State:
        return dataclasses.replace(state, **changes)  # type: ignore[type-var]
    if __debug__ and not changes.keys() <= _FIELDS:
        raise TypeError(f"not fields of State: {sorted(changes.keys() - _FIELDS)}")
    values = state.__dict__.copy()
    if len(values) > _COUNT:  # something worked out is kept in there
        for name, depends in _DROPS:
            if name in values and (depends is None or not depends.isdisjoint(changes)):
                del values[name]
    values.update(changes)
    new = object.__new__(State)
    object.__setattr__(new, "__dict__", values)
    return new


_FIELDS = frozenset(f.name for f in fields(State))
_POLYGON = frozenset({"path", "headings", "must_turn", "layout"})
#: The fields each cached property is worked out from (every field, if not listed).
_DEPENDS = {"next": _POLYGON, "_coming": _POLYGON, "letters": frozenset({"marks", "word_from"})}
_CACHED = frozenset(
    name
    for kind in State.__mro__
    for name, member in vars(kind).items()
    if isinstance(member, cached_property)
)
_COUNT = len(_FIELDS)
_DROPS = tuple((name, _DEPENDS.get(name)) for name in sorted(_CACHED))


# --- the rules ---------------------------------------------------------------------

_LETTER = r"([A-Z])"
_PATTERNS: tuple[tuple[re.Pattern[str], Any], ...] = (
    (re.compile(r"START ([A-M]\d{1,2}) (NORTH|EAST|SOUTH|WEST|N|E|S|W) ([A-Z])"), "start"),
    (re.compile(r"PLACE(?: ([A-Z])(?: ?([A-Z]))?)?"), "place"),  # alone: told what it needs
    (re.compile(rf"CHANGE(?: {_LETTER})?"), Change),  # alone: told what it needs
    (re.compile(rf"GIVE(?: {_LETTER})?"), Give),
    (re.compile(rf"LOSE {_LETTER}"), Lose),
    (re.compile(rf"TAKE(?: LETTER)?(?: {_LETTER})?"), Take),  # alone: told what it needs
    (re.compile(r"SYLLABLE ([A-Z]{2})"), FindSyllable),
    (re.compile(r"SHAPE ([A-Z]\d)"), FindShape),
)
_WORDS = {"DECLARE": Declare, "ANSWER": Answer, "CONTRADICT": Contradict, "CORRECT": Correct}
_SIMPLE = {
    s.verb.upper(): s for s in (CLOSE, END, PASS, DOUBT, SUSPEND, CONCEDE, ACCEPT, TAKE_BONUS)
}
_WAYS = {d.value[0].upper(): d for d in Direction} | {d.value.upper(): d for d in Direction}


class AlphagonRules(Worded, Rules):
    name = "alphagon"
    title = "Alphagon"
    min_players = 2
    max_players = 6
    default_players = 3
    verbs = (
        "start", "place", "change", "give", "lose", "syllable", "shape", "declare",
        "answer", "contradict", "correct", "close", "end", "pass", "doubt", "suspend",
        "concede", "accept", "take",
    )  # fmt: skip
    word_verbs = ("declare", "answer", "contradict", "correct")
    options = (
        OptionSpec(
            "target",
            0,
            "the goal score; 0 takes 40, 35, 30, 25 or 20 by players",
            0,
            200,
            zero="set by the number of players",
        ),
    )

    def _start(
        self, players: int, options: dict[str, Any], seed: int
    ) -> tuple[GameState, tuple[Event, ...]]:
        kit = layout()
        rng = Rng.from_seed(seed)
        # The text: "A dice roll is made to choose the starting player and the
        # direction of rotation."
        first, rng = rng.below(players)
        way, rng = rng.below(2)
        rotation = (Rotation.LEFT, Rotation.RIGHT)[way]
        queue, rng = rng.shuffled([c.number for c in kit.cards])
        per_hand = min(kit.start_cards, (len(queue) - 1) // players)
        hands = tuple(tuple(queue[i * per_hand : (i + 1) * per_hand]) for i in range(players))
        queue = queue[players * per_hand :]
        goal = int(options["target"]) or GOALS[players]
        state = State(
            n=players,
            rng=rng,
            rotation=rotation,
            goal=goal,
            phase=Phase.FIRST,
            turn=first,
            path=(),
            marks=(),
            owners=(),
            corners=(),
            headings=(),
            must_turn=False,
            word_from=0,
            racks=((),) * players,
            vowel_sacks=(kit.vowels,) * players,
            consonant_sacks=(kit.consonants,) * players,
            bonuses=(kit.start_bonuses,) * players,
            hands=hands,
            queue=tuple(queue),
            scores=(0,) * players,
            lost=((),) * players,
            used=frozenset(),
            shaped=0,
            claimed=frozenset(),
            passes=0,
            placer=None,
            claim=None,
            pending=(),
            reward=None,
            handover=False,
            ended=None,
            layout=kit,
            lexicon=self.lexicon,
        )
        events: list[Event] = [
            GameSetUp(goal, kit.start_vowels, kit.start_consonants, per_hand, kit.start_bonuses),
            FirstPlayerRolled(first),
            RotationRolled(rotation, state.order(first)),
        ]
        for seat in state.order(first):
            drawn: list[str] = []
            for vowel, count in ((True, kit.start_vowels), (False, kit.start_consonants)):
                for _ in range(count):
                    got, state = state._draw(seat, vowel)
                    drawn += got
            events.append(RackDealt(seat, tuple(drawn)))
            events.append(CardsDealt(seat, tuple(kit.cards[i - 1] for i in hands[seat])))
        events.append(TurnBegan(first))
        return state, tuple(events)

    def parse_action(self, text: str) -> Action:
        """Read a move: `start G7 east R`, `place R`, `place R E`, `declare POLICE`, `pass`.

        >>> RULES.parse_action("start g7 e r").notation
        'start G7 east R'
        """
        words = " ".join(text.strip().upper().split())
        if words in _SIMPLE:
            return _SIMPLE[words]
        verb, _, rest = words.partition(" ")
        if verb in _WORDS and rest and all(w.isalpha() for w in rest.split()):
            return _WORDS[verb](tuple(rest.split()))
        for pattern, kind in _PATTERNS:
            m = pattern.fullmatch(words)
            if m is None:
                continue
            if kind == "start":
                flag = parse_square(m[1])
                if flag is None:
                    break
                return Start(flag, _WAYS[m[2]], m[3])
            if kind == "place":
                return Place(tuple(x for x in m.groups() if x))
            return kind(m[1] or "")
        raise NotationError(
            text,
            "start SQUARE DIRECTION LETTER, place LETTER, place LETTER LETTER, change LETTER,"
            " give LETTER, syllable XY, shape NAME, close, end, pass, doubt, suspend,"
            " declare WORD, answer WORD, concede, accept, contradict WORD, correct WORD,"
            " lose LETTER, take bonus, take LETTER",
        )


RULES = AlphagonRules()
State.rules = RULES
