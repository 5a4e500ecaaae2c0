"""The best arrangement of a Letters hand, by dictionary graph and memoised search.

Two stages, each built for its job:

1. Every word the hand can spell: a depth-first walk of the lexicon's word
   graph driven by the cards themselves (a multi-letter card steps several
   letters at once), so only real prefixes are ever extended. Cards with the
   same face are tried once per step.
2. The best set of disjoint words: a search over the cards still unplaced,
   memoised on that multiset (at most 2^11 of them for eleven cards). The
   first unplaced card is either left over or is in one of the words that
   contain it, so each arrangement is met once, and a word is skipped when
   even placing every remaining card could not beat the best found.

Arrangements are compared by round points, then by the number of words (the
most-words bonus).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sixdot.games.letters.cards import Card
from sixdot.lexicon import Lexicon, Node

#: Points weigh this much more than one word in the comparison key.
WORD_WEIGHT = 16
#: How many hands' searches a solver keeps.
RECENT = 32


@dataclass(frozen=True)
class Arrangement:
    """Words laid from a hand, the cards left over, and the card discarded."""

    words: tuple[tuple[Card, ...], ...]
    left: tuple[Card, ...]
    discard: Card | None = None

    @property
    def points(self) -> int:
        laid = sum(c.points for word in self.words for c in word)
        return laid - sum(c.points for c in self.left)

    @property
    def out(self) -> bool:
        """All cards but the discard are in words: the player may go out."""
        return self.discard is not None and not self.left and bool(self.words)


def value(cards: Sequence[Card]) -> int:
    """The points of some cards: a word's worth, or what cards left cost."""
    return sum(c.points for c in cards)


def text(word: Sequence[Card]) -> str:
    """A word's letters, upper case, as players type it."""
    return "".join(c.face for c in word)


