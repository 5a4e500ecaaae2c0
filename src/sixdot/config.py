"""The player's settings: one TOML file, config.toml in the platform's config folder.

Every setting is declared here once, as a `Setting` with its dotted key, its
default and the check a stored value must pass, so the file's whole format can
be read in one place. Adding a setting (review keys, a braille table) is
adding one line to `SETTINGS`; the loader, the checks and the writer need no
change.

A file that cannot be read or parsed is reported in one line and the defaults
are used; it is never overwritten, so the player can mend it. A value that
fails its check is reported the same way and its default used; the rest of
the file still counts. Saving keeps whatever else the file holds, including
tables this version of sixdot does not know, but not its comments.
"""

from __future__ import annotations

import json
import os
import re
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import date, datetime, time
from pathlib import Path
from typing import Any, Generic, TypeVar

import platformdirs

from sixdot.files import FileLimitError, read_limited, write_whole
from sixdot.visible import excerpt

T = TypeVar("T")

FILE_NAME = "config.toml"

SPEECH_MODES = ("auto", "screenreader", "tts", "text")


class ConfigError(Exception):
    """The settings file could not be written; the message is one line."""


# -- checks: each returns the value to use or raises ValueError saying what is accepted --


def one_of(*choices: str) -> Callable[[object], str]:
    def check(value: object) -> str:
        if value not in choices:
            raise ValueError(f"must be one of {', '.join(choices)}")
        return str(value)

    return check


def whole_number(low: int, high: int) -> Callable[[object], int]:
    def check(value: object) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise ValueError(f"must be a whole number from {low} to {high}")
        return value

    return check


def number(low: float, high: float) -> Callable[[object], float]:
    def check(value: object) -> float:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise ValueError(f"must be a number from {low} to {high}")
        if not low <= value <= high:
            raise ValueError(f"must be a number from {low} to {high}")
        return float(value)

    return check


def switch(value: object) -> bool:
    if not isinstance(value, bool):
        raise ValueError("must be true or false")
    return value


def text(value: object) -> str:
    if not isinstance(value, str):
        raise ValueError("must be text in quotes")
    return value


@dataclass(frozen=True)
class Setting(Generic[T]):
    """One setting: where it sits in the file, its default, and what it accepts."""

    key: str
    default: T
    check: Callable[[object], T]

    @property
    def path(self) -> list[str]:
        return self.key.split(".")


SPEECH_MODE = Setting("speech.mode", "text", one_of(*SPEECH_MODES))
TTS_RATE = Setting("speech.tts.rate", 175, whole_number(80, 450))
TTS_VOLUME = Setting("speech.tts.volume", 1.0, number(0.0, 1.0))
TTS_VOICE = Setting("speech.tts.voice", "", text)
TTS_SAVE_TO = Setting("speech.tts.save_to", "", text)
#: A player's own word list for the word games, one word a line; "" is the shipped list.
DICTIONARY = Setting("words.dictionary", "", text)

#: At a terminal, wait for Enter after a round's scores before the next deal,
#: and say long outputs a screenful at a time. Piped play never waits.
PAUSE = Setting("play.pause", True, switch)

#: Every setting, in the order the documentation lists them.
SETTINGS: tuple[Setting[Any], ...] = (
    SPEECH_MODE,
    TTS_RATE,
    TTS_VOLUME,
    TTS_VOICE,
    TTS_SAVE_TO,
    DICTIONARY,
    PAUSE,
)


#: A settings file is a few hundred bytes; one far larger is not a settings file.
LARGEST = 256 * 1024


def default_path() -> Path:
    """~/.config/sixdot/config.toml on Linux; SIXDOT_CONFIG names another (tests, profiles)."""
    override = os.environ.get("SIXDOT_CONFIG")
    return Path(override) if override else platformdirs.user_config_path("sixdot") / FILE_NAME


