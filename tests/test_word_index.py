"""Consonants' word index is cached on disk, and a cache that cannot be trusted is rebuilt.

Every test here runs with its own empty SIXDOT_CACHE (`cold_cache`), so each starts cold.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from sixdot.games.consonants import words
from sixdot.games.consonants.cards import by_face
from sixdot.lexicon import Lexicon

#: These tests build, damage and time the word index's cache: each starts cold.
pytestmark = pytest.mark.cold_cache

WORDS = ("straw", "strew", "bread", "beard", "tram", "stop", "spot", "post", "cat")


def fresh() -> Lexicon:
    """A new lexicon object of the same words: the same cache file, no index in memory."""
    return Lexicon.from_words(WORDS)


def cached(lexicon: Lexicon) -> Path:
    return Path(words._index_path(lexicon))


def test_a_cold_cache_builds_the_index_and_keeps_it_whole() -> None:
    lexicon = fresh()
    built = words._index(lexicon)
    path = cached(lexicon)
    assert path.is_file()
    assert not [name for name in os.listdir(path.parent) if name.endswith(".tmp")]
    assert words._load_index(str(path)) == built


def test_the_index_holds_each_skeleton_richest_consonant_first() -> None:
    root = words._index(fresh())
    # STRAW and STREW share the skeleton WRST; CAT has fewer than four letters.
    node = root["W"]["R"]["S"]["T"]
    assert [word for _, word in node[words.WORDS]] == ["STRAW", "STREW"]
    assert "C" not in root


def test_a_second_process_would_load_the_cache_instead_of_building(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    built = words._index(fresh())

    def refuse(lexicon: Lexicon) -> dict[str, object]:
        raise AssertionError("built again although the cache was good")

    monkeypatch.setattr(words, "_build_index", refuse)
    assert words._index(fresh()) == built


@pytest.mark.parametrize(
    "damage",
    [
        pytest.param(lambda blob: blob[: len(blob) // 2], id="cut short"),
        pytest.param(lambda blob: blob[:-1] + bytes([blob[-1] ^ 1]), id="one bit flipped"),
        pytest.param(lambda blob: b"", id="empty"),
        pytest.param(lambda blob: b"SIXSKEL1" + b"\0" * 40, id="header only"),
        pytest.param(lambda blob: blob[:8] + bytes([blob[8] + 1]) + blob[9:], id="other marshal"),
    ],
)
def test_a_damaged_cache_is_refused_and_rebuilt(damage: Callable[[bytes], bytes]) -> None:
    built = words._index(fresh())
    path = cached(fresh())
    path.write_bytes(damage(path.read_bytes()))
    assert words._load_index(str(path)) is None
    assert words._index(fresh()) == built
    assert words._load_index(str(path)) == built  # written whole again


def test_prepare_makes_the_index_in_the_background() -> None:
    lexicon = fresh()
    words.prepare(lexicon)
    for thread in threading.enumerate():
        if thread.name == "word-index":
            thread.join(timeout=30)
    assert lexicon in words._INDEXES
    assert cached(lexicon).is_file()


def test_best_words_are_the_same_from_a_cached_index() -> None:
    pile = [by_face()[face] for face in ("S", "T", "R", "W", "B", "D")]
    pile += [card for card in by_face().values() if card.vowel][:4]
    first = words.WordFinder(fresh()).best(pile)
    again = words.WordFinder(fresh()).best(pile)
    assert first == again
    assert first  # the pile spells a word of this list


def test_prepare_makes_the_card_tables_before_its_thread_starts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Cards are equal only to themselves: tables made in two threads at once would
    hold two sets of them, so the thread must find them made."""
    words._rank.cache_clear()
    words.letter_score.cache_clear()
    made_when_started: list[int] = []

    class Recorder:
        def __init__(self, **_: object) -> None:
            made_when_started.append(words._rank.cache_info().currsize)

        def start(self) -> None:
            pass

    monkeypatch.setattr(words.threading, "Thread", Recorder)
    words.prepare(fresh())
    assert made_when_started == [1]
