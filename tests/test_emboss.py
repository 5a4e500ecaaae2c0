"""Embossed decks: BRF page geometry, every card present, braille ASCII back to cells.

The BRF is read back here with the North American braille ASCII table as
printed in the standard (test_braille.NABCC), not with sixdot's own
decoder, and the cards are expected as test_braille computes them by hand.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from pathlib import Path

import pytest

from sixdot.decks import DeckEntry
from sixdot.emboss import brf_pages, brf_text, rules_source, write_brf
from sixdot.games import Game, playable
from sixdot.present.braille import cells, to_ascii
from test_braille import DIGITS, NABCC, NUMBER_SIGN, expected

WIDTH, LINES = 40, 25
BLANK = "\u2800"


def bare(line: str) -> str:
    """A line without the blank cells around it."""
    return line.strip(BLANK)


def spaced(braille: str) -> str:
    """Our cells with blank cells for spaces, as they come back from BRF."""
    return braille.replace(" ", BLANK)


def unicode_lines(page: str) -> list[str]:
    """A BRF page as Unicode braille lines, decoded with the standard's table."""
    assert page.endswith("\r\n")
    raw = page[: -len("\r\n")].split("\r\n")
    assert all("\n" not in line and "\r" not in line for line in raw)
    return ["".join(chr(0x2800 + NABCC.index(ch)) for ch in line) for line in raw]


def pages_of(text: str) -> list[list[str]]:
    return [unicode_lines(page) for page in text.split("\f")]


def cards_on(page: list[str]) -> list[tuple[str, ...]]:
    """A card page's cards: runs of lines between blank lines, before the page number."""
    body = page[: LINES - 1]
    cards: list[tuple[str, ...]] = []
    run: list[str] = []
    for line in [*body, ""]:
        blank = bare(line) == ""
        if blank and run:
            cards.append(tuple(run))
            run = []
        elif not blank:
            run.append(line)
    return cards


def test_a_deck_of_long_faces_wraps_and_never_splits_a_card() -> None:
    base = playable()["alphabeticell"]
    face = "Chance Meeting of the Wandering Knights and Moons"  # 50 cells with its FOR sign
    game = dataclasses.replace(base, deck=lambda: [DeckEntry(face, 30, 12)])
    pages = pages_of(brf_text(game))[1:]
    head, value = spaced(expected(face, 12, False)[0]), expected(face, 12, False)[1]
    assert len(head) == 50 and head[WIDTH] == BLANK  # "...Knights" ends at cell 40
    card = (head[:WIDTH], head[WIDTH + 1 :], value)
    found = [c for page in pages for c in cards_on(page)]
    assert found == [card] * 30
    assert len(pages) == 5  # 6 cards of 3 lines and 5 gaps fit in 23 lines; 7 would not


@pytest.mark.parametrize("game_name", sorted(playable()))
def test_page_geometry(game_name: str) -> None:
    text = brf_text(playable()[game_name])
    assert set(text) <= set(NABCC) | {"\r", "\n", "\f"}
    assert not text.startswith("\f") and not text.endswith("\f")
    pages = text.split("\f")
    assert len(pages) >= 2
    for number, page in enumerate(pages):
        lines = unicode_lines(page)
        assert len(lines) <= LINES
        assert all(len(line) <= WIDTH for line in lines)
        if number:
            # A card page is a full page with its braille page number on its last line.
            assert len(lines) == LINES
            assert bare(lines[-1]) == NUMBER_SIGN + "".join(DIGITS[d] for d in str(number))
            assert len(lines[-1]) == WIDTH  # at the right margin


@pytest.mark.parametrize("game_name", sorted(playable()))
def test_every_card_is_present_in_the_card_convention(game_name: str) -> None:
    game = playable()[game_name]
    pages = pages_of(brf_text(game))
    found = Counter(card for page in pages[1:] for card in cards_on(page))
    wanted: Counter[tuple[str, ...]] = Counter()
    for entry in game.deck():
        head, value = expected(str(entry.card), entry.value, entry.contracted)
        wanted[spaced(head), value] += entry.count
    assert found == wanted
    assert sum(found.values()) == sum(entry.count for entry in game.deck())


@pytest.mark.parametrize("game_name", sorted(playable()))
def test_the_title_page_names_the_game_and_the_rules_source(game_name: str) -> None:
    game = playable()[game_name]
    title = pages_of(brf_text(game))[0]
    assert bare(title[0]) == spaced(cells(game.rules.title, capitals=True))
    assert title[0].startswith(BLANK)  # centred
    text = BLANK.join(bare(line) for line in title)
    source = rules_source(game)
    assert game.rules.title in source or game.name in source.lower()
    assert spaced(cells(f"Rules source: {source}.", capitals=True)) in text
    count = sum(entry.count for entry in game.deck())
    assert spaced(cells(f"{count} cards.")) in text


def test_alphabeticell_title_page_in_braille_ascii() -> None:
    first_page = brf_text(playable()["alphabeticell"]).split("\f")[0].split("\r\n")
    assert first_page[0] == " " * 13 + ",ALPHABETICELL"
    assert first_page[2] == ",A DECK TO EMBOSS FOR SIXDOT1 #DH CARDS4"
    assert first_page[4].startswith(",RULES SOURCE3 THE ,ALPHABETICELL RULES1")


@pytest.mark.parametrize("game_name", sorted(playable()))
def test_braille_ascii_round_trips_to_the_same_cells(game_name: str) -> None:
    """Read back with the standard's table, the file gives the cells it was made from."""
    game = playable()[game_name]
    text = brf_text(game)
    for page, cells_page in zip(text.split("\f"), brf_pages(game), strict=True):
        assert unicode_lines(page) == [spaced(line.rstrip()) for line in cells_page]
        assert page == "".join(to_ascii(line).rstrip() + "\r\n" for line in cells_page)


def test_write_brf_writes_the_text_as_ascii_bytes(tmp_path: Path) -> None:
    game: Game = playable()["alphabeticell"]
    path = tmp_path / "alphabeticell.brf"
    pages = write_brf(game, path)
    data = path.read_bytes()
    assert data == brf_text(game).encode("ascii")
    assert pages == data.count(b"\f") + 1 == 1 + 6  # title page, then 48 cards at 8 a page
