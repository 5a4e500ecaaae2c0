"""The `sixdot` command: the menu, play, simulate, tournament, cards and rules."""

from __future__ import annotations

import argparse
import dataclasses
import os
import sys
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from sixdot import __version__
from sixdot.client import saves
from sixdot.client.choice import number
from sixdot.client.terminal import Terminal, note, open_terminal
from sixdot.config import (
    DICTIONARY,
    PAUSE,
    SPEECH_MODE,
    SPEECH_MODES,
    Config,
    ConfigError,
    default_path,
)
from sixdot.core.errors import OptionError, PlayerCountError, SixdotError, UnknownGame
from sixdot.core.options import parse_assignments, resolve_options
from sixdot.games import DEFAULT_LEVEL, GAMES, get_game, present
from sixdot.present.phrasebook import Phrasebook, Verbosity
from sixdot.sim import StalledGame
from sixdot.visible import excerpt, visible

# Start-up reads this module before anything else: what only one command needs
# (a table, the menu, speech, bots playing bots) is imported by that command,
# so `sixdot --help` and the first prompt of a game wait for no more (issue 20).
if TYPE_CHECKING:
    from sixdot.client.session import Setup
    from sixdot.games import Game
    from sixdot.output import Output
    from sixdot.present.focus import FocusItem


class UsageError(SixdotError):
    """A command line that cannot be carried out; the message says what is accepted."""


def _parser() -> argparse.ArgumentParser:
    games = ", ".join(present())
    top = argparse.ArgumentParser(
        prog="sixdot",
        description="An accessible card table. With no command, a menu opens.",
        epilog=f"Games: {games}.",
    )
    top.add_argument("--version", action="version", version=f"sixdot {__version__}")
    top.add_argument("--plain", action="store_true", help="typed commands only, no line editor")
    top.add_argument("--verbosity", choices=["brief", "full"], default="full")
    speech_help = (
        "speak every line: auto, screenreader, tts (sixdot's own voice) or text (no speech);"
        " remembered for next time"
    )
    top.add_argument("--speech", choices=SPEECH_MODES, metavar="MODE", help=speech_help)
    sub = top.add_subparsers(dest="command", metavar="COMMAND")

    def game_command(name: str, help_text: str) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=help_text, description=help_text)
        p.add_argument("game", metavar="GAME", help=f"one of: {games}")
        return p

    def table_options(p: argparse.ArgumentParser) -> None:
        p.add_argument("--seed", type=int, help="random seed; the same seed replays a game")
        p.add_argument(
            "--option",
            action="append",
            default=[],
            metavar="NAME=VALUE",
            help="a house rule, for example target=40; repeat for more",
        )
        p.add_argument(
            "--dictionary",
            metavar="PATH",
            help="your own word list for the word games, one word a line",
        )

    def output_options(p: argparse.ArgumentParser) -> None:
        p.add_argument(
            "--verbosity",
            choices=["brief", "full"],
            default=argparse.SUPPRESS,
            help="how much is said about each event (full)",
        )
        p.add_argument(
            "--plain",
            action="store_true",
            default=argparse.SUPPRESS,
            help="typed commands only, no line editor",
        )
        p.add_argument(
            "--braille",
            choices=["off", "brlapi", "screenreader"],
            default="off",
            help="also show the focus and each line on a braille display: brlapi "
            "(BRLTTY, Linux), screenreader (NVDA or JAWS's display, Windows)",
        )
        p.add_argument(
            "--braille-table",
            default="grade1",
            metavar="TABLE",
            help="braille display translation: grade1 (default), grade2 or a liblouis table",
        )
        p.add_argument(
            "--speech",
            choices=SPEECH_MODES,
            metavar="MODE",
            default=argparse.SUPPRESS,
            help=speech_help,
        )

    play = game_command("play", "play a game against bots or friends at one keyboard")
    play.add_argument("--players", type=int, help="number of players, people and bots")
    play.add_argument("--humans", type=int, default=1, help="people at this keyboard (1)")
    play.add_argument(
        "--bots", default=DEFAULT_LEVEL, metavar="LEVEL", help=f"bot level ({DEFAULT_LEVEL})"
    )
    table_options(play)
    output_options(play)

    resume = sub.add_parser(
        "resume",
        help="go on with a saved game (every game is saved as it is played)",
        description="Go on with a saved game. Every game is saved after each move.",
    )
    resume.add_argument(
        "game",
        metavar="GAME",
        nargs="?",
        help="the last saved game of GAME, or the game numbered N in --list (the last played)",
    )
    resume.add_argument("--list", action="store_true", help="list every saved game, numbered")
    output_options(resume)

    sim = game_command("simulate", "play bot-only games and summarise the results")
    sim.add_argument("--games", type=int, default=100, help="how many games (100)")
    sim.add_argument("--players", type=int, help="number of bots")
    sim.add_argument(
        "--bots",
        default=DEFAULT_LEVEL,
        metavar="LEVEL",
        help=f"bot level for every seat ({DEFAULT_LEVEL})",
    )
    sim.add_argument("--json", action="store_true", help="one JSON object per game")
    table_options(sim)

    tour = game_command("tournament", "measure bot levels against each other")
    tour.add_argument(
        "--bots",
        required=True,
        metavar="LEVEL,LEVEL,...",
        help="the levels to seat, one per seat, rotated between games",
    )
    tour.add_argument("--games", type=int, default=200, help="how many games (200)")
    table_options(tour)

    cards = game_command("cards", "list a game's deck")
    cards.add_argument("--braille", action="store_true", help="add each card's braille cells")

    game_command("rules", "print the rules of a game")

    emboss = game_command("emboss", "write a game's deck as a braille file to emboss")
    emboss.add_argument(
        "-o", "--output", required=True, metavar="FILE.brf", help="the BRF file to write"
    )

    server = sub.add_parser(
        "serve",
        help="run a server for online tables (docs/online.md)",
        description="Run a server for online tables. It listens on this computer only"
        " unless --host says otherwise; TLS when given a certificate and key. Accounts"
        " and tables are kept in a SQLite file in --data, or in Redis with --store"
        " (docs/online.md).",
    )
    server.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
    server.add_argument("--port", type=int, default=8765, help="port to listen on (8765; 0: any)")
    kept = server.add_mutually_exclusive_group()
    kept.add_argument(
        "--data", metavar="DIR", help="the folder of the SQLite store of accounts and tables"
    )
    kept.add_argument(
        "--store",
        metavar="URL",
        type=_store_url,
        help="keep accounts and tables in Redis instead: redis://HOST:PORT/DB",
    )
    server.add_argument(
        "--lease",
        metavar="SECONDS",
        type=float,
        help="with --store: how long a table waits for another process when its own dies (15)",
    )
    server.add_argument("--certfile", metavar="FILE", help="TLS certificate (PEM)")
    server.add_argument("--keyfile", metavar="FILE", help="TLS private key (PEM)")
    server.add_argument(
        "--log-level",
        choices=LOG_LEVELS,
        default="warning",
        help="the least grave lines logged on stderr (warning; info adds the tables restored)",
    )

    join = sub.add_parser(
        "join",
        help="join an online table server",
        description="Join a sixdot server: log in, find a table in the lobby, play.",
    )
    join.add_argument(
        "url", nargs="?", default="ws://127.0.0.1:8765", help="the server (ws://127.0.0.1:8765)"
    )
    join.add_argument("--name", help="your account name (asked if not given)")
    output_options(join)
    return top


