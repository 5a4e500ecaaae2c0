"""Alphabeticell's sensible bot says why: the card it keeps, the take that lengthens
its line, or why it passes: each take costs more later, or the line should reach
its goal anyway; said only where a take was there to refuse."""

from __future__ import annotations

from collections import Counter

from sixdot.games.alphabeticell.bots import SensibleBot
from sixdot.games.alphabeticell.rules import RULES, Keep, Pass, Take


def test_every_reason_in_a_game_is_for_the_bots_own_move() -> None:
    state = RULES.new_game(3, None, seed=4)
    bots = [SensibleBot(seat, 4) for seat in range(3)]
    keys: Counter[str] = Counter()
    while not state.is_over:
        seat = state.to_act()[0]
        view, legal = state.view(seat), state.legal_actions(seat)
        action = bots[seat].choose(view, legal)
        why = bots[seat].reason(view, legal, action)
        if why is None:  # the only move: the client says why (it fits neither end)
            assert [type(a) for a in legal] == [Pass]
            state, _ = state.apply(seat, action)
            continue
        keys[why.key] += 1
        if why.key.startswith("why-abc-pass"):
            # "Each take costs more later", "your line should reach 11 anyway":
            # said only where a take was there to refuse.
            assert any(isinstance(a, Take) for a in legal)
        if isinstance(action, Keep):
            assert why.args == {"card": action.card.face}
        if isinstance(action, Take):
            assert why.key == "why-abc-take" and why.args["line"].isalpha()
        for other in legal:
            if other != action:
                assert bots[seat].reason(view, legal, other) is None
        state, _ = state.apply(seat, action)
    assert set(keys) == {"why-abc-keep", "why-abc-take", "why-abc-pass", "why-abc-pass-anyway"}
