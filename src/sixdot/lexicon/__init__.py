"""The shared dictionary for the word games (Letters, Consonants, Alphagon).

`Lexicon.default()` is the word list shipped in the package (see PROVENANCE
beside this file); `Lexicon.from_file(path)` reads a player's own list, one
word a line. Both answer membership (`"cat" in lex`) and prefix questions,
and expose the word graph itself (`children`) so a solver can walk it card by
card instead of trying permutations.
"""

from __future__ import annotations

import os
from array import array
from collections.abc import Callable, Iterable, Iterator, Mapping
from functools import cache

from sixdot.core.errors import SixdotError
from sixdot.lexicon import packed

#: The packaged default list, built by scripts/build-lexicon.
DEFAULT_FILE = "words.dawg"

#: A position in the graph: where its edge list starts (0: no edges).
Node = int

#: What `children` gives for each next letter: the child node and whether a
#: word ends with that letter.
Step = tuple[Node, bool]


class LexiconError(SixdotError):
    """A word list that cannot be used, with the reason in words."""


#: The largest word list read: the big English lists are 2 to 4 MB.
LARGEST_FILE = 64 * 1024 * 1024
#: The longest word taken. No game can lay a longer one, and the word searches
#: walk a word letter by letter.
LONGEST_WORD = 64


class Lexicon:
    """A set of lowercase words with fast membership and prefix questions."""

    def __init__(self, edges: array, root: Node, count: int, source: str) -> None:
        self._edges = edges
        self.root = root
        self.count = count
        self.source = source
        #: Each node's `children`, read from the graph the first time it is
        #: asked for: a solver asks about the same few nodes again and again,
        #: and indexing this mapping is the cheapest way to ask.
        self.nodes: Mapping[Node, dict[str, Step]] = _Nodes(self._read)

    # -- loading --

    @classmethod
    def default(cls) -> Lexicon:
        """The packaged list, loaded once per process."""
        return _default()

    @classmethod
    def from_words(cls, words: Iterable[str], source: str = "words") -> Lexicon:
        """A lexicon of `words` (any order, any case); LexiconError if none or bad."""
        from sixdot.visible import excerpt

        clean: set[str] = set()
        for number, raw in enumerate(words, 1):
            word = raw.strip().lower()
            if not word:
                continue
            if not word.isascii() or not word.isalpha():
                raise LexiconError(
                    f"{source}, line {number}: '{excerpt(raw)}' is not a word of letters a to z"
                )
            if len(word) > LONGEST_WORD:
                raise LexiconError(
                    f"{source}, line {number}: a word of {len(word)} letters;"
                    f" words have at most {LONGEST_WORD}"
                )
            clean.add(word)
        if not clean:
            raise LexiconError(f"{source} has no words: give one word a line")
        edges, root, count = packed.build(sorted(clean))
        return cls(edges, root, count, source)

    @classmethod
    def from_file(cls, path: str | os.PathLike[str]) -> Lexicon:
        """A player's own list: plain UTF-8 text, one word a line.

        Building the graph of a large list takes about a second, so the graph
        is kept in the cache folder under the hash of the file's bytes, and
        the next game with the same list loads it in milliseconds. A cached
        graph that cannot be read is built again; one that cannot be written
        is only a slower start next time.
        """
        # Imported here: loading the default list must not pay for them.
        import contextlib
        import hashlib

        from sixdot.files import FileLimitError, read_limited, write_whole

        try:
            raw = read_limited(path, LARGEST_FILE)
        except FileLimitError as err:
            raise LexiconError(f"{err}, too large for a word list") from None
        except FileNotFoundError:
            raise LexiconError(f"no word list at {path}") from None
        except IsADirectoryError:
            raise LexiconError(f"{path} is a folder, not a word list") from None
        except OSError as err:
            raise LexiconError(f"cannot read {path}: {err.strerror}") from None
        folder = _cache_folder()
        cached = os.path.join(folder, hashlib.sha256(raw).hexdigest() + ".dawg")
        try:
            with open(cached, "rb") as handle:
                edges, root, count = packed.load(handle.read())
            # Every edge must lead inside the graph (the largest edge holds the
            # farthest child), or a damaged file would fail in the middle of a game.
            if edges and max(edges) >> packed.SHIFT < len(edges) and root < len(edges):
                return cls(edges, root, count, str(path))
        except (OSError, ValueError):
            pass
        try:
            # A byte order mark, as some Windows editors write, is no letter.
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise LexiconError(f"{path} is not a text file (UTF-8 expected)") from None
        lexicon = cls.from_words(text.splitlines(), str(path))
        with contextlib.suppress(OSError):
            write_whole(cached, packed.dump(lexicon._edges, lexicon.root, lexicon.count))
        return lexicon

    # -- questions --

    def fingerprint(self) -> bytes:
        """The graph's own bytes: equal for equal word lists, so a cache of
        anything made from the words can be kept under their hash."""
        return packed.dump(self._edges, self.root, self.count)

    def children(self, node: Node) -> dict[str, Step]:
        """The letters that may follow `node`, each with its child and word end."""
        return self.nodes[node]

    def _read(self, node: Node) -> dict[str, Step]:
        found: dict[str, Step] = {}
        edges = self._edges
        i = node
        while i:
            value = edges[i]
            found[chr(97 + (value & packed.LETTER))] = (
                value >> packed.SHIFT,
                bool(value & packed.FINAL),
            )
            i = 0 if value & packed.LAST else i + 1
        return found

    def walk(self, node: Node, letters: str) -> Step | None:
        """Follow `letters` from `node`: (node, word ends) or None off the graph."""
        step: Step | None = None
        nodes = self.nodes
        for letter in letters:
            step = nodes[node].get(letter)
            if step is None:
                return None
            node = step[0]
        return step

    def __contains__(self, word: object) -> bool:
        if not isinstance(word, str) or not word:
            return False
        step = self.walk(self.root, word.lower())
        return step is not None and step[1]

    def has_prefix(self, prefix: str) -> bool:
        """Whether some word starts with `prefix` (every word starts with "")."""
        return not prefix or self.walk(self.root, prefix.lower()) is not None

    def __len__(self) -> int:
        return self.count

    def __iter__(self) -> Iterator[str]:
        """Every word, in alphabetical order (uncached, so a full listing stays small)."""
        return self._words(self.root, "")

    def _words(self, node: Node, prefix: str) -> Iterator[str]:
        for letter, (child, final) in self._read(node).items():
            word = prefix + letter
            if final:
                yield word
            yield from self._words(child, word)