def main(argv: Sequence[str] | None = None) -> int:
    _speak_unicode()
    args = _parser().parse_args(argv)
    _settings_at.cache_clear()  # read anew by every run, in-process ones included
    try:
        return _run(args)
    except UnknownGame as err:
        return _fail(str(err))
    except (PlayerCountError, OptionError, UsageError, StalledGame, saves.SaveError) as err:
        return _fail(str(err))
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader went away (`sixdot cards x | head`): stop quietly, as `cat` does.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


def _store_url(url: str) -> str:
    """--store: a Redis's URL, refused in one line if it is not one (the
    store module is imported only when it is given: the client starts quicker)."""
    from sixdot.server.storage import shared

    if not shared(url):
        raise argparse.ArgumentTypeError(f"not a Redis URL (redis://HOST:PORT/DB): {url}")
    return url


def _speak_unicode() -> None:
    """Braille cells and card names reach any output whole. Redirected output on
    Windows is written in the system's code page (cp1252), which has no braille:
    there it is written in UTF-8 instead; a console that cannot show a character
    shows a replacement, never a traceback."""
    for stream in (sys.stdout, sys.stderr):
        encoding = getattr(stream, "encoding", None) or "utf-8"
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is None or "⠿".encode(encoding, errors="ignore"):
            continue
        if stream.isatty():
            reconfigure(errors="replace")
        else:
            reconfigure(encoding="utf-8")


def _fail(message: str) -> int:
    _notice(message)
    return 2


