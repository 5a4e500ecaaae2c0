"""The packed word graph: a minimal DAWG stored as one array of 32-bit edges.

Why this shape: the solver walks the dictionary one card at a time, asking
"which letters may follow this prefix?", so the structure must answer prefix
questions directly; and every game process loads it, so it must load without
parsing. A minimal DAWG (shared suffixes merged) of the default list is about
a tenth of the text list's size and is read with one `array.frombytes`.

Each edge is one unsigned 32-bit little-endian number:

- bits 0 to 4: the letter (0 for a, 25 for z);
- bit 5: a word ends after this letter;
- bit 6: this is the last edge of its node's list;
- bits 7 to 31: where the child's edge list starts (0: the child has none).

Edge 0 is a placeholder, so 0 can mean "no children". The file is a header
(magic, root list start, word count) and the edges, stored as they are:
compressed, the file would be a third smaller but take longer to load than
the rest of the work together.
"""

from __future__ import annotations

import struct
import sys
from array import array
from collections.abc import Iterable

MAGIC = b"SIXDAWG2"
_HEADER = struct.Struct("<8sII")
FINAL = 1 << 5
LAST = 1 << 6
SHIFT = 7
LETTER = 0x1F


class _Node:
    """A node while building: its edges by letter and whether a word ends here."""

    __slots__ = ("edges", "final")

    def __init__(self) -> None:
        self.edges: dict[str, _Node] = {}
        self.final = False


def build(words: Iterable[str]) -> tuple[array, int, int]:
    """Pack sorted, unique, lowercase a-z words into (edges, root, count).

    Daciuk's incremental algorithm: as each word arrives in order, the part
    of the previous word it does not share can no longer change, so it is
    merged with an identical node built earlier, if any.
    """
    register: dict[tuple[object, ...], _Node] = {}
    root = _Node()
    unchecked: list[tuple[_Node, str, _Node]] = []
    previous = ""
    count = 0

    def minimize(down_to: int) -> None:
        while len(unchecked) > down_to:
            parent, letter, child = unchecked.pop()
            key = (child.final, *((k, id(v)) for k, v in sorted(child.edges.items())))
            parent.edges[letter] = register.setdefault(key, child)

    for word in words:
        if word <= previous:
            raise ValueError(f"words must be sorted and unique: {word!r} after {previous!r}")
        common = 0
        for a, b in zip(word, previous, strict=False):
            if a != b:
                break
            common += 1
        minimize(common)
        node = unchecked[-1][2] if unchecked else root
        for letter in word[common:]:
            child = _Node()
            node.edges[letter] = child
            unchecked.append((node, letter, child))
            node = child
        node.final = True
        previous = word
        count += 1
    minimize(0)
    return _pack(root), (1 if root.edges else 0), count


def _pack(root: _Node) -> array:
    """Lay out every node's edge list in the array; the root's list comes first."""
    edges = array("I", [0])
    start: dict[int, int] = {}
    order: list[_Node] = []
    stack = [root]
    while stack:
        node = stack.pop()
        if id(node) in start or not node.edges:
            continue
        start[id(node)] = len(order)  # placeholder: the node's rank, fixed below
        order.append(node)
        stack.extend(node.edges.values())
    position = 1
    for node in order:
        start[id(node)] = position
        position += len(node.edges)
    for node in order:
        items = sorted(node.edges.items())
        for i, (letter, child) in enumerate(items):
            value = (ord(letter) - 97) | (start.get(id(child), 0) << SHIFT)
            if child.final:
                value |= FINAL
            if i == len(items) - 1:
                value |= LAST
            edges.append(value)
    return edges


def dump(edges: array, root: int, count: int) -> bytes:
    data = edges if sys.byteorder == "little" else _swapped(edges)
    return _HEADER.pack(MAGIC, root, count) + data.tobytes()


def load(blob: bytes) -> tuple[array, int, int]:
    """(edges, root, count) from `dump`'s bytes; ValueError if they are not a graph."""
    if not blob.startswith(MAGIC) or len(blob) < _HEADER.size:
        raise ValueError("not a sixdot word graph")
    _, root, count = _HEADER.unpack_from(blob)
    edges = array("I")
    edges.frombytes(memoryview(blob)[_HEADER.size :])
    return (edges if sys.byteorder == "little" else _swapped(edges)), root, count


def _swapped(edges: array) -> array:
    copy = array("I", edges)
    copy.byteswap()
    return copy
