"""The phrasebook: every word sixdot says, kept in Fluent files under `speech/`.

Each message's value is the full wording; an optional `.brief` attribute is
the wording at brief verbosity. Plurals and "you" versus a player's name are
chosen inside the phrasebook (Fluent selectors), so code never glues words.

Start-up (issue 20): parsing every file costs more than everything else a
game does before its first prompt, and a game says a few dozen of its 500-odd
messages before the player moves. So the files are checked in full only once
per content: a whole parse, which reports a file that is not valid Fluent as
it always did, leaves a stamp in the cache folder named by the SHA-256 of the
files (and sixdot's version). While the stamp is there, the files are only
split at each line that starts a message (`name =` at the start of a line, as
Fluent requires), and a message is parsed when it is first said, with the
messages and terms it refers to.

The stamp holds no words and nothing to execute: a few known fields, compared
byte for byte with the stamp this run would write, so a damaged or foreign one
is ignored and the files are checked again. A file whose messages could not be
split that way (the split is compared with the whole parse) gets no stamp and
is parsed in full each time. Should a message still not parse alone (a stamp
made by hand), the files are checked in full there and then.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import re
import threading
from collections.abc import Iterator, Mapping
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sixdot import __version__
from sixdot.files import FileLimitError, read_limited, write_whole
from sixdot.resources import cache_dir, shared_dir
from sixdot.visible import visible

if TYPE_CHECKING:  # Fluent is imported when words are first needed, not with this module
    from fluent.syntax.ast import BaseNode, Message, Term


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
#: What a stamp says it is; a new layout of the stamp takes a new one.
STAMP = "sixdot phrasebook checked 1"
#: A message or term begins a line with its name and `=` (spaces between).
_ENTRY = re.compile(r"^(-?[a-zA-Z][a-zA-Z0-9_-]*) *=", re.MULTILINE)


def _safe(value: Any) -> Any:
    """A message variable bounded and made visible, whatever its source."""
    if isinstance(value, str):
        value = visible(value)
        return value if len(value) <= LONGEST_ARG else value[: LONGEST_ARG - 1] + "…"
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= LARGEST_NUMBER:
        return str(value)[:LONGEST_ARG]
    return value


def _split(text: str) -> Iterator[tuple[str, int, int]]:
    """Each message (and term, as `-name`) in `text`: its name, where it starts,
    and where the next one starts (comments and blank lines between go with it)."""
    found = [(m[1], m.start()) for m in _ENTRY.finditer(text)]
    ends = [start for _, start in found[1:]] + [len(text)]
    for (name, start), end in zip(found, ends, strict=True):
        yield name, start, end


def _name(entry: Message | Term) -> str:
    from fluent.syntax.ast import Term

    return f"-{entry.id.name}" if isinstance(entry, Term) else entry.id.name


def _parse(name: str, text: str) -> list[Message | Term]:
    """Every message and term in `text` (the file `name`), as Fluent reads them;
    PhrasebookError at the first line that is not valid Fluent."""
    from fluent.syntax import FluentParser
    from fluent.syntax.ast import Junk, Message, Term

    entries = []
    for entry in FluentParser().parse(text).body:
        if isinstance(entry, Junk):
            line = text[: entry.span.start].count("\n") + 1 if entry.span else 0
            raise PhrasebookError(f"{name} line {line}: not valid Fluent")
        if isinstance(entry, Message | Term):
            entries.append(entry)
    return entries


def _splits_as_parsed(text: str, entries: list[Message | Term]) -> bool:
    """Whether `_split` finds the same entries, in order, each whole in its piece."""
    from fluent.syntax.ast import Term

    pieces = list(_split(text))
    return len(pieces) == len(entries) and all(
        name == _name(entry)
        and entry.id.span is not None
        and entry.span is not None
        and entry.id.span.start - (1 if isinstance(entry, Term) else 0) == start
        and entry.span.end <= end
        for (name, start, end), entry in zip(pieces, entries, strict=True)
    )


def _alone(name: str, piece: str) -> Message | Term | None:
    """The entry `name` parsed from its piece of a file, or None if it is not there alone."""
    from fluent.syntax import FluentParser
    from fluent.syntax.ast import Junk, Message, Term

    body = FluentParser(with_spans=False).parse(piece).body
    entries = [e for e in body if isinstance(e, Message | Term)]
    if len(entries) != 1 or _name(entries[0]) != name or any(isinstance(e, Junk) for e in body):
        return None
    return entries[0]


def _references(node: BaseNode) -> Iterator[str]:
    """The messages and terms (`-name`) that `node` refers to."""
    from fluent.syntax.ast import BaseNode, MessageReference, TermReference

    if isinstance(node, MessageReference):
        yield node.id.name
    elif isinstance(node, TermReference):
        yield f"-{node.id.name}"
    for value in vars(node).values():
        for item in value if isinstance(value, list) else (value,):
            if isinstance(item, BaseNode):
                yield from _references(item)


class _Book:
    """One folder's messages in one bundle, each parsed when first asked for."""

    def __init__(
        self, locale: str, texts: Mapping[str, str], parsed: list[list[Message | Term]] | None
    ) -> None:
        """`texts` by file name; `parsed`: their entries, or None if a stamp says
        they parse and split cleanly, so each is parsed when first asked for."""
        self.locale = locale
        self.texts = texts
        #: Held while an entry moves from `pieces` into the bundle: one book is
        #: shared by every Phrasebook of the process, and `sixdot join` words
        #: lines on two threads (one may not find an entry another is adding).
        self.lock = threading.RLock()
        #: The piece of a file each entry not yet parsed is in; as in a bundle,
        #: the first of two entries with one name is the one kept.
        self.pieces: dict[str, str] = {}
        if parsed is None:
            for text in texts.values():
                for name, start, end in _split(text):
                    self.pieces.setdefault(name, text[start:end])
        self._fill(parsed or [])

    def _fill(self, parsed: list[list[Message | Term]]) -> None:
        """A new bundle holding the entries `parsed`, the others left to parse."""
        from fluent.runtime import FluentBundle
        from fluent.syntax.ast import Resource

        self.bundle = FluentBundle([self.locale], use_isolating=False)
        added = set()
        for entries in parsed:
            self.bundle.add_resource(Resource(entries))
            added.update(_name(e) for e in entries)
        self.keys = frozenset(n for n in self.pieces.keys() | added if n[0] != "-")

    def message(self, key: str) -> Message:
        with self.lock:
            self._add(key)
            return self.bundle.get_message(key)

    def _add(self, name: str) -> None:
        """`name` and what it refers to in the bundle; a name not in the files is
        left out, for formatting to report as it always did."""
        from fluent.syntax.ast import Resource

        piece = self.pieces.pop(name, None)
        if piece is None:
            return
        entry = _alone(name, piece)
        if entry is None:  # the stamp was wrong: parse in full (PhrasebookError if bad)
            self.pieces.clear()
            self._fill([_parse(n, text) for n, text in self.texts.items()])
            return
        self.bundle.add_resource(Resource([entry]))
        for other in _references(entry):
            self._add(other)