def _run(args: argparse.Namespace) -> int:
    verbosity = Verbosity(args.verbosity)
    words = Phrasebook(verbosity=verbosity)
    command = args.command
    if command is None:
        return _menu(words, args)
    if command == "resume":
        return _resume(words, args)
    if command == "serve":
        from sixdot.server.command import serve_command

        return serve_command(
            args.host,
            args.port,
            args.data,
            args.certfile,
            args.keyfile,
            args.log_level,
            args.store,
            args.lease,
        )
    if command == "join":
        from sixdot.client.remote import join_command

        return join_command(args, words, _outputs(args))
    game = get_game(args.game)
    if command == "rules":
        from sixdot.client.docs import rules_lines

        say = Terminal().say  # paced: 144 lines at once outrun a screen reader
        for line in rules_lines(game.name):
            say(line)
        return 0
    if command == "cards":
        return _cards(game, words, args.braille)
    if command == "emboss":
        return _emboss(game, words, args.output)
    dictionary = _dictionary(game, args.dictionary)
    game = _with_dictionary(game, dictionary)
    options = parse_assignments(args.option)
    resolve_options(game.rules.options, options)
    import secrets

    seed = args.seed if args.seed is not None else secrets.randbelow(1_000_000)
    if command == "play":
        from sixdot.client.session import Setup

        players = _players(game, args.players)
        if not 1 <= args.humans <= players:
            raise UsageError(f"--humans must be 1 to {players}, not {args.humans}")
        _level(game, args.bots)
        setup = Setup(game, players, args.humans, args.bots, seed, options, dictionary)
        return _play(setup, words, args)
    if command == "simulate":
        return _simulate(game, words, args, seed, options)
    return _tournament(game, words, args, seed, options)


def _play(setup: Setup, words: Phrasebook, args: argparse.Namespace) -> int:
    """Seat the table and play, saving the game after every move."""
    from sixdot.client.session import Table

    outputs = _outputs(args)
    try:
        term = open_terminal(args.plain)
        Table(setup, words, term, outputs, saves.Keeper(), _pauses(term)).run()
    finally:
        for output in outputs:
            output.close()
    return 0


def _resume(words: Phrasebook, args: argparse.Namespace) -> int:
    """Go on with the saved game played last (of the game named, if one is), or
    the one numbered in `sixdot resume --list`."""
    if args.list:
        return _list_saved(words)
    place = number(args.game or "")
    if place is not None:
        found = saves.saved()
        if not 1 <= place <= len(found):
            raise UsageError(
                f"no saved game {place}: there are {len(found)};"
                f" {saves.command()} resume --list numbers them"
            )
        path = found[place - 1]
    else:
        name = None if args.game is None else get_game(args.game).name
        found = saves.saved(name)
        if not found:
            if name is None:
                raise UsageError(f"no saved game: start one with {saves.command()} play GAME")
            others = sorted({str(saves.game_of(path)) for path in saves.saved()})
            raise UsageError(f"no saved {name} game; saved games: {', '.join(others) or 'none'}")
        path = found[0]
    return _play(_ready(saves.read(path), path), words, args)


def _list_saved(words: Phrasebook) -> int:
    """Every saved game, numbered for `sixdot resume N`, the last played first."""
    from sixdot.client.menu import Menu

    found = saves.saved()
    print(words("resume-list", count=len(found)))
    menu = Menu(words, Terminal())
    for place, path in enumerate(found, 1):
        try:
            label = menu.saved_label(saves.read(path))
        except SixdotError as err:
            label = words("menu-save-broken", reason=str(err))
        print(words("choice-item", number=place, label=label))
    return 0


def _ready(setup: Setup, path: Path) -> Setup:
    """A saved game read from `path`, with the word list it was played with, checked."""
    setup = dataclasses.replace(setup, game=_with_dictionary(setup.game, setup.dictionary))
    saves.check(setup, path)
    return setup


def _outputs(args: argparse.Namespace) -> list[Output]:
    """The output backends asked for besides the printed lines."""
    outputs: list[Output] = []
    # Speech first: while its engine starts, library chatter is kept off the
    # terminal, which would swallow a braille display's notice said meanwhile.
    speech = _speech(args.speech)
    if speech is not None:
        outputs.append(speech)
    if getattr(args, "braille", "off") == "brlapi":
        from sixdot.output.brlapi import open_brlapi

        display = open_brlapi(args.braille_table, notice=_notice)
        if display is not None:
            outputs.append(display)
    if getattr(args, "braille", "off") == "screenreader":
        from sixdot.output.brlapi import NOTICE_OFF
        from sixdot.output.screenreader import open_screenreader_braille
        from sixdot.output.voice import VoiceError

        try:
            outputs.append(open_screenreader_braille())
        except VoiceError as err:
            _notice(NOTICE_OFF.format(reason=err))
    return outputs


