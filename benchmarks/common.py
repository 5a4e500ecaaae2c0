"""What every benchmark script shares: percentiles, rounding and tournament rows."""

from __future__ import annotations

from collections.abc import Iterable

from sixdot.sim import Standing


def percentile(samples: list[float], q: float) -> float:
    """The q-th percentile by the nearest rank."""
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))]


def rounded(value: object) -> object:
    """Floats to three decimals, all the way down, for a readable report."""
    if isinstance(value, float):
        return round(value, 3)
    if isinstance(value, dict):
        return {k: rounded(v) for k, v in value.items()}
    if isinstance(value, list):
        return [rounded(v) for v in value]
    return value


def standing_rows(standings: Iterable[Standing]) -> list[dict[str, object]]:
    """Each level's seats, wins, win rate and 95% interval, as the results files keep them."""
    return [
        {
            "level": s.level,
            "seats": s.seats,
            "wins": s.wins,
            "rate": s.rate,
            "ci95": list(s.interval),
        }
        for s in standings
    ]
