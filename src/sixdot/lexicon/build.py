"""Rebuild the packaged word graph from Debian's SCOWL list (scripts/build-lexicon).

The filter keeps words of lowercase letters a to z, two letters or more: that
drops proper nouns (capitalised), possessives ('s), accented words and single
letters, none of which a word game accepts. SCOWL also lists abbreviations in
lower case (gr, rm), which the games forbid, so two-letter words are kept only
if they are common word-game two-letter words, and longer words need a vowel
or y.
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from sixdot.lexicon import DEFAULT_FILE, packed

SOURCE = Path("/usr/share/dict/american-english-large")
KEEP = re.compile(r"[a-z]{2,}")
VOWEL = re.compile(r"[aeiouy]")
_TWO = """aa ab ad ae ag ah ai al am an ar as at aw ax ay ba be bi bo by da de do ed ef eh el
    em en er es et ex fa fe go ha he hi hm ho id if in is it jo ka ki la li lo ma me mi mm
    mo mu my na ne no nu od oe of oh oi ok om on op or os ow ox oy pa pe pi po qi re sh si
    so ta te ti to uh um un up us ut we wo xi xu ya ye yo za"""
TWO_LETTER = frozenset(_TWO.split())


def playable(word: str) -> bool:
    if not KEEP.fullmatch(word):
        return False
    if len(word) == 2:
        return word in TWO_LETTER
    return bool(VOWEL.search(word))


def filtered(path: Path) -> list[str]:
    """The source list's playable words, sorted and unique."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return sorted({line for line in lines if playable(line)})


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source", nargs="?", type=Path, default=SOURCE)
    parser.add_argument("--out", type=Path, default=Path(__file__).with_name(DEFAULT_FILE))
    args = parser.parse_args(argv)
    words = filtered(args.source)
    edges, root, count = packed.build(words)
    args.out.write_bytes(packed.dump(edges, root, count))
    print(f"{args.out}: {count} words, {len(edges)} edges")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