def _uses_words(game: Game) -> bool:
    """Word games take their word list as `lexicon` when their rules are made."""
    import inspect

    return "lexicon" in inspect.signature(type(game.rules)).parameters


def _dictionary(game: Game, path: str | None) -> str | None:
    """The player's own word list for a new game: `--dictionary`, else the setting.

    None for the packaged list, and for a game that uses no words.
    """
    if path is not None and not _uses_words(game):
        word_games = ", ".join(g.name for g in GAMES.values() if _uses_words(g))
        raise UsageError(f"{game.name} uses no words; --dictionary is for {word_games}")
    if path is None:
        path = _settings()[DICTIONARY] or None
    if path is None or not _uses_words(game):
        return None
    return os.path.abspath(os.path.expanduser(path))


def _with_dictionary(game: Game, path: str | None) -> Game:
    """`game` judging words by the list at `path` (None: the packaged list).

    A list that cannot be used stops here with a clear message, before any game
    starts, so nothing is lost.
    """
    if path is None:
        return game
    from sixdot.lexicon import Lexicon, LexiconError

    try:
        lexicon = Lexicon.from_file(path)
    except LexiconError as err:
        raise UsageError(f"dictionary not used: {err}") from None
    return dataclasses.replace(game, rules=type(game.rules)(lexicon=lexicon))


#: `sixdot serve --log-level`'s choices, the most said first.
LOG_LEVELS = ("debug", "info", "warning", "error")

#: The longest notice line: it names a file and says what is wrong with it.
NOTICE_LONGEST = 200


def _notice(message: str) -> None:
    """A line about sixdot itself, not the game: to stderr, so stdout stays the game's.

    It may quote a file or a typed word, so it is made visible and kept short.
    """
    note(f"sixdot: {excerpt(message, NOTICE_LONGEST)}")


def _settings() -> Config:
    """The settings file, read once a run; what is wrong with it is said once."""
    return _settings_at(default_path())


@cache
def _settings_at(path: Path) -> Config:
    config = Config.load(path)
    if config.problem:
        _notice(config.problem)
    return config


def _pauses(term: Terminal) -> bool:
    """Whether the table waits for Enter between rounds: at a terminal, unless
    the settings say not (`[play] pause = false`); never through a pipe."""
    return term.interactive and _settings()[PAUSE]


def _speech(mode: str | None) -> Output | None:
    """Speech in the mode given (then saved for next time) or else the one saved."""
    from sixdot.output.speech import open_speech

    config = _settings()
    if mode is not None and not config.holds(SPEECH_MODE, mode):
        config.set(SPEECH_MODE, mode)
        try:
            config.save()
        except ConfigError as err:
            _notice(str(err))
    return open_speech(config, _notice)


def _emboss(game: Game, words: Phrasebook, path: str) -> int:
    from sixdot.emboss import write_brf

    try:
        pages = write_brf(game, path)
    except OSError as err:
        raise UsageError(f"cannot write {path}: {err.strerror}") from None
    print(words("emboss-done", path=path, game=game.rules.title, pages=pages))
    return 0


def _players(game: Game, players: int | None) -> int:
    rules = game.rules
    n = rules.default_players if players is None else players
    if not rules.min_players <= n <= rules.max_players:
        raise PlayerCountError(rules.title, n, rules.min_players, rules.max_players)
    return n


def _level(game: Game, level: str) -> str:
    if level not in game.bots:
        raise UsageError(f"there is no bot level {level!r}; levels: {', '.join(game.bots)}")
    return level


def _games(count: int) -> int:
    if count < 1:
        raise UsageError(f"--games must be 1 or more, not {count}")
    return count


def _simulate(
    game: Game, words: Phrasebook, args: argparse.Namespace, seed: int, options: dict[str, str]
) -> int:
    import json
    import time

    from sixdot.sim import simulate

    players = _players(game, args.players)
    level = _level(game, args.bots)
    count = _games(args.games)
    levels = [level] * players
    start = time.perf_counter()
    wins = [0.0] * players
    sums = [0] * players
    for result in simulate(game, count, levels, seed, options):
        if args.json:
            print(json.dumps(result.as_json()), flush=True)
        for s in result.winners:
            wins[s] += 1 / len(result.winners)
        sums = [a + b for a, b in zip(sums, result.totals, strict=True)]
    elapsed = time.perf_counter() - start
    if not args.json:
        print(
            words("sim-title", game=game.rules.title, games=count, players=players, seed=str(seed))
        )
        for s in range(players):
            print(
                words(
                    "sim-seat",
                    seat=s + 1,
                    level=level,
                    wins=_num(wins[s]),
                    percent=_num(100 * wins[s] / count),
                    mean=_num(sums[s] / count),
                )
            )
    # Speed varies from run to run, so it goes to stderr: stdout stays reproducible.
    print(words("sim-speed", rate=_num(count / elapsed if elapsed else 0.0)), file=sys.stderr)
    return 0


