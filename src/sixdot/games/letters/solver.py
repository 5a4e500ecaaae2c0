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
from functools import cache

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
        nodes, walk = self.lexicon.nodes, self.lexicon.walk
        single = self.single_cards
        found: dict[object, tuple[int, tuple[int, ...]]] = {}

        seq: list[int] = []

        def extend(node: Node, used: int) -> None:
            for letter, (child, ends) in nodes[node].items():
                if letter not in starting:
                    continue
                for i, bit, tail, multi in starting[letter]:
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

    def best(self, cards: Sequence[Card], within: Sequence[Card] | None = None) -> Arrangement:
        """The best words to lay from all of `cards` (no discard).

        `within`, a hand holding `cards` and more, lets that hand's search
        answer: a turn asks about a hand and the hand with one card more, and
        one search costs as much as the other.
        """
        if within is None:
            search = self._search(cards)
            return search.best_of(search.hand)
        return self._search(within).best_of(tuple(sorted(cards)))

    def finals(self, cards: Sequence[Card]) -> list[Arrangement]:
        """For each different card to discard, the best words from the rest.

        One search serves every discard, since the rests share their sub-multisets.
        """
        search = self._search(cards)
        return [
            _with_discard(search.best_of(_without(search.hand, d)), d)
            for d in dict.fromkeys(search.hand)
        ]

    def outs(self, cards: Sequence[Card]) -> list[Arrangement]:
        """The arrangements of `finals` that go out, in the same order, found
        without solving the rest: a card in no word can only go as the discard,
        so a hand with two such cards cannot go out at all."""
        search = self._search(cards)
        dead = [c for c in search.hand if c not in search.index]
        if len(dead) > 1:
            return []
        found = []
        for discard in dead or dict.fromkeys(search.hand):
            arrangement = _with_discard(search.best_of(_without(search.hand, discard)), discard)
            if arrangement.out:
                found.append(arrangement)
        return found

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
        ways = self.outs(cards)
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


#: Bits per face in a packed multiset: one byte, so that a word's packed
#: cards are its bytes, one count per face.
FIELD = 8
_COUNT = (1 << FIELD) - 1


@cache
def _above(n: int) -> bytes:
    """A bytes.translate table: a count more than `n` to "1", others to "0"."""
    return bytes(b"01"[count > n] for count in range(256))


class _Search:
    """One hand's words and the memoised best arrangement of each sub-multiset.

    A multiset of the hand's cards is packed into one integer, a byte per
    face, so that taking a word away is one subtraction. Anagrams (the same
    cards) are kept once. Words are numbered, and a set of words is one
    integer with a bit for each: the words that fit a multiset are found by
    masking out, for each face, the words that need more of it than the
    multiset holds, rather than by testing every word.
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
        point = [card.points for card in self.faces].__getitem__
        # Words numbered by their lowest face, then best first.
        rows = [
            (((packed & -packed).bit_length() - 1) // FIELD, -sum(map(point, seq)), packed, seq)
            for packed, seq in spelled
        ]
        rows.sort(key=lambda row: row[:2])
        lows = [row[0] for row in rows]
        self.points = [-row[1] for row in rows]
        self.packs = [row[2] for row in rows]
        #: Each word's cards, as indexes into `faces`.
        self.seqs = [row[3] for row in rows]
        self.lengths = list(map(len, self.seqs))
        #: The words whose lowest face is each face, as a set of word bits.
        self.lowest = []
        start = 0
        for face in range(len(self.faces)):
            count = lows.count(face)
            self.lowest.append(((1 << count) - 1) << start)
            start += count
        #: over[f][n]: the words that need more than n of face f. A column of
        #: the table of counts (a row of bytes a word) is read as binary digits.
        table = b"".join(packed.to_bytes(len(self.faces), "little") for packed in self.packs)
        self.over = [
            [
                int(table[f :: len(self.faces)][::-1].translate(_above(n)) or b"0", 2)
                for n in range(self.hand.count(card) + 1)
            ]
            for f, card in enumerate(self.faces)
        ]
        #: The best comparison key of each multiset met, and the word chosen
        #: for its lowest face (None: that card is left over).
        self.memo: dict[int, tuple[int, int | None]] = {}

    def pack(self, cards: Sequence[Card]) -> int:
        return sum(1 << (FIELD * self.index[c]) for c in cards)

    def _known(self, live: Sequence[Card]) -> int:
        """`live` (cards that are in some word) packed, its best arrangement found."""
        rest = self.pack(live)
        if rest and rest not in self.memo:
            unfit = 0
            for f, over in enumerate(self.over):
                unfit |= over[rest >> (FIELD * f) & _COUNT]
            self._solve(rest, value(live), len(live), unfit)
        return rest

    def best_of(self, cards: tuple[Card, ...]) -> Arrangement:
        """The best words from `cards`; cards that are in no word are left over."""
        rest = self._known([c for c in cards if c in self.index])
        words = []
        while rest:
            number = self.memo[rest][1]
            if number is None:
                rest -= rest & -rest  # the lowest face was left over
                continue
            words.append(tuple(self.faces[f] for f in self.seqs[number]))
            rest -= self.packs[number]
        left = list(cards)
        for word in words:
            for card in word:
                left.remove(card)
        return Arrangement(tuple(words), tuple(left))

    def key_of(self, cards: tuple[Card, ...]) -> int:
        """The comparison key of the best arrangement of `cards` (see WORD_WEIGHT)."""
        live = [c for c in cards if c in self.index]
        rest = self._known(live)
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

    def _solve(self, rest: int, total: int, size: int, unfit: int) -> int:
        """The best comparison key for the packed multiset `rest` (points
        `total`, `size` cards), given `unfit`, the words it cannot hold.

        Known answers are looked up before calling, since most are known.
        """
        memo, over, packs, points = self.memo, self.over, self.packs, self.points
        low = ((rest & -rest).bit_length() - 1) // FIELD
        ceiling = total * WORD_WEIGHT + size // self.minimum
        best, choice = -(10**9), None
        fits = self.lowest[low] & ~unfit
        while fits and best < ceiling:  # at the ceiling nothing can do better
            bit = fits & -fits
            fits ^= bit
            number = bit.bit_length() - 1
            after = rest - packs[number]
            if not after:
                key = 0
            elif (known := memo.get(after)) is not None:
                key = known[0]
            else:
                more = unfit
                for f in set(self.seqs[number]):
                    more |= over[f][after >> (FIELD * f) & _COUNT]
                key = self._solve(after, total - points[number], size - self.lengths[number], more)
            key += points[number] * WORD_WEIGHT + 1
            if key > best:
                best, choice = key, number
        first = self.faces[low].points
        if best < ceiling - 2 * first * WORD_WEIGHT:
            # Leaving the lowest card over might still be best.
            after = rest - (1 << (FIELD * low))
            if not after:
                key = 0
            elif (known := memo.get(after)) is not None:
                key = known[0]
            else:
                more = unfit | over[low][after >> (FIELD * low) & _COUNT]
                key = self._solve(after, total - first, size - 1, more)
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
