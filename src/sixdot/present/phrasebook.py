"""The phrasebook: every word sixdot says, kept in Fluent files under `speech/`.

Each message's value is the full wording; an optional `.brief` attribute is
the wording at brief verbosity. Plurals and "you" versus a player's name are
chosen inside the phrasebook (Fluent selectors), so code never glues words.
"""

from __future__ import annotations

from enum import Enum
from functools import cache
from pathlib import Path
from typing import Any

from fluent.runtime import FluentBundle, FluentResource
from fluent.syntax import FluentParser
from fluent.syntax.ast import Junk

from sixdot.resources import shared_dir
from sixdot.visible import visible


class Verbosity(Enum):
    BRIEF = "brief"
    FULL = "full"


class PhrasebookError(Exception):
    """A phrasebook file that does not parse, or a message that is missing."""


#: The longest text a message takes for one variable; longer is cut with an
#: ellipsis. Fluent refuses a placeable past 2,500 characters, and no line a
#: player hears should carry one that long.
LONGEST_ARG = 1000
#: Numbers past this size are said as their digits: the locale's number
#: formatting (babel) cannot format every integer Python can hold.
LARGEST_NUMBER = 10**15


def _safe(value: Any) -> Any:
    """A message variable bounded and made visible, whatever its source."""
    if isinstance(value, str):
        value = visible(value)
        return value if len(value) <= LONGEST_ARG else value[: LONGEST_ARG - 1] + "…"
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= LARGEST_NUMBER:
        return str(value)[:LONGEST_ARG]
    return value


@cache
def _bundle(locale: str) -> tuple[FluentBundle, frozenset[str]]:
    folder = shared_dir("speech") / locale
    files = sorted(folder.glob("*.ftl"))
    if not files:
        raise PhrasebookError(f"no phrasebook files in {folder}")
    bundle = FluentBundle([locale], use_isolating=False)
    keys: set[str] = set()
    for path in files:
        text = path.read_text(encoding="utf-8")
        _check(path, text)
        bundle.add_resource(FluentResource(text))
        keys.update(_message_ids(text))
    return bundle, frozenset(keys)


def _check(path: Path, text: str) -> None:
    for entry in FluentParser().parse(text).body:
        if isinstance(entry, Junk):
            line = text[: entry.span.start].count("\n") + 1 if entry.span else 0
            raise PhrasebookError(f"{path.name} line {line}: not valid Fluent")


def _message_ids(text: str) -> list[str]:
    return [e.id.name for e in FluentParser().parse(text).body if hasattr(e, "id")]


class Phrasebook:
    """Words for one locale at one verbosity."""

    def __init__(self, locale: str = "en", verbosity: Verbosity = Verbosity.FULL) -> None:
        self.locale = locale
        self.verbosity = verbosity
        self._bundle, self.keys = _bundle(locale)

    def has(self, key: str) -> bool:
        return key in self.keys

    def __call__(self, key: str, /, **args: Any) -> str:
        """The wording of `key` with its variables filled in."""
        if key not in self.keys:
            raise PhrasebookError(f"the phrasebook has no message {key!r}")
        message = self._bundle.get_message(key)
        pattern = message.value
        if self.verbosity is Verbosity.BRIEF and "brief" in message.attributes:
            pattern = message.attributes["brief"]
        if pattern is None:
            raise PhrasebookError(f"message {key!r} has no text")
        safe = {name: _safe(value) for name, value in args.items()}
        text, errors = self._bundle.format_pattern(pattern, safe)
        if errors:
            raise PhrasebookError(f"message {key!r}: {errors[0]}")
        return text