def _tournament(
    game: Game, words: Phrasebook, args: argparse.Namespace, seed: int, options: dict[str, str]
) -> int:
    from sixdot.sim import tournament

    levels = [lv.strip() for lv in args.bots.split(",") if lv.strip()]
    for lv in levels:
        _level(game, lv)
    _players(game, len(levels))
    count = _games(args.games)
    print(words("tournament-title", game=game.rules.title, games=count, bots=", ".join(levels)))
    for standing in tournament(game, levels, count, seed, options):
        low, high = standing.interval
        print(
            words(
                "tournament-level",
                level=standing.level,
                rate=_num(100 * standing.rate),
                low=_num(100 * low),
                high=_num(100 * high),
                samples=standing.seats,
            )
        )
    return 0


def _cards(game: Game, words: Phrasebook, braille: bool) -> int:
    from sixdot.present.braille import card_cells

    entries = game.deck()
    presenter = game.presenter(words, (), None)
    say = Terminal().say  # paced at a terminal, as `rules`
    say(words("cards-title", game=game.rules.title, count=sum(e.count for e in entries)))
    # A game whose cards carry a rank rather than points words the line itself.
    own = f"{presenter.prefix}-cards-line"
    line = own if words.has(own) else "cards-line"
    for entry in entries:
        say(words(line, card=presenter.card(entry.card), count=entry.count, value=entry.value))
        if braille:
            face, value = card_cells(str(entry.card), entry.value, entry.contracted)
            say(face)
            say(value)
    return 0


def _num(value: float) -> str:
    """A number as people read it: no trailing .0, one decimal at most."""
    return f"{value:.1f}".removesuffix(".0")


def _menu(words: Phrasebook, args: argparse.Namespace) -> int:
    import secrets

    from sixdot.client.menu import Menu
    from sixdot.client.session import Table

    outputs = _outputs(args)
    try:
        term = _Echo(open_terminal(args.plain), outputs)
        term.say(words("app-welcome", version=__version__))

        def ready(setup: Setup) -> Setup | None:
            try:
                return _ready(setup, saves.slot(setup))
            except (SixdotError, UsageError) as err:
                term.say(words("menu-save-broken", reason=str(err)))
                return None

        waiting = _waiting(words, term.say)
        setup = Menu(words, term).run(secrets.randbelow(1_000_000), waiting, ready)
        if setup is None:
            term.say(words("menu-left"))
            return 0
        if not setup.moves:
            dictionary = _dictionary(setup.game, None)
            game = _with_dictionary(setup.game, dictionary)
            setup = dataclasses.replace(setup, game=game, dictionary=dictionary)
        Table(setup, words, term.inner, outputs, saves.Keeper(), _pauses(term.inner)).run()
    finally:
        for output in outputs:
            output.close()
    return 0


def _waiting(words: Phrasebook, say: Callable[[str], None]) -> list[Setup]:
    """Every saved game, the last played first, as its file says (the moves are
    checked when it is chosen); a file that cannot be read is reported in one
    line and left on disk for the player to mend."""
    found = []
    for path in saves.saved():
        try:
            found.append(saves.read(path))
        except SixdotError as err:
            say(words("menu-save-broken", reason=str(err)))
    return found


class _Echo(Terminal):
    """The menu's terminal: each line it says also goes to the outputs, as a table's do.

    The menu only says and asks; everything else is the wrapped terminal's.
    """

    def __init__(self, inner: Terminal, outputs: Sequence[Output]) -> None:
        self.inner = inner
        self.outputs = tuple(outputs)
        inner.on_key = self.cut_in

    def __getattr__(self, name: str) -> object:
        return getattr(self.inner, name)

    def say(self, line: str) -> None:
        line = visible(line)
        self.inner.say(line)
        for output in self.outputs:
            output.deliver(line)

    def cut_in(self) -> None:
        """A keypress: the outputs stop what they are saying."""
        for output in self.outputs:
            output.interrupt()

    def ask(
        self, prompt: str, completions: Sequence[str] = (), focus: Sequence[FocusItem] = ()
    ) -> str | None:
        return self.inner.ask(prompt, completions, focus)
