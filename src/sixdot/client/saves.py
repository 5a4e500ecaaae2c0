"""Games kept on disk as they are played, so quitting or a closed terminal loses nothing.

A saved game is what replays it exactly: the game, how the table is seated,
the seed, the options, the word list and every move so far as seat and
notation; the rules core rebuilds the state from that. The rules' revision is
kept too: a game saved under other rules would replay as another game, so it
is refused with both revisions named. Each game is a file,
`<game>-<seed>.json`, in the data folder (~/.local/share/sixdot/saved on
Linux) or the folder SIXDOT_SAVES names (tests, profiles): starting another
game never replaces a saved one, and a game that ends removes its file.

A file is a line of JSON with the game and the moves known when it was
written, written whole and moved into place; each move after that is one more
line, `[seat, "notation"]`, appended and synced to the disk. So saving a move
costs the same at move 10 as at move 2,000 (writing the whole game after
every move took two thirds of a Consonants game's time through a pipe), a kill
at any moment loses nothing already said, and a line a crash cut short is
dropped when the file is read. Version 1 files, one JSON document, are read
as before.

A file that cannot be used is reported with what is wrong and left as it is,
for the player to mend or delete.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import platformdirs

from sixdot.core import SixdotError
from sixdot.files import FileLimitError, read_limited, sweep, write_whole
from sixdot.games import GAMES, present
from sixdot.visible import excerpt, visible

if TYPE_CHECKING:  # a saved game's Setup is made when one is read, not at import
    from sixdot.client.session import Setup

#: Set by whatever starts sixdot other than the `sixdot` command on PATH
#: (`scripts/play` sets `scripts/play`): the command advice names.
COMMAND_ENV = "SIXDOT_COMMAND"


#: The longest launcher command (SIXDOT_COMMAND) said in advice. A path found
#: from how sixdot was started is said whole: a cut one would not work.
COMMAND_LONGEST = 60


def command() -> str:
    """The command that starts sixdot for this player, for advice such as
    "Saved: scripts/play resume letters goes on from here.": what the launcher
    said (`scripts/play`), else as this program was started (`as_started`)."""
    told = excerpt(os.environ.get(COMMAND_ENV, "").strip(), COMMAND_LONGEST)
    return told or as_started(sys.argv[0])


def as_started(started: str) -> str:
    """`sixdot` when that name on PATH is the program running; else the path
    it was started by (`.venv/bin/sixdot`, as typed, so it works from the same
    folder), or `python -m sixdot` with this Python. Advice to type `sixdot`
    fails where `sixdot` is not on PATH (the user guide offers `.venv/bin/sixdot`)."""
    path = Path(started)
    if path.name == "__main__.py":
        return visible(f"{sys.executable} -m sixdot")
    found = shutil.which("sixdot")
    if path.stem != "sixdot" or (found is not None and Path(found).resolve() == path.resolve()):
        return "sixdot"
    return visible(started)


FORMAT = "sixdot saved game"
VERSION = 2
#: Versions read: 1 is one JSON document, the moves all inside it.
READ_VERSIONS = (1, 2)
#: A saved game is a few kilobytes (a long game of Consonants about 20 KB);
#: anything much larger is not one of ours.
LARGEST = 4 * 1024 * 1024


class SaveError(SixdotError):
    """A saved game that cannot be written or used; the message is one line."""


def folder() -> Path:
    override = os.environ.get("SIXDOT_SAVES")
    return Path(override) if override else platformdirs.user_data_path("sixdot") / "saved"


def slot(setup: Setup) -> Path:
    """The file a game is kept in."""
    return folder() / f"{setup.game.name}-{setup.seed}.json"


_NAME = re.compile(r"(?P<game>[a-z]+)-(?P<seed>-?[0-9]+)")


def game_of(path: Path) -> str | None:
    """The game a saved file's name says it holds, if it names one installed.

    Read from the name alone: listing saved games imports no game's rules.
    """
    name = _NAME.fullmatch(path.stem)
    return name["game"] if name and name["game"] in present() else None


def saved(game: str | None = None) -> list[Path]:
    """The files of saved games (of `game`, or of every game), the last played first.

    A write cut short by a killed run left a temporary file: it goes first.
    """
    sweep(folder())
    found = [
        path
        for path in folder().glob("*.json")
        if game_of(path) is not None and game in (None, game_of(path))
    ]
    found.sort(key=lambda p: p.stat().st_mtime, reverse=True)
    return found


def write(setup: Setup) -> int:
    """Keep `setup`, its moves included, in its file, written whole; its size."""
    data = {
        "format": FORMAT,
        "version": VERSION,
        "game": setup.game.name,
        "rules": setup.game.rules.revision,
        "players": setup.players,
        "humans": setup.humans,
        "level": setup.level,
        "seed": setup.seed,
        "options": dict(setup.options),
        "dictionary": setup.dictionary,
        "moves": [[seat, notation] for seat, notation in setup.moves],
    }
    path = slot(setup)
    text = (json.dumps(data) + "\n").encode("utf-8")
    try:
        write_whole(path, text)
    except OSError as err:
        raise SaveError(f"cannot save to {path}: {err.strerror}") from err
    return len(text)


class Keeper:
    """Saves one table's game after each move: the first time whole, then
    each new move appended as a line. Whole again when the file is not as it
    left it (removed, or written by another window resuming the same game)."""

    def __init__(self) -> None:
        #: The file, the moves in it and its size, as last written here.
        self._written: tuple[Path, tuple[tuple[int, str], ...], int] | None = None

    def __call__(self, setup: Setup, over: bool) -> None:
        """After each move: the game saved, or its file removed once the game is over."""
        path = slot(setup)
        if over:
            self._written = None
            try:
                path.unlink(missing_ok=True)
            except OSError as err:
                raise SaveError(f"cannot remove the finished game {path}: {err.strerror}") from err
            return
        known = self._written
        if known is None or not self._extends(known, path, setup.moves):
            self._written = (path, setup.moves, write(setup))
            return
        new = setup.moves[len(known[1]) :]
        lines = "".join(json.dumps([seat, notation]) + "\n" for seat, notation in new)
        try:
            with open(path, "ab") as file:
                file.write(lines.encode("utf-8"))
                file.flush()
                os.fsync(file.fileno())
                size = file.tell()
        except OSError as err:
            raise SaveError(f"cannot save to {path}: {err.strerror}") from err
        self._written = (path, setup.moves, size)

    @staticmethod
    def _extends(
        known: tuple[Path, tuple[tuple[int, str], ...], int],
        path: Path,
        moves: tuple[tuple[int, str], ...],
    ) -> bool:
        """Whether `moves` only add to what the file at `path` holds, as written here."""
        was, written, size = known
        if was != path or moves[: len(written)] != written:
            return False
        try:
            return path.stat().st_size == size
        except OSError:
            return False


def read(path: Path) -> Setup:
    """The game saved in `path`, each field checked; SaveError says what is wrong.

    The Setup's game is the bare game: the caller applies the saved word list,
    then `check`s the moves.
    """
    try:
        text = read_limited(path, LARGEST).decode("utf-8")
    except FileLimitError as err:
        raise SaveError(f"{err}, too large for a saved game") from None
    except OSError as err:
        raise SaveError(f"cannot read {path}: {err.strerror}") from None
    except UnicodeDecodeError:
        raise SaveError(f"{path} is not a saved game: not UTF-8 text") from None
    data, added = _parsed(path, text)
    from sixdot.client.session import Setup

    game = GAMES.get(str(data.get("game")))  # imports this one game only
    if game is None:
        raise SaveError(f"{path} holds no game sixdot knows: {_shown(data.get('game'))}")
    # A file from before rules revisions has none: its moves are checked as they replay.
    revision, current = data.get("rules", game.rules.revision), game.rules.revision
    if revision != current or isinstance(revision, bool):
        raise SaveError(
            f"{path} was saved under {game.rules.title} rules revision {_shown(revision)};"
            f" this sixdot plays revision {current}, where its moves would make another game"
        )
    try:
        setup = Setup(
            game,
            players=_whole(data, "players"),
            humans=_whole(data, "humans"),
            level=_text(data, "level"),
            seed=_whole(data, "seed"),
            options=_options(data.get("options")),
            dictionary=data.get("dictionary") and _text(data, "dictionary"),
            moves=_moves(data.get("moves")) + added,
        )
        if setup.level not in game.bots:
            raise ValueError(f"there is no bot level {_shown(setup.level)}")
        if not 1 <= setup.humans <= setup.players:
            raise ValueError(f"{setup.humans} people cannot sit at {setup.players} seats")
    except ValueError as err:
        raise SaveError(f"{path} cannot be used: {err}") from None
    return setup


def check(setup: Setup, path: Path) -> None:
    """SaveError unless the table can be set and every saved move is legal where it stands."""
    rules = setup.game.rules
    try:
        state = rules.new_game(setup.players, setup.options, setup.seed)
    except SixdotError as err:
        raise SaveError(f"{path} cannot be used: {err}") from None
    for count, (seat, notation) in enumerate(setup.moves, 1):
        try:
            state, _ = state.apply(seat, rules.parse_action(notation))
        except SixdotError:
            raise SaveError(
                f"{path} cannot be used: move {count}, '{excerpt(notation)}' by seat {seat + 1},"
                " is not legal there"
            ) from None


def _parsed(path: Path, text: str) -> tuple[dict[str, object], tuple[tuple[int, str], ...]]:
    """A file's game, and the moves appended after it (none in version 1)."""
    try:
        data, end = json.JSONDecoder().raw_decode(text.lstrip())
    except json.JSONDecodeError as err:
        raise SaveError(f"{path} is not a saved game: {err.msg} at line {err.lineno}") from None
    except RecursionError:
        raise SaveError(f"{path} is not a saved game: nested too deeply") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(f"{path} is not a saved game")
    version = data.get("version")
    if version not in READ_VERSIONS or isinstance(version, bool):
        raise SaveError(f"{path} is a saved game of version {_shown(version)}, not {VERSION}")
    rest = text.lstrip()[end:]
    if version == 1 and rest.strip():
        raise SaveError(f"{path} is not a saved game: more after its end")
    lines = rest.split("\n")
    if lines and lines[-1] and not rest.endswith("\n"):
        lines.pop()  # cut short by a crash as it was appended: that move was never kept
    added = []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            added.append(json.loads(line))
        except (json.JSONDecodeError, RecursionError):
            raise SaveError(f"{path} is not a saved game: line {number} is not a move") from None
    try:
        return data, _moves(added)
    except ValueError as err:
        raise SaveError(f"{path} cannot be used: {err}") from None


