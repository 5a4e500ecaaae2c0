"""Words from taken cards: which a pile can spell, and the set that saves most.

A word uses consonant cards for its consonants and two-sided vowel cards for
its vowels, each vowel card showing either side; wilds are never used. Which
vowel card gives which vowel only matters when several words share the pile,
so vowels are checked as a matching: the letters asked for fit the cards
when, for every group of vowel letters, the cards showing any of them are at
least as many as the letters in the group (Hall's condition; five vowels make
at most 31 groups).

Only consonants score, so the dictionary is indexed once by each word's
consonants, richest first (its "skeleton": STRAW is WRST) in a trie. The
index takes over a second to build, so it is kept in the cache folder and
loaded in a background thread as a game starts (`prepare`): the words phase
comes a hand later and finds it ready.
A pile's candidate words are the skeletons its consonants can cover, found by
walking that trie, each with the vowel patterns the pile's vowel cards fit.
The best set is then a branch-and-bound search: the richest consonant left
is either covered by one of the words holding it or given up, and a branch
stops when even every consonant left could not beat the best found.
"""

from __future__ import annotations

import contextlib
import gc
import marshal
import os
import struct
import sys
import threading
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any, NamedTuple
from weakref import WeakKeyDictionary

from sixdot.games.consonants.cards import VOWELS, Card, Kind, by_face
from sixdot.lexicon import Lexicon

MIN_LETTERS = 4
#: Search steps (trie nodes walked) the best-set search may take before it
#: keeps the best set found so far.
SEARCH_LIMIT = 2_500
#: Piles whose best word set a finder remembers before it starts afresh.
REMEMBERED = 1024
#: Vowel patterns kept per skeleton: the fewest vowels are the easiest to fit.
PATTERNS_KEPT = 3
_BIT = {v: 1 << i for i, v in enumerate(VOWELS)}

#: Vowel counts packed in one int, five bits a letter (A lowest), so the
#: vowels of two words add with one `+`. A pile fits at most 12 of a letter
#: (the cards showing it), so a fitting set plus one word never overflows.
Vowels = int
_BITS = 5
_MOST = (1 << _BITS) - 1
_SHIFT = {v: _BITS * i for i, v in enumerate(VOWELS)}


@cache
def letter_score() -> dict[str, int]:
    """What each consonant letter scores when taken (vowels score nothing)."""
    return {c.face: c.score for c in by_face().values() if c.kind is Kind.CONSONANT}


def word_value(word: str) -> int:
    """The points a word's consonant cards would have scored."""
    scores = letter_score()
    return sum(scores.get(letter, 0) for letter in word.upper())


def skeleton(word: str) -> str:
    """A word's consonants, richest first (then alphabetical): STRAW is WRST."""
    order = _rank()
    return "".join(sorted((c for c in word.upper() if c not in VOWELS), key=order.__getitem__))


@cache
def _rank() -> dict[str, int]:
    """Consonants by what they score, richest first, so a trie walk meets them first."""
    scores = letter_score()
    ranked = sorted(scores, key=lambda c: (-scores[c], c))
    return {c: i for i, c in enumerate(ranked)}


def vowel_counts(word: str) -> Vowels:
    upper = word.upper()
    return sum(upper.count(v) << _SHIFT[v] for v in VOWELS)


def _unpack(vowels: Vowels) -> tuple[int, ...]:
    return tuple((vowels >> (_BITS * i)) & _MOST for i in range(5))


#: Hall's condition tested on all 32 groups at once: a group's demand (the
#: letters asked for in it) and its supply sit in lanes of one int, nine bits a
#: group, so one subtraction compares them all. A lane holds supply + 256 -
#: demand, which keeps its top bit while demand <= supply; both are below 256
#: (at most 31 of each of five letters), so no lane borrows from the next.
_LANE = 9
_GUARD = sum(256 << (_LANE * group) for group in range(32))


#: One of each vowel, in lanes: a one in every group holding that vowel.
_ONE = tuple(sum(1 << (_LANE * group) for group in range(32) if group >> i & 1) for i in range(5))


def _lane_table(first: int) -> tuple[int, ...]:
    """Each group's demand, in lanes, from two vowels' 10 packed bits starting at
    vowel `first`: three lookups and two additions turn packed counts into lanes."""
    second = _ONE[first + 1] if first + 1 < 5 else 0
    return tuple(
        (bits & _MOST) * _ONE[first] + (bits >> _BITS) * second for bits in range(1 << (2 * _BITS))
    )


_LANES = tuple(_lane_table(first) for first in (0, 2, 4))
_FIELD = (1 << (2 * _BITS)) - 1