def _digest(texts: Mapping[str, str]) -> str:
    """The SHA-256 of the files, their names and this version of sixdot."""
    digest = hashlib.sha256(f"{STAMP}\0{__version__}\0".encode())
    for name, text in texts.items():
        data = text.encode("utf-8")
        digest.update(f"{name}\0{len(data)}\0".encode())
        digest.update(data)
    return digest.hexdigest()


def _stamp(digest: str, texts: Mapping[str, str]) -> bytes:
    """The whole stamp for these files: the only bytes a stamp may hold."""
    fields = {"stamp": STAMP, "sixdot": __version__, "files": list(texts), "sha256": digest}
    return json.dumps(fields).encode("utf-8")


def _stamped(path: Path, stamp: bytes) -> bool:
    """Whether `path` holds `stamp`, exactly: anything else is made again."""
    try:
        return read_limited(path, len(stamp)) == stamp
    except (OSError, FileLimitError):  # missing, unreadable or longer: not ours for these files
        return False


def _check(texts: Mapping[str, str]) -> tuple[list[list[Message | Term]], bool]:
    """Every file parsed in full (PhrasebookError at the first bad line), and
    whether each splits into its messages as `_split` finds them."""
    parsed = [_parse(name, text) for name, text in texts.items()]
    splits = all(map(_splits_as_parsed, texts.values(), parsed))
    return parsed, splits


_books: dict[tuple[str, str, str], _Book] = {}


def _book(locale: str, folder: Path | None) -> _Book:
    """The messages of `folder` (the installed `speech/<locale>`), read anew and
    parsed again only if the files changed."""
    folder = folder or shared_dir("speech") / locale
    files = sorted(folder.glob("*.ftl"))
    if not files:
        raise PhrasebookError(f"no phrasebook files in {folder}")
    texts = {path.name: path.read_text(encoding="utf-8") for path in files}
    digest = _digest(texts)
    key = (locale, str(folder), digest)
    if key not in _books:
        stamp = _stamp(digest, texts)
        path = cache_dir("phrasebooks") / f"{digest}.json"
        parsed = None
        if not _stamped(path, stamp):
            parsed, splits = _check(texts)
            if splits:
                with contextlib.suppress(OSError):  # a folder we cannot write costs time only
                    write_whole(path, stamp)
        _books[key] = _Book(locale, texts, parsed)
    return _books[key]


class Phrasebook:
    """Words for one locale at one verbosity.

    `folder` holds the `.ftl` files; by default the installed `speech/<locale>`.
    """

    def __init__(
        self,
        locale: str = "en",
        verbosity: Verbosity = Verbosity.FULL,
        folder: Path | None = None,
    ) -> None:
        self.locale = locale
        self.verbosity = verbosity
        self._book = _book(locale, folder)

    @property
    def keys(self) -> frozenset[str]:
        """The names of every message."""
        return self._book.keys

    def has(self, key: str) -> bool:
        return key in self.keys

    def __call__(self, key: str, /, **args: Any) -> str:
        """The wording of `key` with its variables filled in."""
        if key not in self.keys:
            raise PhrasebookError(f"the phrasebook has no message {key!r}")
        message = self._book.message(key)
        pattern = message.value
        if self.verbosity is Verbosity.BRIEF and "brief" in message.attributes:
            pattern = message.attributes["brief"]
        if pattern is None:
            raise PhrasebookError(f"message {key!r} has no text")
        safe = {name: _safe(value) for name, value in args.items()}
        text, errors = self._book.bundle.format_pattern(pattern, safe)
        if errors:
            raise PhrasebookError(f"message {key!r}: {errors[0]}")
        return text