class Config:
    """The settings as loaded: checked values, the file's raw tables, one problem line."""

    def __init__(
        self, path: Path, data: dict[str, Any], problem: str | None = None, writable: bool = True
    ) -> None:
        self.path = path
        self.data = data
        #: What was wrong with the file, in one line, or None.
        self.problem = problem
        self._writable = writable
        self._values: dict[str, Any] = {}
        problems: list[str] = []
        for setting in SETTINGS:
            found, raw = _lookup(data, setting.path)
            if not found:
                continue
            try:
                self._values[setting.key] = setting.check(raw)
            except ValueError as err:
                problems.append(f"{setting.key} {err}, not {excerpt(_value(raw))}")
        if problems and self.problem is None:
            more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
            self.problem = f"settings file {path}: {problems[0]}{more}; using the default"

    @classmethod
    def load(cls, path: Path | None = None) -> Config:
        """The settings in `path` (the platform's file by default); a missing file is no error."""
        path = path or default_path()
        try:
            data = tomllib.loads(read_limited(path, LARGEST).decode("utf-8"))
        except FileNotFoundError:
            return cls(path, {})
        except FileLimitError as err:
            return cls.unread(path, f"{err}, too large for a settings file")
        except OSError as err:
            return cls.unread(path, f"settings file {path}: {err.strerror}")
        except UnicodeDecodeError:
            return cls.unread(path, f"settings file {path}: not UTF-8 text")
        except tomllib.TOMLDecodeError as err:
            return cls.unread(path, f"settings file {path}: {excerpt(str(err), 80)}")
        except RecursionError:
            return cls.unread(path, f"settings file {path}: nested too deeply")
        return cls(path, data)

    @classmethod
    def unread(cls, path: Path, reason: str) -> Config:
        """The defaults, for a file that could not be read; it is never overwritten."""
        return cls(path, {}, f"{reason}; using the defaults", writable=False)

    def __getitem__(self, setting: Setting[T]) -> T:
        value: T = self._values.get(setting.key, setting.default)
        return value

    def holds(self, setting: Setting[T], value: T) -> bool:
        """Whether the file itself sets `setting` to `value` (a default is not set)."""
        return _lookup(self.data, setting.path) == (True, value)

    def set(self, setting: Setting[T], value: T) -> None:
        """Change a setting for this run and for `save`; ValueError if it is not accepted."""
        checked = setting.check(value)
        self._values[setting.key] = checked
        table = self.data
        for part in setting.path[:-1]:
            inner = table.get(part)
            if not isinstance(inner, dict):
                inner = table[part] = {}
            table = inner
        table[setting.path[-1]] = checked

    def save(self) -> None:
        """Write the file, creating its folder; a file that did not parse is left alone."""
        if not self._writable:
            raise ConfigError(f"settings not saved: {self.path} needs mending first")
        try:
            write_whole(self.path, dumps(self.data).encode("utf-8"))
        except OSError as err:
            raise ConfigError(f"settings not saved to {self.path}: {err.strerror}") from err


def _lookup(data: Mapping[str, Any], path: list[str]) -> tuple[bool, object]:
    value: object = data
    for part in path:
        if not isinstance(value, Mapping) or part not in value:
            return False, None
        value = value[part]
    return True, value


# -- writing TOML: tomllib only reads it --

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")


def dumps(data: Mapping[str, Any]) -> str:
    """TOML for `data`, as `tomllib` reads it back: tables of values, nested tables."""
    lines: list[str] = []
    _table(data, [], lines)
    return "\n".join(lines).lstrip("\n") + "\n"


def _table(data: Mapping[str, Any], path: list[str], lines: list[str]) -> None:
    tables = {k: v for k, v in data.items() if isinstance(v, Mapping)}
    values = {k: v for k, v in data.items() if k not in tables}
    if path and (values or not tables):
        lines.extend(["", f"[{'.'.join(_key(p) for p in path)}]"])
    lines.extend(f"{_key(k)} = {_value(v)}" for k, v in values.items())
    for key, table in tables.items():
        _table(table, [*path, key], lines)


def _key(key: str) -> str:
    return key if _BARE_KEY.fullmatch(key) else _string(key)


def _string(value: str) -> str:
    # JSON escapes are TOML escapes; TOML also forbids a raw DEL.
    return json.dumps(value, ensure_ascii=False).replace("\x7f", "\\u007f")


def _value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return repr(value)  # 1.0, 1e-05, inf, -inf and nan are all TOML
    if isinstance(value, datetime | date | time):
        return value.isoformat()
    if isinstance(value, list):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{_key(k)} = {_value(v)}" for k, v in value.items()) + "}"
    raise TypeError(f"cannot write {type(value).__name__} to TOML")
