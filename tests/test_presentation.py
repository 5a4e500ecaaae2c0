"""Every event, view and move of real games has words, at both verbosities.

Random bot games are rendered from every seat; any missing phrase, bad
Fluent variable or over-long line fails here rather than in front of a player.
"""

from __future__ import annotations

import re

import pytest

from gamelines import rendered_lines
from sixdot.core import Event
from sixdot.games import GAMES
from sixdot.present.phrasebook import Phrasebook, PhrasebookError, Verbosity

BOX = re.compile("[\u2500-\u257f]")
# A line may run past 80 characters only as a list meant to wrap: "Label: a, b, c."
LIST = re.compile(r"^[^:]{1,40}: ([^,]+, )+[^,]+\.?$")
VERBOSITIES = [Verbosity.FULL, Verbosity.BRIEF]


@pytest.mark.parametrize("game_name", sorted(GAMES))
@pytest.mark.parametrize("verbosity", VERBOSITIES, ids=lambda v: v.value)
def test_every_line_of_a_game_is_worded_and_short(game_name: str, verbosity: Verbosity) -> None:
    lines = rendered_lines(GAMES[game_name], verbosity, seed=11)
    assert lines
    for line in lines:
        assert line.strip() == line and line, repr(line)
        assert not BOX.search(line), line
        assert "{" not in line and "}" not in line, line
        assert len(line) <= 80 or LIST.match(line), line


def _subclasses(cls: type) -> list[type]:
    """Every class below `cls`, wherever a game defines it."""
    return [sub for direct in cls.__subclasses__() for sub in (direct, *_subclasses(direct))]


@pytest.mark.parametrize("game_name", sorted(GAMES))
def test_every_event_class_has_a_phrase(game_name: str) -> None:
    game = GAMES[game_name]
    package = f"sixdot.games.{game_name}."
    events = [cls for cls in _subclasses(Event) if cls.__module__.startswith(package)]
    assert events
    presenter = game.presenter(Phrasebook(), ["A", "B"], 0)
    for event_class in events:
        assert presenter.words.has(presenter.key_for(event_class.__new__(event_class)))


def test_brief_is_shorter_where_it_differs() -> None:
    full = rendered_lines(GAMES["alphabeticell"], Verbosity.FULL, seed=5)
    brief = rendered_lines(GAMES["alphabeticell"], Verbosity.BRIEF, seed=5)
    # Full says a list whole when it fits; brief says it in groups: fewer
    # characters in all, though sometimes more lines.
    assert sum(map(len, brief)) < sum(map(len, full))


def test_plurals_and_you() -> None:
    words = Phrasebook()
    assert words("moves-title", count=1) == "One move:"
    assert words("moves-title", count=3) == "3 moves:"
    assert words("score-line", player="Ana", you="no", total=1) == "Ana: 1 point."
    assert words("score-line", player="Ana", you="yes", total=2) == "You: 2 points."


def test_a_missing_message_is_an_error_not_silence() -> None:
    with pytest.raises(PhrasebookError, match="no message"):
        Phrasebook()("no-such-message")
