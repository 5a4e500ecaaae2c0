"""Bot-only games: simulation for soak and speed, tournaments for strength."""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

from sixdot.core.errors import SixdotError
from sixdot.games import Game


@dataclass(frozen=True)
class GameResult:
    seed: int
    levels: tuple[str, ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    moves: int

    def as_json(self) -> dict[str, object]:
        return {
            "seed": self.seed,
            "bots": list(self.levels),
            "scores": list(self.totals),
            "winners": list(self.winners),
            "moves": self.moves,
        }


#: A bot-only game that has not ended after this many moves is stuck.
MOVE_LIMIT = 100_000


class StalledGame(SixdotError):
    """Bots played on without the game ending: scores that never reach the target
    (random bots in Nonesuch, which has no hand limit by default), a word list too
    small for anyone to finish a word game, or a rules bug."""


def play_bots(
    game: Game, levels: Sequence[str], seed: int, options: Mapping[str, object] | None = None
) -> GameResult:
    """One game between bots of the given levels, seat by seat."""
    bots = [game.bots[level](seat, seed) for seat, level in enumerate(levels)]
    state = game.rules.new_game(len(levels), options, seed)
    moves = 0
    while not state.is_over:
        seat = state.to_act()[0]
        action = bots[seat].choose(state.view(seat), state.legal_actions(seat))
        state, _ = state.apply(seat, action)
        moves += 1
        if moves > MOVE_LIMIT:
            raise StalledGame(
                f"{game.name} seed {seed} did not end in {MOVE_LIMIT:,} moves: the scores"
                " may never reach the target (set a limit, as --option hands=40 in"
                " Nonesuch), or with --dictionary the word list may be too small for"
                " anyone to go out"
            )
    return GameResult(seed, tuple(levels), state.totals, state.winners, moves)


def simulate(
    game: Game,
    games: int,
    levels: Sequence[str],
    seed: int = 0,
    options: Mapping[str, object] | None = None,
) -> Iterator[GameResult]:
    """`games` games; game i uses seed `seed + i`, so any one can be replayed."""
    for i in range(games):
        yield play_bots(game, levels, seed + i, options)


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = p + z * z / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    denominator = 1 + z * z / n
    return max(0.0, (centre - spread) / denominator), min(1.0, (centre + spread) / denominator)


@dataclass(frozen=True)
class Standing:
    level: str
    wins: float
    seats: int

    @property
    def rate(self) -> float:
        return self.wins / self.seats if self.seats else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.seats)


def tournament(
    game: Game,
    levels: Sequence[str],
    games: int,
    seed: int = 0,
    options: Mapping[str, object] | None = None,
) -> list[Standing]:
    """Seat the levels, rotating seats between games; a shared win counts as a share."""
    wins = dict.fromkeys(levels, 0.0)
    seats = dict.fromkeys(levels, 0)
    k = len(levels)
    for i in range(games):
        seating = [levels[(seat + i) % k] for seat in range(k)]
        result = play_bots(game, seating, seed + i, options)
        for seat, level in enumerate(seating):
            seats[level] += 1
            if seat in result.winners:
                wins[level] += 1 / len(result.winners)
    return [Standing(level, wins[level], seats[level]) for level in wins]
