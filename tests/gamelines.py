"""Every line a game's presenter says in a whole game, seen from every seat;
what a player hears from the real program through a pipe; and how those lines
measure against issue 18's length targets."""

from __future__ import annotations

import itertools
import os
import random
import re
import subprocess
import sys
import tempfile
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from clienttools import join_game
from sixdot.games import DEFAULT_LEVEL, Game
from sixdot.present.phrasebook import Phrasebook, Verbosity

#: Options that keep a game of random moves finite: random Nonesuch bids may
#: never reach 31, and the rules have no hand limit by default.
FINITE: dict[str, dict[str, object]] = {"nonesuch": {"hands": 40}}


def rendered_lines(
    game: Game,
    verbosity: Verbosity,
    seed: int,
    bot_level: str | None = None,
    options: Mapping[str, object] | None = None,
) -> list[str]:
    """Events, turn prompts, table, hand, score, move and review-command lines of one game.

    Moves are chosen at random, or by bots of `bot_level` when it is given;
    `options` are house rules on top of `FINITE`.
    """
    words = Phrasebook(verbosity=verbosity)
    players = game.rules.max_players
    names = words("player-names-bots").split(", ")[:players]
    presenters = [game.presenter(words, names, seat) for seat in range(players)]
    rng = random.Random(seed)
    bots = [game.bots[bot_level](seat, seed) for seat in range(players)] if bot_level else []
    rules = {**FINITE.get(game.name, {}), **(options or {})}
    state, events = game.rules.begin(players, rules, seed)
    lines: list[str] = []
    while True:
        for event in events:
            for seat, presenter in enumerate(presenters):
                if event.visible_to(seat):
                    lines += presenter.event(event)
        if state.is_over:
            return lines
        seat = state.to_act()[0]
        view, legal, me = state.view(seat), state.legal_actions(seat), presenters[seat]
        lines += me.turn(view, legal) + me.table(view) + me.hand(view) + me.score(view)
        lines += [me.move(action, view) for action in legal]
        for command in me.commands().values():
            lines += command(view, "")
        action = bots[seat].choose(view, legal) if bots else rng.choice(legal)
        state, events = state.apply(seat, action)


DISPLAY = 40
CARDS = r"[A-Z0-9?/]{1,4}"
#: Where a clause ends: . : ; , ! or ? before a space or the end, a dash or an
#: opening parenthesis between spaces, or where a list of cards or letters starts.
CLAUSE_END = re.compile(rf"[.:;,!?](?=\s|$)|\s[-–]\s|\s\(|\s(?={CARDS}(?:,?\s{CARDS}){{2,}})")


def fact_is_late(line: str) -> bool:
    """Whether a line longer than a display runs its first clause past 40 characters,
    the proxy for a key fact out of a display's reach (see tests/test_lines.py)."""
    return len(line) > DISPLAY and not CLAUSE_END.search(line[: DISPLAY + 1])


@dataclass(frozen=True)
class Target:
    """Issue 18's limits at one verbosity: the longest line, and the share over a display."""

    longest: int
    over_display: float


#: Brief: no line over 60, at most 5% over 40. Full: no line over 100, at most 15% over 40.
TARGETS = {
    Verbosity.BRIEF: Target(longest=60, over_display=0.05),
    Verbosity.FULL: Target(longest=100, over_display=0.15),
}


#: How many of the lines over 40 said most often `LineStats` keeps.
REPEATS = 3


@dataclass(frozen=True)
class LineStats:
    """How long the lines of some games are: the figures issue 18 sets targets for."""

    lines: int
    longest: int
    over_40: float
    over_60: float
    over_80: float
    over_100: float
    late_fact: float  # lines whose first clause runs past 40 characters
    example: str  # the longest line, to show what to shorten
    repeats: tuple[tuple[str, int], ...]  # the lines over 40 said most often, and how often

    @classmethod
    def of(cls, lines: list[str]) -> LineStats:
        count = len(lines)

        def share(width: int) -> float:
            return sum(len(line) > width for line in lines) / count

        longest = max(lines, key=len)
        late = sum(map(fact_is_late, lines)) / count
        over = Counter(line for line in lines if len(line) > DISPLAY).most_common(REPEATS)
        shares = (share(40), share(60), share(80), share(100))
        return cls(count, len(longest), *shares, late, longest, tuple(over))

    def ratios(self, target: Target) -> dict[str, float]:
        """Each figure over its target: at most 1.0 meets it."""
        return {
            "longest": self.longest / target.longest,
            "over_40": self.over_40 / target.over_display,
        }


def sixdot(*args: str, stdin: str = "", timeout: float = 60) -> list[str]:
    """The real program's printed lines, run through a pipe."""
    script = Path(sys.executable).with_name("sixdot")
    command = [str(script)] if script.exists() else [sys.executable, "-m", "sixdot"]
    done = subprocess.run(
        [*command, *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=timeout,
        env={**os.environ, "TERM": "dumb"},
        check=True,
    )
    return done.stdout.splitlines()


#: What a player types in `heard_lines`: every command once, then the first move.
COMMANDS = ["help", "keys", "moves", "hand", "table", "score", "hint", "last", "history"]
REVIEW = ["trick", "previous", "players", "status"]


def heard_lines(
    game: Game,
    verbosity: Verbosity,
    seed: int,
    players: int | None = None,
    options: Sequence[str] = (),
) -> list[str]:
    """What one player hears in a whole game through a pipe, at `players` (the
    most by default), with house `options` (NAME=VALUE): each command once,
    then always the first legal move (issue 18 measured so)."""
    stdin = "\n".join([*COMMANDS, *REVIEW, *["1"] * 6000]) + "\n"
    count = str(players or game.rules.max_players)
    args = ["play", game.name, "--plain", "--players", count, "--seed", str(seed)]
    for option in options:
        args += ["--option", option]
    lines = sixdot(*args, "--verbosity", verbosity.value, stdin=stdin, timeout=300)
    return [line for line in lines if line.strip()]


def player_counts(game: Game) -> range:
    """The counts of 2, 3 and 4 players the game allows: issue 31 measures each."""
    return range(max(2, game.rules.min_players), min(4, game.rules.max_players) + 1)


#: Numbers for the accounts of `online_lines`, one a game.
PLAYERS = itertools.count(1)


def online_lines(
    url: str, home: Path, game: Game, verbosity: Verbosity, players: int, rules: str = ""
) -> list[str]:
    """What one player hears in a whole online game: `sixdot join` through pipes
    at a table of `players` on the server at `url`, the other seats sensible
    bots, each command once, then always the first move (as `heard_lines`).
    Each game is a new account with its settings in a new folder in `home`, so
    no kept session logs in for it; `rules` adds house rules to the table."""
    number = next(PLAYERS)
    result = join_game(
        url,
        "--verbosity",
        verbosity.value,
        env={"SIXDOT_CONFIG": str(Path(tempfile.mkdtemp(dir=home)) / "config.toml")},
        name=f"Cleo{number}",
        table=f"{game.name} {players}",
        rules=f"bots=sensible {rules}".strip(),
        first=[*COMMANDS, *REVIEW],
        within=600,
    )
    assert result.rc == 0, result.err
    return [line for line in result.lines if line.strip()]


def game_lines(
    game: Game,
    verbosity: Verbosity,
    seeds: Sequence[int],
    options: Mapping[str, object] | None = None,
) -> list[str]:
    """Every seat's lines of sensible-bot games at the most players, one game a seed."""
    return [
        line
        for seed in seeds
        for line in rendered_lines(game, verbosity, seed, DEFAULT_LEVEL, options)
    ]