def _demand_lanes(demand: Vowels) -> int:
    low, middle, high = _LANES
    return low[demand & _FIELD] + middle[demand >> 10 & _FIELD] + high[demand >> 20 & _FIELD]


@dataclass(frozen=True)
class Pile:
    """The cards a word may use: consonants by letter, and per group of vowels
    (a bit mask) how many vowel cards can show one of them."""

    consonants: Counter[str]
    supply: tuple[int, ...]
    #: The supply in lanes, plus 256 a lane (see _GUARD).
    _room: int = field(default=0, compare=False, repr=False)

    @classmethod
    def of(cls, cards: Iterable[Card]) -> Pile:
        consonants: Counter[str] = Counter()
        masks: Counter[int] = Counter()
        for card in cards:
            if card.vowel:
                masks[_BIT[card.sides[0]] | _BIT[card.sides[1]]] += 1
            elif not card.wild:
                consonants[card.face] += 1
        supply = tuple(sum(n for m, n in masks.items() if m & group) for group in range(32))
        room = _GUARD + sum(n << (_LANE * group) for group, n in enumerate(supply))
        return cls(consonants, supply, room)

    def fits(self, demand: Vowels) -> bool:
        """Whether vowel letters (packed counts of A E I O U) can each get their own card:
        for every group of vowels, the cards showing one of them are enough."""
        return (self._room - _demand_lanes(demand)) & _GUARD == _GUARD

    def lacks(self, words: Sequence[str]) -> str:
        """'' if the pile holds all the words at once, else the letters it lacks
        (its vowels when only the vowel matching fails); see `spell_check`."""
        need = Counter("".join(words).upper())
        short = Counter({c: n for c, n in need.items() if c not in VOWELS}) - self.consonants
        if short:
            return "".join(sorted(short.elements()))
        if any(need[v] > _MOST for v in VOWELS) or not self.fits(vowel_counts("".join(words))):
            return "".join(v * need[v] for v in VOWELS)
        return ""


def spell_check(words: Sequence[str], cards: Iterable[Card]) -> str:
    """'' if the pile holds all the words at once, else the letters it lacks.

    When only the vowel matching fails, the vowels of the words are returned.
    """
    return Pile.of(cards).lacks(words)


def unused(words: Sequence[str], cards: Sequence[Card]) -> tuple[Card, ...]:
    """The cards left over once `words` (which the cards can spell) are laid.

    Consonants go by letter; each vowel of the words gets its own vowel card
    by augmenting paths (a vowel card may change letters to make room), so
    some cards are always found when `spell_check` passes.
    """
    consonants = Counter(c for c in "".join(words).upper() if c not in VOWELS)
    vowels = [c for c in "".join(words).upper() if c in VOWELS]
    held = [i for i, card in enumerate(cards) if card.vowel]
    owner: dict[int, int] = {}  # a vowel card's index to the vowel (index in `vowels`) it gives

    def seat(vowel: int, seen: set[int]) -> bool:
        for i in held:
            if vowels[vowel] in cards[i].sides and i not in seen:
                seen.add(i)
                if i not in owner or seat(owner[i], seen):
                    owner[i] = vowel
                    return True
        return False

    for vowel in range(len(vowels)):
        seat(vowel, set())
    left = []
    for i, card in enumerate(cards):
        if card.vowel and i in owner:
            continue
        if not card.vowel and consonants[card.face]:
            consonants[card.face] -= 1
            continue
        left.append(card)
    return tuple(left)


#: A trie node of skeletons: each next consonant's node, and under WORDS the
#: (vowels, WORD) pairs whose skeleton ends here. Plain dicts, strings, ints and
#: tuples, so the whole trie is saved and loaded with `marshal` in one call.
_Node = dict[str, Any]
#: The key of a node's words: no letter, so it never meets a child's.
WORDS = ""

_INDEXES: WeakKeyDictionary[Lexicon, _Node] = WeakKeyDictionary()
#: Held while an index is found or built, so two threads never build one twice.
_BUILDING = threading.Lock()

#: The cached index file: this magic, then marshal's format and the Python that
#: wrote it (marshal's output is only read back by the same), then the SHA-256
#: of the payload, which is refused unless it matches; then the payload.
_MAGIC = b"SIXSKEL2"
_HEADER = struct.Struct("<8sBBB32s")
#: The largest index file read: the default list's is about 3 MB.
LARGEST_INDEX = 64 * 1024 * 1024


