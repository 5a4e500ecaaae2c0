"""The review keys: one key each, the same in every game.

Function keys and paging keys are left free by the common screen readers
(no Insert or CapsLock combinations, no bare Ctrl). Each key runs the typed
command of the same name, so a key and a command always say the same thing.
Keys can be changed in the user config's [keys] table.
"""

from __future__ import annotations

from collections.abc import Mapping

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
}

#: Keys that walk the focus: fixed, as every card program uses them.
FOCUS_KEYS = ("left", "right", "home", "end", "enter", "escape", "any letter")


def merge_keys(overrides: Mapping[str, object]) -> tuple[dict[str, str], list[str]]:
    """Defaults with the user's overrides; problems are returned, not raised."""
    keys = dict(DEFAULT_KEYS)
    problems: list[str] = []
    for name, key in overrides.items():
        if name not in DEFAULT_KEYS:
            problems.append(f"unknown key action {name!r}; actions: {', '.join(DEFAULT_KEYS)}")
        elif not isinstance(key, str) or not key.strip():
            problems.append(f"key for {name} must be a key name such as f5")
        else:
            keys[name] = key.strip().lower()
    return keys, problems


def key_label(key: str) -> str:
    """A key name as people say it: `pageup` is Page Up, `c-x` is Ctrl+X."""
    names = {"pageup": "Page Up", "pagedown": "Page Down", "escape": "Escape"}
    if key in names:
        return names[key]
    if key.startswith(("c-", "s-")):
        return ("Ctrl+" if key[0] == "c" else "Shift+") + key_label(key[2:])
    return key.upper() if len(key) <= 3 else key.title()
