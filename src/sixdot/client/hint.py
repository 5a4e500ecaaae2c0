"""The `hint` command: the sensible bot's move for a seat, and why, in one line.

Local play and `sixdot join` ask the same bot the same way; online the table's
seed is secret, so the bot there draws from seed 0 (only its tie-breaks use it).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sixdot.bots import Explaining, Reason
from sixdot.core import Action, Refusal
from sixdot.games import DEFAULT_LEVEL, Game
from sixdot.present.phrasebook import Phrasebook
from sixdot.present.presenter import Presenter


def hint_line(
    game: Game,
    words: Phrasebook,
    me: Presenter,
    view: Any,
    legal: Sequence[Action],
    seat: int,
    seed: int = 0,
) -> str:
    """The move as lines say it (`Presenter.spoken`), which types back as it
    is, with the bot's reason."""
    bot = game.bots.get("sensible", game.bots[DEFAULT_LEVEL])(seat, seed)
    # One decision gives the move and its reason, so they always agree.
    if isinstance(bot, Explaining):
        choice, why = bot.decide(view, tuple(legal))
    else:
        choice = bot.choose(view, tuple(legal))
        why = bot.reason(view, tuple(legal), choice)
    if why is None:
        return words("hint", move=me.spoken(choice))
    return words("hint-why", move=me.spoken(choice), why=clause(game, me, why))


def clause(game: Game, me: Presenter, reason: Reason) -> str:
    """A bot's reason as the clause of a hint. Bots name cards by face: each is
    said as the game says cards in a list (Consonants' `A/E` is `A over E`, `?`
    is `wild`); other facts are formatted as a refusal's are (a line spaced out)."""
    faces = {getattr(entry.card, "face", None): entry.card for entry in game.deck()}
    args = {
        name: me.cards([faces[value]])
        if name == "card" and isinstance(value, str) and value in faces
        else value
        for name, value in reason.args.items()
    }
    return me.reason(Refusal.of(reason.key, **args))
