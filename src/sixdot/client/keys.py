"""The review keys: one key each, the same in every game.

Function keys and paging keys are left free by the common screen readers
(no Insert or CapsLock combinations, no bare Ctrl). Each key runs the typed
command of the same name, so a key and a command always say the same thing.
F9 to F12 review the play itself (`trick`, `previous`, `players`, `status`),
which every game answers in its own terms.
Keys can be changed in the user config's [keys] table.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from sixdot.config import Config

if TYPE_CHECKING:
    from sixdot.present.phrasebook import Phrasebook

#: command name -> prompt_toolkit key name
DEFAULT_KEYS: dict[str, str] = {
    "keys": "f1",
    "turn": "f2",
    "table": "f3",
    "last": "f4",
    "score": "f5",
    "repeat": "f6",
    "hand": "f7",
    "moves": "f8",
    "older": "pageup",
    "newer": "pagedown",
    "trick": "f9",
    "previous": "f10",
    "players": "f11",
    "status": "f12",
}

#: Keys that walk the focus or edit the line: fixed, as every card program uses
#: them, so no review key may take one (nor a single character, which is typed).
FOCUS_KEYS = (
    "left",
    "right",
    "up",
    "down",
    "home",
    "end",
    "s-home",
    "s-end",
    "c-home",
    "c-end",
    "c-left",
    "c-right",
    "enter",
    "escape",
    "space",
    "tab",
)


def merge_keys(overrides: Mapping[str, object]) -> tuple[dict[str, str], list[str]]:
    """Defaults with the user's overrides; problems are returned, not raised."""
    keys = dict(DEFAULT_KEYS)
    problems: list[str] = []
    for name, key in overrides.items():
        if name not in DEFAULT_KEYS:
            problems.append(f"unknown key action {name!r}; actions: {', '.join(DEFAULT_KEYS)}")
        elif not isinstance(key, str) or not key.strip():
            problems.append(f"key for {name} must be a key name such as f5; default used")
        elif key.strip().lower() in FOCUS_KEYS or len(key.strip()) == 1:
            problems.append(f"key {key.strip()} for {name} walks or types; default used")
        else:
            keys[name] = key.strip().lower()
    for name, key in list(keys.items()):
        # A key the user gave one action is taken from the action that had it by default.
        owners = [other for other, same in keys.items() if same == key]
        if len(owners) > 1 and name not in overrides:
            del keys[name]
            taken_by = next(other for other in owners if other != name)
            problems.append(f"{key} went to {taken_by}, so {name} has no key; give it one")
    return keys, problems


def key_label(key: str) -> str:
    """A key name as people say it: `pageup` is Page Up, `c-x` is Ctrl+X."""
    names = {"pageup": "Page Up", "pagedown": "Page Down", "escape": "Escape"}
    if key in names:
        return names[key]
    if key.startswith(("c-", "s-")):
        return ("Ctrl+" if key[0] == "c" else "Shift+") + key_label(key[2:])
    return key.upper() if len(key) <= 3 else key.title()


def load_keys(notice: Callable[[str], None]) -> dict[str, str]:
    """The review keys from the settings file's [keys] table, else the defaults.

    A bad entry is reported in one line each through `notice`, and the defaults
    stand in for what was bad. A file that cannot be read at all gives the
    defaults silently here: the program says its `Config.problem` once.
    """
    config = Config.load()
    data, path = config.data, config.path
    table = data.get("keys", {})
    if not isinstance(table, dict):
        notice(f"Settings file {path}: keys must be a table; default keys used.")
        return dict(DEFAULT_KEYS)
    keys, problems = merge_keys(table)
    for problem in problems:
        notice(f"Settings file {path}: {problem}.")
    return keys


def keys_lines(words: Phrasebook, keys: Mapping[str, str]) -> list[str]:
    """What the `keys` command says, here and online: the walking keys, then
    each review key with its action; plain mode has none."""
    if not keys:
        return [words("keys-plain")]
    return [
        words("keys-title"),
        words("keys-walk"),
        words("keys-group"),
        words("keys-playable"),
        words("keys-enter"),
        *(
            words("keys-item", key=key_label(key), action=words(f"key-{name}"))
            for name, key in keys.items()
        ),
    ]
