"""Dictionary questions Alphagon asks about the word under construction.

All of them start from the letters on the board (the prefix) and walk the
shared lexicon's graph below it, shortest words first, within a budget so a
bot or a listed move never waits on a huge subtree.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator

from sixdot.lexicon import Lexicon

#: The shortest word that may be closed.
MIN_WORD = 4
#: Graph nodes one search may visit.
BUDGET = 4000


def below(lexicon: Lexicon, prefix: str, budget: int = BUDGET) -> Iterator[str]:
    """Words of four letters or more that start with `prefix`, shortest first."""
    prefix = prefix.lower()
    start = lexicon.walk(lexicon.root, prefix) if prefix else (lexicon.root, False)
    if start is None:
        return
    node, final = start
    if final and len(prefix) >= MIN_WORD:
        yield prefix
    queue = deque([(node, prefix)])
    seen = 0
    while queue and seen < budget:
        node, text = queue.popleft()
        for letter, (child, end) in lexicon.children(node).items():
            seen += 1
            word = text + letter
            if end and len(word) >= MIN_WORD:
                yield word
            if child:
                queue.append((child, word))


def first(lexicon: Lexicon, prefix: str, keep: Callable[[str], bool], limit: int) -> list[str]:
    """Up to `limit` words below `prefix` that `keep` accepts, shortest first."""
    found = []
    for word in below(lexicon, prefix):
        if keep(word):
            found.append(word)
            if len(found) == limit:
                break
    return found


def can_finish(lexicon: Lexicon, prefix: str) -> bool:
    """Some word of four letters or more starts with `prefix`.

    Depth first, since any one word answers it: the first path down to a
    word end of four letters or more is enough.
    """
    prefix = prefix.lower()
    step = lexicon.walk(lexicon.root, prefix) if prefix else (lexicon.root, False)
    if step is None:
        return False
    if step[1] and len(prefix) >= MIN_WORD:
        return True
    stack = [(step[0], len(prefix))]
    while stack:
        node, length = stack.pop()
        for child, end in lexicon.children(node).values():
            if end and length + 1 >= MIN_WORD:
                return True
            if child:
                stack.append((child, length + 1))
    return False


def unique_stem(lexicon: Lexicon, prefix: str) -> str | None:
    """The stem every word below `prefix` shares, if the words all share one.

    Follows the graph while it has a single way on and no word ends; the
    letters reached are the stem. None when `prefix` already branches.
    """
    prefix = prefix.lower()
    step = lexicon.walk(lexicon.root, prefix)
    if step is None:
        return None
    node, text = step[0], prefix
    while True:
        children = lexicon.children(node)
        if len(children) != 1:
            break
        ((letter, (child, end)),) = children.items()
        text += letter
        if end or not child:
            break
        node = child
    return text if len(text) > len(prefix) else None


def stem_of(words: tuple[str, ...]) -> str:
    """The letters all declared words start with."""
    stem = words[0]
    for word in words[1:]:
        while not word.startswith(stem):
            stem = stem[:-1]
    return stem