class _Nodes(dict[Node, dict[str, Step]]):
    """A cache that reads a node's edges when it is first indexed."""

    def __init__(self, read: Callable[[Node], dict[str, Step]]) -> None:
        super().__init__()
        self._read = read

    def __missing__(self, node: Node) -> dict[str, Step]:
        found = self[node] = self._read(node)
        return found


class Worded:
    """A mixin for a word game's Rules: the words it accepts, the packaged list
    unless a player's own is given (`--dictionary`)."""

    def __init__(self, lexicon: Lexicon | None = None) -> None:
        self._lexicon = lexicon

    @property
    def lexicon(self) -> Lexicon:
        return self._lexicon or Lexicon.default()


def _cache_folder() -> str:
    """Where graphs of players' own lists are kept; SIXDOT_CACHE names another."""
    from sixdot.resources import cache_dir

    return str(cache_dir("lexicons"))


@cache
def _default() -> Lexicon:
    # Read beside this file, not through importlib.resources or pathlib:
    # importing those costs more than loading the whole graph.
    with open(os.path.join(os.path.dirname(__file__), DEFAULT_FILE), "rb") as handle:
        blob = handle.read()
    edges, root, count = packed.load(blob)
    return Lexicon(edges, root, count, "the default word list")


__all__ = ["Lexicon", "LexiconError", "Node", "Step", "Worded"]