def _index(lexicon: Lexicon) -> _Node:
    """The skeleton trie of a lexicon's words of four letters or more.

    Built once per process, and kept in the cache folder under the hash of the
    word graph: building takes over a second, loading the cached trie a
    twentieth of that. A cached file that is damaged, cut short or written by
    another Python is refused and the trie built again.
    """
    root = _INDEXES.get(lexicon)
    if root is not None:
        return root
    from sixdot.files import write_whole  # imported here: a game's start need not pay for it

    with _BUILDING:
        root = _INDEXES.get(lexicon)
        if root is None:
            path = _index_path(lexicon)
            root = _load_index(path)
            if root is None:
                root = _build_index(lexicon)
                with contextlib.suppress(OSError):
                    write_whole(path, _dump_index(root))
            # The trie lives as long as the process, and each full collection
            # would walk its hundred thousand dicts again (40 to 90 ms, in the
            # middle of someone's turn): moved out of the collector's sight.
            gc.freeze()
            _INDEXES[lexicon] = root
    return root


def prepare(lexicon: Lexicon) -> None:
    """Load or build `lexicon`'s index in a background thread, unless it is ready.

    A table calls this (`Game.warm`) once the game is dealt, so the first words
    phase, a hand later, finds the index made and nobody waits for it; asking
    for it sooner only waits for the thread's work. The rules never start a
    thread: asked before any table warmed it (bots alone, a test), the index
    is loaded or built then, as the word list itself is read when first needed.
    """
    if lexicon not in _INDEXES and not _BUILDING.locked():
        # The card tables the thread reads are made here first: made in two
        # threads at once, `by_face` would make two sets of cards, and cards
        # are equal only to themselves.
        _rank()
        threading.Thread(target=_index, args=(lexicon,), name="word-index", daemon=True).start()


def _index_path(lexicon: Lexicon) -> str:
    import hashlib

    from sixdot.resources import cache_dir

    digest = hashlib.sha256(lexicon.fingerprint()).hexdigest()
    return os.path.join(cache_dir("lexicons"), f"{digest}.skeletons")


def _build_index(lexicon: Lexicon) -> _Node:
    root: _Node = {}
    for word in lexicon:
        if len(word) < MIN_LETTERS:
            continue
        node = root
        for letter in skeleton(word):
            node = node.get(letter) or node.setdefault(letter, {})
        vowels = vowel_counts(word)
        found = node.setdefault(WORDS, [])
        if all(v != vowels for v, _ in found):
            found.append((vowels, word.upper()))
    return _prune(root)


def _prune(node: _Node) -> _Node:
    """Keep the few vowel patterns per skeleton with the fewest vowels, and order
    each node's children richest first, the order the search tries them in."""
    rank = _rank()
    pruned: _Node = {}
    if WORDS in node:
        patterns = sorted(node[WORDS], key=lambda item: (sum(_unpack(item[0])), item[1]))
        pruned[WORDS] = tuple(patterns[:PATTERNS_KEPT])
    for letter in sorted((k for k in node if k != WORDS), key=rank.__getitem__):
        pruned[letter] = _prune(node[letter])
    return pruned


def _dump_index(root: _Node) -> bytes:
    import hashlib

    payload = marshal.dumps(root)
    version = sys.version_info
    return (
        _HEADER.pack(
            _MAGIC, marshal.version, version.major, version.minor, hashlib.sha256(payload).digest()
        )
        + payload
    )


def _load_index(path: str) -> _Node | None:
    """The trie cached at `path`, or None if there is none fit to use."""
    import hashlib

    from sixdot.files import FileLimitError, read_limited

    try:
        blob = read_limited(path, LARGEST_INDEX)
    except (OSError, FileLimitError):
        return None
    if len(blob) < _HEADER.size:
        return None
    magic, form, major, minor, digest = _HEADER.unpack_from(blob)
    payload = memoryview(blob)[_HEADER.size :]
    if (
        magic != _MAGIC
        or (form, major, minor) != (marshal.version, *sys.version_info[:2])
        or hashlib.sha256(payload).digest() != digest
    ):
        return None
    # A quarter of a million dicts and tuples: the collector would walk them
    # all again and again while they are made, tripling the load's time.
    collecting = gc.isenabled()
    gc.disable()
    try:
        root = marshal.loads(payload)
    except (ValueError, EOFError, TypeError):
        return None
    finally:
        if collecting:
            gc.enable()
    return root if isinstance(root, dict) else None


class Candidate(NamedTuple):
    """A word the pile can spell, with the consonants it uses and its points."""

    value: int
    word: str
    consonants: tuple[int, ...]
    vowels: Vowels