class Solver:
    """Finds words and arrangements for hands, against one lexicon and rule set."""

    def __init__(self, lexicon: Lexicon, single_cards: bool = False) -> None:
        self.lexicon = lexicon
        self.single_cards = single_cards
        #: The searches of the last few hands, oldest first: a turn asks about
        #: the same hand several times (the moves offered, a bot, the hint).
        self._recent: dict[tuple[Card, ...], _Search] = {}

    def _search(self, cards: Sequence[Card]) -> _Search:
        hand = tuple(sorted(cards))
        found = self._recent.get(hand)
        if found is None:
            if len(self._recent) >= RECENT:
                del self._recent[next(iter(self._recent))]
            found = self._recent[hand] = _Search(self, hand)
        return found

    def long_enough(self, word: Sequence[Card]) -> bool:
        """Two cards or more; or one multi-letter card, when the option allows it."""
        return len(word) >= 2 or (self.single_cards and len(word) == 1 and word[0].multi)

    def is_word(self, word: Sequence[Card]) -> bool:
        """Whether these cards, in order, make a word allowed on the table."""
        return self.long_enough(word) and text(word).lower() in self.lexicon

    def words(self, cards: Sequence[Card]) -> list[tuple[Card, ...]]:
        """Every allowed word the cards can spell, each card sequence once."""
        faces = sorted(set(cards))
        return [tuple(faces[i] for i in seq) for _, seq in self.spell(faces, cards, unique=False)]

    def spell(
        self, faces: Sequence[Card], cards: Sequence[Card], unique: bool
    ) -> list[tuple[int, tuple[int, ...]]]:
        """The words `cards` spell, as sequences of indexes into `faces` (each
        distinct card), each with its cards packed as _Search packs them.

        With `unique`, one spelling per multiset of cards: anagrams are dropped.
        At each node the search follows only the node's own letters, and only
        to cards whose face starts with that letter.
        """
        counts = [0] * len(faces)
        where = {face: i for i, face in enumerate(faces)}
        for card in cards:
            counts[where[card]] += 1
        starting: dict[str, list[tuple[int, int, str, bool]]] = {}
        for i, face in enumerate(faces):
            start = (i, 1 << (FIELD * i), face.letters[1:], face.multi)
            starting.setdefault(face.letters[0], []).append(start)
        children, walk = self.lexicon.children, self.lexicon.walk
        single = self.single_cards
        found: dict[object, tuple[int, tuple[int, ...]]] = {}

        seq: list[int] = []

        def extend(node: Node, used: int) -> None:
            for letter, (child, ends) in children(node).items():
                for i, bit, tail, multi in starting.get(letter, ()):
                    if not counts[i]:
                        continue
                    at, final = child, ends
                    if tail:
                        step = walk(at, tail) if at else None
                        if step is None:
                            continue
                        at, final = step
                    mark = used + bit
                    if final and (seq or (single and multi)):
                        key = mark if unique else (*seq, i)
                        if key not in found:
                            found[key] = (mark, (*seq, i))
                    if at:
                        counts[i] -= 1
                        seq.append(i)
                        extend(at, mark)
                        seq.pop()
                        counts[i] += 1

        extend(self.lexicon.root, 0)
        return list(found.values())

    def best(self, cards: Sequence[Card]) -> Arrangement:
        """The best words to lay from all of `cards` (no discard)."""
        search = self._search(cards)
        return search.best_of(search.hand)

    def finals(self, cards: Sequence[Card]) -> list[Arrangement]:
        """For each different card to discard, the best words from the rest.

        One search serves every discard, since the rests share their sub-multisets.
        """
        search = self._search(cards)
        return [
            _with_discard(search.best_of(_without(search.hand, d)), d)
            for d in dict.fromkeys(search.hand)
        ]

    def best_final(self, cards: Sequence[Card]) -> Arrangement:
        """A final turn: discard one card, lay the best words from the rest.

        Discards are tried from the one leaving the most to gain; the search
        stops when no other could beat the best found even by placing every card.
        """
        search = self._search(cards)
        rests = {d: _without(search.hand, d) for d in dict.fromkeys(search.hand)}
        ceilings = {d: search.ceiling(rest) for d, rest in rests.items()}
        chosen, best = None, -(10**9)
        for discard in sorted(rests, key=lambda d: -ceilings[d]):
            if ceilings[discard] <= best:
                break
            key = search.key_of(rests[discard])
            if key > best:
                chosen, best = discard, key
        assert chosen is not None
        return _with_discard(search.best_of(rests[chosen]), chosen)

    def going_out(self, cards: Sequence[Card]) -> Arrangement | None:
        """The best way to go out (all but one card in words), or None."""
        ways = [a for a in self.finals(cards) if a.out]
        return max(ways, key=_key) if ways else None

    def outlook(self, cards: Sequence[Card], drawn: Card) -> dict[Card, tuple[int, bool]]:
        """For each card to discard now: the best next turn after drawing `drawn`.

        That is the points of the best final arrangement of the cards kept
        plus `drawn` (after its own discard), and whether it goes out. One
        search serves every pair of discards.
        """
        search = self._search((*cards, drawn))
        found = {}
        for now in dict.fromkeys(sorted(cards)):
            kept = _without(search.hand, now)
            found[now] = max(search.points_of(_without(kept, then)) for then in dict.fromkeys(kept))
        return found


#: Bits per face in a packed multiset: four for the count, one guard bit.
FIELD = 5
_GUARD_BIT = 1 << (FIELD - 1)
_COUNT = _GUARD_BIT - 1


