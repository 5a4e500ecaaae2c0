"""Issue 17: kill -9 at any moment of a game loses no saved move.

Piped games of every game are killed with SIGKILL at random moments; then
`sixdot resume` must rebuild exactly the moves the save holds and say their
true count, a game killed right after its first move must have a save, and no
temporary file may be left in the saves folder once sixdot has started again.
Every game here is the same seed played with move 1, so every save of it holds
the start of the same list of moves.

A few kills a game in the normal run; 100 a game with --runslow.
"""

from __future__ import annotations

import random
import signal
import subprocess
import time

import pytest

from clienttools import pipe_env, run, sixdot_command
from hostiletools import (
    GAME_NAMES,
    GAME_OVER,
    QUICK,
    RawTalk,
    leftovers,
    resumed_count,
    saved_moves,
    slot,
)

SEED = 11


def killed_at(game: str, delay: float) -> list[list[object]] | None:
    """Play move 1 over and over, kill -9 after `delay` seconds: the moves saved."""
    slot(game, SEED).unlink(missing_ok=True)
    proc = subprocess.Popen(
        [*sixdot_command(), "play", game, "--seed", str(SEED), *QUICK[game]],
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=pipe_env(),
    )
    try:
        assert proc.stdin is not None
        proc.stdin.write(b"1\n" * 3000)  # fits in the pipe: it never blocks
        proc.stdin.flush()
        time.sleep(delay)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        if proc.stdin is not None:
            proc.stdin.close()
    return saved_moves(game, SEED)


def resumes_exactly(game: str, moves: list[list[object]] | None) -> None:
    """The next start says the saved count and leaves no temporary file."""
    out = run("resume", game, input="", timeout=30)
    assert "Traceback" not in out.err, out.err[-2000:]
    assert leftovers() == [], "a temporary file outlived the next start"
    if moves is None:
        assert out.rc == 2 and out.err.startswith("sixdot: no saved "), out.err[-300:]
        return
    assert out.rc == 0, out.err[-500:]
    assert resumed_count(out.lines) == len(moves), (len(moves), out.lines[:8])
    # The bots may play on after the resume, even to the end of the game; the moves
    # saved before are kept as they were.
    after = saved_moves(game, SEED)
    if after is None:
        assert any(GAME_OVER.search(line) for line in out.lines), out.lines[-5:]
    else:
        assert after[: len(moves)] == moves


def same_game(saves: list[list[list[object]]]) -> None:
    """Every save is the start of the longest: no move lost, changed or added."""
    longest = max(saves, key=len, default=[])
    for moves in saves:
        assert moves == longest[: len(moves)], "a save differs from the game played"


def kill_and_resume(game: str, kills: int, rng: random.Random) -> None:
    saves = []
    for _ in range(kills):
        moves = killed_at(game, rng.uniform(0.2, 0.9))
        resumes_exactly(game, moves)
        if moves is not None:
            saves.append(moves)
    same_game(saves)


def first_move_killed(game: str) -> list[list[object]] | None:
    """Kill -9 as soon as the game has taken our first move and waits for the next line."""
    slot(game, SEED).unlink(missing_ok=True)
    talk = RawTalk("play", game, "--seed", str(SEED), *QUICK[game])
    try:
        talk.ask()
        talk.ask("1")
        assert not talk.ended
    finally:
        talk.kill()
    return saved_moves(game, SEED)


@pytest.mark.parametrize("game", GAME_NAMES)
def test_a_game_killed_right_after_its_first_move_has_a_save(game: str) -> None:
    moves = first_move_killed(game)
    assert moves is not None, "the first move was not saved"
    assert any(seat == 0 for seat, _ in moves), moves  # ours, not only the bots'
    resumes_exactly(game, moves)


@pytest.mark.parametrize("game", GAME_NAMES)
def test_games_killed_at_random_moments_resume_where_they_were(game: str) -> None:
    kill_and_resume(game, 2, random.Random(f"{game}-kill"))


@pytest.mark.slow
@pytest.mark.parametrize("game", GAME_NAMES)
def test_soak_100_kills_a_game(game: str) -> None:
    kill_and_resume(game, 100, random.Random(f"{game}-soak"))
