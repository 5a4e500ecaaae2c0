"""Line lengths benchmark (issues 18 and 31): do sixdot's lines fit a braille display?

Run from the repository root:  .venv/bin/python benchmarks/lines.py [--seeds N] [--games N]
(`--only GAME` measures one game again and replaces its rows in the results.)

Every game is measured at full and at brief verbosity, three ways:

- "heard": what ONE player hears from the real program through a pipe, each
  command once and then always the first move, one game a seed, at each count
  of 2, 3 and 4 players the game allows (issue 31: not only at the most);
- "online": the same player at a table of a real `sixdot serve` on loopback,
  through the real `sixdot join` in plain mode, the other seats sensible bots,
  `--games` whole games at each count (the server's seeds are its own);
  played to 15 points (Alphabeticell) and 50 (Consonants), where
  a whole game to the usual target takes minutes;
- "rendered": sensible bots play at the most players, and every line a
  presenter says is rendered from every seat: events, turn prompts, table,
  hand, score, the moves list and every review command (tests/gamelines.py
  renders both, as tests/test_lines.py does).

For each it prints the number of lines, the longest, the share over 40, 60,
80 and 100 characters, the share whose first clause runs past 40 characters
(the key fact out of a display's reach), and keeps the lines over 40 said
most often ("repeats").

Targets: brief, no line over 60 and at most 5% over 40; full, no line over 100
and at most 15% over 40. Each is printed as a ratio (at most 1.0 meets it).
These are counts, not times, so the machine's load does not change them; it
is recorded all the same. Results go to benchmarks/results/lines.json.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

from common import load_average, rounded

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from gamelines import (
    TARGETS,
    LineStats,
    game_lines,
    heard_lines,
    online_lines,
    player_counts,
)
from sixdot.games import Game, playable
from sixdot.present.phrasebook import Verbosity
from test_server_play import serve

RESULTS = Path(__file__).resolve().parent / "results" / "lines.json"
#: House rules of the online tables, where a whole game would take minutes.
ONLINE_RULES = {"alphabeticell": "target=15", "consonants": "target=50"}


def row(game: Game, source: str, players: int, verbosity: Verbosity, lines: list[str]) -> dict:
    stats = LineStats.of(lines)
    ratios = stats.ratios(TARGETS[verbosity])
    return {
        "game": game.name,
        "source": source,
        "players": players,
        "verbosity": verbosity.value,
        "lines": stats.lines,
        "longest": stats.longest,
        "over_40": stats.over_40,
        "over_60": stats.over_60,
        "over_80": stats.over_80,
        "over_100": stats.over_100,
        "late_fact": stats.late_fact,
        "ratio_longest": ratios["longest"],
        "ratio_over_40": ratios["over_40"],
        "meets": max(ratios.values()) <= 1.0,
        "longest_line": stats.example,
        "repeats": [{"line": line, "times": times} for line, times in stats.repeats],
    }


def measure(seeds: list[int], games: int, only: str | None) -> list[dict[str, object]]:
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        server, url = serve(Path(folder) / "server")
        try:
            for name, game in sorted(playable().items()):
                if only and name != only:
                    continue
                for verbosity in (Verbosity.FULL, Verbosity.BRIEF):
                    for players in player_counts(game):
                        heard = [
                            line
                            for seed in seeds
                            for line in heard_lines(game, verbosity, seed, players)
                        ]
                        rows.append(row(game, "heard", players, verbosity, heard))
                        show(rows[-1])
                        rules = ONLINE_RULES.get(name, "")
                        online = [
                            line
                            for _ in range(games)
                            for line in online_lines(
                                url, Path(folder), game, verbosity, players, rules
                            )
                        ]
                        rows.append(row(game, "online", players, verbosity, online))
                        show(rows[-1])
                    rendered = game_lines(game, verbosity, seeds)
                    rows.append(row(game, "rendered", game.rules.max_players, verbosity, rendered))
                    show(rows[-1])
        finally:
            server.terminate()
            server.wait(timeout=10)
    return rows


HEAD = (
    f"{'game':<14}{'verb':<6}{'source':<9}{'n':>2}{'lines':>7}{'long':>6}{'>40':>7}{'>60':>7}"
    f"{'>80':>7}{'>100':>7}{'late':>7}  ratio long / >40"
)


def show(row: dict) -> None:
    """One row as it is measured, and the line over 40 said most often."""
    print(
        f"{row['game']:<14}{row['verbosity']:<6}{row['source']:<9}{row['players']:>2}"
        f"{row['lines']:>7}{row['longest']:>6}"
        f"{row['over_40']:>7.1%}{row['over_60']:>7.1%}{row['over_80']:>7.1%}"
        f"{row['over_100']:>7.1%}{row['late_fact']:>7.1%}"
        f"  {row['ratio_longest']:.2f} / {row['ratio_over_40']:.2f}"
        f"{'' if row['meets'] else '  MISSES'}",
        flush=True,
    )
    for repeat in row["repeats"][:1]:
        print(f"    {repeat['times']} times: {repeat['line']}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=3, help="local games a row, one a seed")
    parser.add_argument("--games", type=int, default=2, help="online games a row")
    parser.add_argument("--only", help="measure this game alone; its rows replace the kept ones")
    args = parser.parse_args()
    seeds = list(range(1, args.seeds + 1))
    load = load_average()
    start = time.perf_counter()
    print(HEAD, flush=True)
    rows = measure(seeds, args.games, args.only)
    # Each game's seconds and load: a game measured again (`--only`, after its
    # phrases changed) replaces its own rows and figures, and the others stay.
    spent = {"load_average": load, "seconds": time.perf_counter() - start}
    runs = {name: spent for name in sorted(playable()) if args.only in (None, name)}
    if args.only:
        kept = json.loads(RESULTS.read_text(encoding="utf-8"))
        rows = sorted(
            [r for r in kept["rows"] if r["game"] != args.only] + rows, key=lambda r: r["game"]
        )
        runs = {**kept.get("runs", {}), **runs}
    report = {
        "seeds": seeds,
        "online_games": args.games,
        "online_rules": ONLINE_RULES,
        "targets": {
            v.value: {"longest": t.longest, "over_40": t.over_display} for v, t in TARGETS.items()
        },
        "runs": runs,
        "rows": rows,
    }
    write(report)


def write(report: dict) -> None:
    RESULTS.parent.mkdir(exist_ok=True)
    RESULTS.write_text(json.dumps(rounded(report), indent=2) + "\n", encoding="utf-8")
    print(f"results in {RESULTS}")


if __name__ == "__main__":
    main()