class _Search:
    """One hand's words and the memoised best arrangement of each sub-multiset.

    A multiset of the hand's cards is packed into one integer, FIELD bits per
    face, so that "do these cards hold this word?" and "take the word away"
    are one subtraction each. Anagrams (the same cards) are kept once.
    """

    def __init__(self, solver: Solver, cards: Sequence[Card]) -> None:
        self.hand = tuple(sorted(cards))
        self.minimum = 1 if solver.single_cards else 2
        # Cards are packed rarest first (high points mark rare letters): the
        # search settles the lowest face first, so it branches over the few
        # words that hold a rare card rather than the many that hold an E.
        self.faces = sorted(set(self.hand), key=lambda c: (-c.points, c))
        spelled = solver.spell(self.faces, self.hand, True)
        live = 0
        for packed, _ in spelled:
            live |= packed
        #: Faces in some word, by their place in a packed multiset.
        self.index = {card: i for i, card in enumerate(self.faces) if live >> (FIELD * i) & _COUNT}
        self.guard = sum(_GUARD_BIT << (FIELD * i) for i in range(len(self.faces)))
        #: Words by the lowest face they hold, best first: (packed, points, length, cards).
        self.by_low: list[list[tuple[int, int, int, tuple[Card, ...]]]] = [[] for _ in self.faces]
        point, face = [card.points for card in self.faces].__getitem__, self.faces.__getitem__
        for packed, seq in spelled:
            low = ((packed & -packed).bit_length() - 1) // FIELD
            word = tuple(map(face, seq))
            self.by_low[low].append((packed, sum(map(point, seq)), len(seq), word))
        for words in self.by_low:
            words.sort(key=lambda w: -w[1])
        self.memo: dict[int, tuple[int, tuple[Card, ...] | None]] = {}

    def pack(self, cards: Sequence[Card]) -> int:
        return sum(1 << (FIELD * self.index[c]) for c in cards)

    def best_of(self, cards: tuple[Card, ...]) -> Arrangement:
        """The best words from `cards`; cards that are in no word are left over."""
        live = [c for c in cards if c in self.index]
        rest = self.pack(live)
        if rest and rest not in self.memo:
            self._solve(rest, value(live), len(live))
        words = []
        while rest:
            word = self.memo[rest][1]
            if word is None:
                rest -= rest & -rest  # the lowest face was left over
                continue
            words.append(word)
            rest -= self.pack(word)
        left = list(cards)
        for word in words:
            for card in word:
                left.remove(card)
        return Arrangement(tuple(words), tuple(left))

    def key_of(self, cards: tuple[Card, ...]) -> int:
        """The comparison key of the best arrangement of `cards` (see WORD_WEIGHT)."""
        live = [c for c in cards if c in self.index]
        rest = self.pack(live)
        if rest and rest not in self.memo:
            self._solve(rest, value(live), len(live))
        dead = value(cards) - value(live)
        return (self.memo[rest][0] if rest else 0) - dead * WORD_WEIGHT

    def ceiling(self, cards: tuple[Card, ...]) -> int:
        """No arrangement of `cards` has a greater key: every card that is in
        some word placed, in as many words as there could be."""
        live = [c for c in cards if c in self.index]
        dead = value(cards) - value(live)
        return (value(live) - dead) * WORD_WEIGHT + len(live) // self.minimum

    def points_of(self, cards: tuple[Card, ...]) -> tuple[int, bool]:
        """The best arrangement's points for `cards`, and whether it places every card."""
        points = self.key_of(cards) // WORD_WEIGHT
        return points, points == value(cards)

    def _solve(self, rest: int, total: int, size: int) -> int:
        """The best comparison key for the packed multiset `rest` (points `total`).

        Known answers are looked up before calling, since most are known.
        """
        memo = self.memo
        low = ((rest & -rest).bit_length() - 1) // FIELD
        ceiling = total * WORD_WEIGHT + size // self.minimum
        best, choice = -(10**9), None
        guard = self.guard
        held = rest | guard
        for packed, points, length, word in self.by_low[low]:
            if best >= ceiling:
                break  # nothing can beat this: every card placed, in most words
            if (held - packed) & guard == guard:
                after = rest - packed
                if not after:
                    key = 0
                elif (known := memo.get(after)) is not None:
                    key = known[0]
                else:
                    key = self._solve(after, total - points, size - length)
                key += points * WORD_WEIGHT + 1
                if key > best:
                    best, choice = key, word
        first = self.faces[low].points
        if best < ceiling - 2 * first * WORD_WEIGHT:
            # Leaving the lowest card over might still be best.
            after = rest - (1 << (FIELD * low))
            if not after:
                key = 0
            elif (known := memo.get(after)) is not None:
                key = known[0]
            else:
                key = self._solve(after, total - first, size - 1)
            key -= first * WORD_WEIGHT
            if key > best:
                best, choice = key, None
        memo[rest] = (best, choice)
        return best


def _key(arrangement: Arrangement) -> tuple[int, int]:
    return arrangement.points, len(arrangement.words)


def _with_discard(arrangement: Arrangement, discard: Card) -> Arrangement:
    return Arrangement(arrangement.words, arrangement.left, discard)


def _without(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    i = cards.index(card)
    return cards[:i] + cards[i + 1 :]
