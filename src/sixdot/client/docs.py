"""Player docs from `docs/`, as plain lines a screen reader reads well.

Markdown marks are read aloud as symbols ("number number"), so headings lose
their hashes, list items their dashes and code its backticks.
"""

from __future__ import annotations

import re

from sixdot.resources import shared_dir

_MARKS = re.compile(r"[`*_]")


def plain_lines(markdown: str) -> list[str]:
    out = []
    for raw in markdown.splitlines():
        line = raw.strip()
        if not line:
            continue
        line = line.lstrip("#").strip() if line.startswith("#") else line
        if line.startswith(("- ", "* ")):
            line = line[2:]
        out.append(_MARKS.sub("", line))
    return out


def rules_lines(game: str) -> list[str]:
    """The rules of `game` in our own words, as plain lines."""
    path = shared_dir("docs") / "games" / f"{game}.md"
    return plain_lines(path.read_text(encoding="utf-8"))