def _shown(value: object) -> str:
    """A value from the file as an error quotes it: a short excerpt, text marked as text.

    >>> _shown("1"), _shown(2), _shown(None), len(_shown("x" * 1000))
    ("'1' (text)", '2', 'nothing', 49)
    """
    if value is None:
        return "nothing"
    if isinstance(value, str):
        return f"'{excerpt(value)}' (text)"
    return excerpt(repr(value))


def _whole(data: dict[str, object], key: str) -> int:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{key} must be a whole number")
    return value


def _text(data: dict[str, object], key: str) -> str:
    value = data.get(key)
    if not isinstance(value, str):
        raise ValueError(f"{key} must be text")
    return value


def _options(value: object) -> dict[str, object]:
    if not isinstance(value, dict) or not all(
        isinstance(v, str | int | bool) for v in value.values()
    ):
        raise ValueError("options must name values")
    return value


def _moves(value: object) -> tuple[tuple[int, str], ...]:
    if not isinstance(value, list):
        raise ValueError("moves must be a list")
    moves = []
    for item in value:
        if (
            not isinstance(item, list)
            or len(item) != 2
            or isinstance(item[0], bool)
            or not isinstance(item[0], int)
            or not isinstance(item[1], str)
        ):
            raise ValueError(f"{_shown(item)} is not a move: [seat, notation] expected")
        moves.append((item[0], item[1]))
    return tuple(moves)


__all__ = ["Keeper", "SaveError", "check", "game_of", "read", "saved", "slot", "write"]
