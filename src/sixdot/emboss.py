"""A game's deck as a Braille Ready Format file, to emboss and sleeve real cards.

BRF is North American braille ASCII: one printable character per cell, 40
cells a line and 25 lines a page, lines ended by CR LF and pages parted by a
form feed, which is what braille embossers and notetakers read. The first
page names the game and where its rules come from; then every physical card
of the deck (each copy, so the embossed deck is complete) in the card
convention of RULINGS section 6, one card after another with a blank line
between, never split over two pages, and each card page numbered in braille
on its last line.
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Any

from sixdot.games.base import Game
from sixdot.present.braille import cells, entry_cells, number, to_ascii, wrap
from sixdot.resources import shared_dir

WIDTH = 40
LINES = 25
#: Lines a card page holds before its page number line.
CARD_LINES = LINES - 1
FORM_FEED = "\f"
NEWLINE = "\r\n"


@cache
def _settings() -> dict[str, Any]:
    with open(shared_dir("braille") / "emboss.toml", "rb") as handle:
        return tomllib.load(handle)


def rules_source(game: Game) -> str:
    """Where the game's rules come from, as the title page says it."""
    settings = _settings()
    source = settings["sources"].get(game.name, settings["default_source"])
    return source.format(title=game.rules.title)


def title_page(game: Game) -> list[str]:
    """The first page in Unicode braille: the game, the deck size, the rules source."""
    count = sum(entry.count for entry in game.deck())
    fill = {
        "title": game.rules.title,
        "game": game.name,
        "cards": count,
        "source": rules_source(game),
    }
    page: list[str] = []
    for line in _settings()["title_page"]:
        text = cells(line.format(**fill), capitals=True)
        page.extend(wrap(text, WIDTH))
    # A title page is centred on its first line, as braille title pages are.
    page[0] = page[0].center(WIDTH).rstrip()
    if len(page) > LINES:
        raise ValueError(f"the title page of {game.name} runs to {len(page)} lines")
    return page


def card_pages(game: Game) -> list[list[str]]:
    """Every card, each copy, in Unicode braille pages that end with their page number."""
    pages: list[list[str]] = []
    page: list[str] = []
    for entry in game.deck():
        head, value = entry_cells(entry)
        card = [*wrap(head, WIDTH), value]
        for _ in range(entry.count):
            gap = [""] if page else []
            if len(page) + len(gap) + len(card) > CARD_LINES:
                pages.append(page)
                page, gap = [], []
            page.extend(gap + card)
    if page:
        pages.append(page)
    for n, lines in enumerate(pages, 1):
        lines.extend([""] * (CARD_LINES - len(lines)))
        lines.append(number(n).rjust(WIDTH))
    return pages


def brf_pages(game: Game) -> list[list[str]]:
    """The whole document in Unicode braille, page by page."""
    return [title_page(game), *card_pages(game)]


def brf_text(game: Game) -> str:
    """The document as BRF text: braille ASCII, CR LF lines, form feeds between pages."""
    return FORM_FEED.join(
        NEWLINE.join(to_ascii(line).rstrip() for line in page) + NEWLINE for page in brf_pages(game)
    )


def write_brf(game: Game, path: str | Path) -> int:
    """Write the game's deck to `path` as BRF; the number of pages written.

    The file is ASCII with no newline translation, since embossers count
    CR LF and form feeds exactly.
    """
    text = brf_text(game)
    Path(path).write_bytes(text.encode("ascii"))
    return text.count(FORM_FEED) + 1
