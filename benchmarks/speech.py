"""Speech benchmarks: every line spoken, how soon, its first audio, and the end.

Run from the repository root:  .venv/bin/python benchmarks/speech.py

0. Lines printed vs lines spoken over whole bot-only games, announced through
   a real Table to a Speech output (issue 15): must be 100%, since nothing
   but a keypress may drop a line.
1. Event to speech call: whole bot-only games are announced through a real
   Table (presenter, phrasebook, terminal writes) with a Speech output whose
   voice only notes the time it is called. Each sample is one event, from
   `Table.announce` to the voice's `speak` for its first line, spoken forms
   applied on the way. Target: p99 of 5 ms or less (issue 8).
2. Speech call to first audio sample, for sixdot's own voice writing to a
   file: from `Speech.deliver` to the line's WAV file being complete, which
   is when a player could start it (pyttsx3 writes the file whole). Skipped
   when espeak-ng or pyttsx3 is missing.

3. Last line printed to exit in screenreader mode: the real program plays a
   whole Nonesuch game through a pipe against a private speech-dispatcher
   (espeak-ng into ALSA's null device); the time from its last line on
   stdout to its exit is the wait for the queued lines to be spoken, which
   must stay within speech.FINISH_SECONDS per line. Skipped without
   speech-dispatcher.

Percentiles are printed with the ratio to the target (at most 1.0 meets it)
and saved as JSON in benchmarks/results/speech.json.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from common import percentile
from sixdot.client.session import Setup, Table
from sixdot.client.terminal import Terminal
from sixdot.games import GAMES
from sixdot.output.pronounce import pronouncer
from sixdot.output.speech import FINISH_SECONDS, Speech
from sixdot.output.tts import WavFolder, open_tts
from sixdot.output.voice import VoiceError
from sixdot.present.phrasebook import Phrasebook

#: Event to speech call, 99th percentile, in milliseconds (issue 8).
EVENT_P99_TARGET_MS = 5.0

PHRASES = (
    "Your turn: EW offered.",
    "Take as E left, W right, or pass.",
    "Ana takes RM as M, OD as O. Line M O.",
    "Round 1 over: Ben has 11 cards.",
    "Alphabeticell: 3 players, seed 3. Options: target 30. You play seat 1. Type help.",
)


def summary(samples: list[float]) -> dict[str, float]:
    return {
        "samples": len(samples),
        "p50": round(percentile(samples, 50), 3),
        "p90": round(percentile(samples, 90), 3),
        "p99": round(percentile(samples, 99), 3),
        "max": round(max(samples), 3),
        "mean": round(statistics.fmean(samples), 3),
    }


class Stopwatch:
    """A voice that says nothing and notes when each line reached it."""

    def __init__(self) -> None:
        self.calls: list[float] = []

    def speak(self, text: str, stopped: threading.Event) -> None:
        self.calls.append(time.perf_counter())

    def cancel(self) -> None:
        """Nothing is ever being said."""

    def close(self) -> None:
        """Nothing to let go of."""


def event_to_call_ms(games: int, players: int) -> tuple[list[float], int, int]:
    """Each event of bot-only games, announced through a Table to a speaking output.

    Also the lines the terminal printed and the lines the voice was asked to say.
    """
    game = GAMES["alphabeticell"]
    voice = Stopwatch()
    speech = Speech.start(lambda: voice, pronouncer("en"))
    samples: list[float] = []
    printed = 0
    for seed in range(games):
        setup = Setup(game, players, humans=1, seed=seed)
        screen = io.StringIO()
        table = Table(setup, Phrasebook(), Terminal(io.StringIO(), screen), [speech])
        bots = [game.bots["sensible"](s, seed) for s in range(players)]
        state, events = game.rules.begin(players, None, seed)
        while True:
            for event in events:
                before = len(voice.calls)
                start = time.perf_counter()
                table.announce([event])
                speech.wait_idle()
                if len(voice.calls) > before:  # events hidden from seat 1 are not said
                    samples.append((voice.calls[before] - start) * 1000)
            if state.is_over:
                break
            seat = state.to_act()[0]
            action = bots[seat].choose(state.view(seat), state.legal_actions(seat))
            state, events = state.apply(seat, action)
        printed += len(screen.getvalue().splitlines())
    speech.close()
    return samples, printed, len(voice.calls)


#: A whole short game for the end-to-end timing: about 90 lines.
GAME = ("play", "nonesuch", "--players", "3", "--seed", "1", "--option", "target=5")


def last_line_to_exit_s(runs: int) -> list[float] | None:
    """Seconds from the last line printed to exit, `sixdot --speech screenreader` in a pipe."""
    if shutil.which("speech-dispatcher") is None:
        print("last line to exit: skipped (no speech-dispatcher)")
        return None
    samples = []
    with tempfile.TemporaryDirectory(prefix="sixdot-bench-speechd-") as folder:
        root = Path(folder)
        (root / "conf").mkdir()
        (root / "conf" / "speechd.conf").write_text(
            'AudioOutputMethod "alsa"\nAudioALSADevice "null"\n'
            'AddModule "espeak-ng" "sd_espeak-ng" "espeak-ng.conf"\nDefaultModule "espeak-ng"\n'
        )
        socket = root / "speechd.sock"
        server = subprocess.Popen(
            ["speech-dispatcher", "--run-single", "--config-dir", str(root / "conf"),
             "--log-dir", folder, "--communication-method", "unix_socket",
             "--socket-path", str(socket), "--pid-file", str(root / "pid"), "--timeout", "60"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
        )  # fmt: skip
        env = dict(
            os.environ,
            SPEECHD_ADDRESS=f"unix_socket:{socket}",
            SIXDOT_CONFIG=str(root / "config.toml"),
            SIXDOT_SAVES=str(root / "saves"),
        )
        try:
            while not socket.exists():
                time.sleep(0.05)
            sixdot = [sys.executable, "-m", "sixdot", *GAME, "--speech", "screenreader"]
            for _ in range(runs):
                game = subprocess.Popen(
                    sixdot, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env
                )
                assert game.stdin is not None and game.stdout is not None
                game.stdin.write("1\n" * 200)
                game.stdin.close()
                last = time.perf_counter()
                for _line in game.stdout:
                    last = time.perf_counter()
                game.wait()
                samples.append(time.perf_counter() - last)
        finally:
            os.killpg(server.pid, signal.SIGTERM)
            server.wait()
    return samples


class TimedFolder(WavFolder):
    """Keeps the files, notes when each is complete, and does not wait as a listener would."""

    def __init__(self, folder: Path) -> None:
        super().__init__(folder)
        self.ready: list[float] = []

    def play(self, path: Path, stopped: threading.Event) -> None:
        self.ready.append(time.perf_counter())


def first_audio_ms(rounds: int) -> dict[str, list[float]] | None:
    """Speech call to a complete WAV file, per phrase length; None without espeak-ng."""
    with tempfile.TemporaryDirectory(prefix="sixdot-bench-") as folder:
        sinks: list[TimedFolder] = []

        def voice():  # type: ignore[no-untyped-def]
            tts = open_tts(save_to=folder)
            tts.sink = TimedFolder(Path(folder))
            sinks.append(tts.sink)
            return tts

        try:
            speech = Speech.start(voice, pronouncer("en"))
        except VoiceError as err:
            print(f"tts first audio: skipped ({err})")
            return None
        times: dict[str, list[float]] = {p: [] for p in PHRASES}
        for _ in range(rounds):
            for phrase in PHRASES:
                start = time.perf_counter()
                speech.deliver(phrase)
                speech.wait_idle()
                times[phrase].append((sinks[0].ready[-1] - start) * 1000)
        speech.close()
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="bot-only games to announce")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=20, help="times each phrase is spoken")
    parser.add_argument("--runs", type=int, default=3, help="screenreader games timed to exit")
    args = parser.parse_args()
    results: dict[str, object] = {}

    calls, printed, spoken = event_to_call_ms(args.games, args.players)
    results["lines_printed_vs_spoken"] = {"printed": printed, "spoken": spoken}
    print(
        f"lines spoken / printed over {args.games} bot games = {spoken} / {printed} "
        f"= {spoken / printed:.3f} (target 1.000: {'meets' if spoken == printed else 'MISSES'})"
    )
    events = summary(calls)
    results["event_to_speech_call_ms"] = events
    ratio = events["p99"] / EVENT_P99_TARGET_MS
    print(
        f"event to speech call, ms: p50 {events['p50']}, p90 {events['p90']}, "
        f"p99 {events['p99']}, max {events['max']} over {events['samples']} events"
    )
    verdict = "meets" if ratio <= 1 else "MISSES"
    print(f"event to speech call: p99 / {EVENT_P99_TARGET_MS} ms target = {ratio:.3f} ({verdict})")

    audio = first_audio_ms(args.rounds)
    if audio is not None:
        rows = {}
        for phrase, samples in audio.items():
            row = summary(samples)
            rows[phrase] = row
            print(
                f"tts first audio, ms, {len(phrase)} characters: p50 {row['p50']}, "
                f"p90 {row['p90']}, p99 {row['p99']}, max {row['max']}"
            )
        overall = summary([s for samples in audio.values() for s in samples])
        rows["all"] = overall
        print(
            f"tts first audio, ms, all phrases: p50 {overall['p50']}, p90 {overall['p90']}, "
            f"p99 {overall['p99']} over {overall['samples']} lines"
        )
        results["tts_call_to_first_audio_ms"] = rows

    ends = last_line_to_exit_s(args.runs)
    if ends is not None:
        row = summary(ends)
        results["screenreader_last_line_to_exit_s"] = row
        print(
            f"screenreader, last line printed to exit, s: p50 {row['p50']}, max {row['max']} "
            f"over {row['samples']} whole games; max / {FINISH_SECONDS:g} s bound per line = "
            f"{row['max'] / FINISH_SECONDS:.3f}"
        )

    out = Path(__file__).parent / "results"
    out.mkdir(exist_ok=True)
    (out / "speech.json").write_text(json.dumps(results, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
