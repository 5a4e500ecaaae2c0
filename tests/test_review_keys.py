"""The review keys mean the same in every game: each names a command every game has."""

from __future__ import annotations

import pytest

from sixdot.client.keys import DEFAULT_KEYS
from sixdot.client.session import COMMANDS
from sixdot.games import playable
from sixdot.present.phrasebook import Phrasebook

WORDS = Phrasebook()


@pytest.mark.parametrize("name", sorted(playable()))
def test_every_review_key_runs_a_command_of_every_game(name: str) -> None:
    game = playable()[name]
    presenter = game.presenter(WORDS, ["You", "Ana"], 0)
    have = {*COMMANDS, *presenter.commands()}
    assert set(DEFAULT_KEYS) <= have, set(DEFAULT_KEYS) - have
    for command in presenter.commands():
        # `help` lists each game command by its own phrase
        assert WORDS.has(f"help-{presenter.prefix}-{command}"), command
    for key in DEFAULT_KEYS:
        assert WORDS.has(f"key-{key}")