class WordFinder:
    """Words and best word sets for piles of taken cards, against one lexicon."""

    def __init__(self, lexicon: Lexicon) -> None:
        self.lexicon = lexicon
        self._best: dict[tuple[Card, ...], tuple[str, ...]] = {}

    def is_word(self, word: str) -> bool:
        return len(word) >= MIN_LETTERS and word.lower() in self.lexicon

    def best(self, cards: Iterable[Card]) -> tuple[str, ...]:
        """The disjoint words that keep the most points from scoring (none if none do).

        The search stops after SEARCH_LIMIT steps with the best set found by
        then. Answers are remembered per pile: scoring asks again after each lay.
        """
        pile = tuple(sorted(cards))
        found = self._best.get(pile)
        if found is None:
            if len(self._best) >= REMEMBERED:
                self._best.clear()
            found = self._best[pile] = _Search(_index(self.lexicon), Pile.of(pile)).run()
        return found


class _Search:
    """One best-set search over a pile: the richest consonant left is covered or given up.

    The words that can cover it are the skeletons starting with it (skeletons
    run richest first, and every richer consonant is already used or given
    up), so each step walks one branch of the trie with the cards left.
    """

    def __init__(self, root: _Node, pile: Pile) -> None:
        scores = letter_score()
        self.root = root
        self.pile = pile
        self.letters = sorted(pile.consonants, key=_rank().__getitem__)
        self.values = [scores[c] for c in self.letters]
        self.have = [pile.consonants[c] for c in self.letters]
        self.position = {c: i for i, c in enumerate(self.letters)}
        self.demand: Vowels = 0
        self.best: tuple[int, tuple[str, ...]] = (0, ())
        self.steps = 0
        self.seen: dict[tuple[tuple[int, ...], Vowels], int] = {}

    def run(self) -> tuple[str, ...]:
        self.search(0, (), sum(v * n for v, n in zip(self.values, self.have, strict=True)))
        return self.best[1]

    def covering(self, first: int) -> list[Candidate]:
        """Words whose richest consonant is letter `first`, from the cards left, richest first."""
        found: list[Candidate] = []
        have, letters, values = self.have, self.letters, self.values
        need = [0] * len(letters)
        # Pile.fits written out: this loop is the search, and calls cost more than sums.
        demand, room = self.demand, self.pile._room
        low, middle, high = _LANES
        steps = self.steps
        position = self.position
        count = len(letters)

        def walk(node: _Node, start: int, value: int) -> None:
            nonlocal steps
            steps += 1
            for vowels, word in node.get(WORDS, ()):
                wanted = demand + vowels
                lanes = low[wanted & _FIELD] + middle[wanted >> 10 & _FIELD]
                if (room - lanes - high[wanted >> 20 & _FIELD]) & _GUARD == _GUARD:
                    found.append(Candidate(value, word, tuple(need), vowels))
                    break
            # Children come richest first, as `letters` do, so going through
            # either meets them in one order, and a search cut short finds the
            # same words: through whichever is shorter.
            if len(node) > count - start:
                for i in range(start, count):
                    if have[i]:
                        child = node.get(letters[i])
                        if child is not None:
                            if steps >= SEARCH_LIMIT:
                                return
                            have[i] -= 1
                            need[i] += 1
                            walk(child, i, value + values[i])
                            need[i] -= 1
                            have[i] += 1
                return
            for letter, child in node.items():
                i = position.get(letter, -1)
                if i >= start and have[i]:
                    if steps >= SEARCH_LIMIT:
                        return
                    have[i] -= 1
                    need[i] += 1
                    walk(child, i, value + values[i])
                    need[i] -= 1
                    have[i] += 1

        child = self.root.get(letters[first])
        if child is not None:
            have[first] -= 1
            need[first] += 1
            walk(child, first, values[first])
            have[first] += 1
        self.steps = steps
        found.sort(key=lambda c: (-c.value, len(c.word), c.word))
        return found

    def search(self, value: int, chosen: tuple[str, ...], left: int) -> None:
        if value > self.best[0]:
            self.best = (value, chosen)
        have = self.have
        first = next((i for i, n in enumerate(have) if n), None)
        if first is None or value + left <= self.best[0] or self.steps >= SEARCH_LIMIT:
            return
        key = (tuple(have), self.demand)
        if self.seen.get(key, -1) >= value:
            return
        self.seen[key] = value
        for cand in self.covering(first):
            if value + left <= self.best[0] or self.steps >= SEARCH_LIMIT:
                return
            saved = self.demand
            self.demand = saved + cand.vowels
            for i, n in enumerate(cand.consonants):
                have[i] -= n
            self.search(value + cand.value, (*chosen, cand.word), left - cand.value)
            for i, n in enumerate(cand.consonants):
                have[i] += n
            self.demand = saved
        have[first] -= 1
        self.search(value, chosen, left - self.values[first])
        have[first] += 1
