"""The shared dictionary: the packaged list, a player's own list, and bad lists."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from sixdot.lexicon import Lexicon, LexiconError, packed

#: These tests count and damage the cached word graphs: each starts cold.
pytestmark = pytest.mark.cold_cache


def test_the_default_list_knows_words_and_prefixes() -> None:
    lex = Lexicon.default()
    assert "cat" in lex and "quiz" in lex and "the" in lex
    assert "xq" not in lex and "gr" not in lex  # abbreviations are filtered out
    assert lex.has_prefix("quo") and not lex.has_prefix("qzx")
    assert len(lex) > 100_000


def test_a_players_list_round_trips(tmp_path: Path) -> None:
    path = tmp_path / "mine.txt"
    path.write_text("Dog\ncat\n\ncats\n", encoding="utf-8")
    lex = Lexicon.from_file(path)
    assert list(lex) == ["cat", "cats", "dog"]
    assert "dog" in lex and "ca" not in lex and lex.has_prefix("ca")


@pytest.mark.parametrize(
    ("content", "problem"),
    [("", "no words"), ("cat\ndog-house\n", "line 2"), (b"\xff\xfe", "not a text file")],
)
def test_a_bad_list_says_what_is_wrong(tmp_path: Path, content: str | bytes, problem: str) -> None:
    path = tmp_path / "bad.txt"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    with pytest.raises(LexiconError, match=problem):
        Lexicon.from_file(path)


def test_a_missing_list_is_named(tmp_path: Path) -> None:
    with pytest.raises(LexiconError, match="no word list at"):
        Lexicon.from_file(tmp_path / "nothing.txt")


def test_the_packed_graph_round_trips_and_refuses_other_bytes() -> None:
    edges, root, count = packed.build(["at", "cat", "cats"])
    again = Lexicon(*packed.load(packed.dump(edges, root, count)), source="test")
    assert list(again) == ["at", "cat", "cats"]
    for junk in (b"", b"SIXDAWG", b"PK\x03\x04 a zip file, say"):
        with pytest.raises(ValueError, match="not a sixdot word graph"):
            packed.load(junk)


def test_a_players_list_is_built_once_then_loaded_from_the_cache(tmp_path: Path) -> None:
    path = tmp_path / "mine.txt"
    path.write_text("dog\ncat\ncats\n", encoding="utf-8")
    first = Lexicon.from_file(path)
    cached = list((Path(os.environ["SIXDOT_CACHE"]) / "lexicons").glob("*.dawg"))
    assert len(cached) == 1
    path.write_text("dog\ncat\ncats\n", encoding="utf-8")  # the same words: the same graph
    again = Lexicon.from_file(path)
    assert list(again) == list(first) == ["cat", "cats", "dog"]
    path.write_text("dog\ncat\n", encoding="utf-8")  # changed: built anew
    assert list(Lexicon.from_file(path)) == ["cat", "dog"]


@pytest.mark.parametrize("damage", [b"garbage", b"SIXDAWG2" + bytes(8) + b"\xff\xff\xff\xff"])
def test_a_damaged_cached_graph_is_built_again(tmp_path: Path, damage: bytes) -> None:
    path = tmp_path / "mine.txt"
    path.write_text("dog\ncat\n", encoding="utf-8")
    Lexicon.from_file(path)
    (cached,) = (Path(os.environ["SIXDOT_CACHE"]) / "lexicons").glob("*.dawg")
    cached.write_bytes(damage)
    assert list(Lexicon.from_file(path)) == ["cat", "dog"]
    assert cached.read_bytes() != damage  # mended for next time
