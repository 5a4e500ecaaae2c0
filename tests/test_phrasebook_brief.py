"""Every long message has a brief form (issue 18).

A braille display shows 40 cells, and a listener at brief verbosity wants the
fact, not the sentence. So a message whose longest rendering runs past 40
characters must carry a `.brief` attribute. The longest rendering is measured
on the Fluent source: every text as written, each variable as `VARIABLE`
characters (a name, a card, a number), the longest variant of each selector,
and messages or terms referred to at their own longest.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from fluent.syntax import FluentParser
from fluent.syntax.ast import (
    BaseNode,
    FunctionReference,
    Message,
    MessageReference,
    Pattern,
    Placeable,
    Resource,
    SelectExpression,
    StringLiteral,
    Term,
    TermReference,
    TextElement,
    VariableReference,
)

from sixdot.resources import shared_dir

DISPLAY = 40
#: What one variable counts for: a short name, a card or a number.
VARIABLE = 6
FILES = sorted((shared_dir("speech") / "en").glob("*.ftl"))


def _resource(path: Path) -> Resource:
    return FluentParser(with_spans=False).parse(path.read_text(encoding="utf-8"))


def _entries(resource: Resource) -> dict[str, Message | Term]:
    entries: dict[str, Message | Term] = {}
    for entry in resource.body:
        if isinstance(entry, Term):
            entries[f"-{entry.id.name}"] = entry
        elif isinstance(entry, Message):
            entries[entry.id.name] = entry
    return entries


class Longest:
    """The longest rendering of patterns, references followed across every file."""

    def __init__(self, entries: dict[str, Message | Term]) -> None:
        self.entries = entries

    def pattern(self, pattern: Pattern | None) -> int:
        if pattern is None:
            return 0
        return sum(self.element(element) for element in pattern.elements)

    def element(self, node: BaseNode) -> int:
        if isinstance(node, TextElement):
            return len(node.value)
        if isinstance(node, Placeable):
            return self.element(node.expression)
        if isinstance(node, SelectExpression):
            return max(self.pattern(variant.value) for variant in node.variants)
        if isinstance(node, StringLiteral):
            return len(node.parse()["value"])
        if isinstance(node, VariableReference | FunctionReference):
            return VARIABLE
        if isinstance(node, MessageReference | TermReference):
            prefix = "-" if isinstance(node, TermReference) else ""
            entry = self.entries.get(prefix + node.id.name)
            return self.pattern(entry.value) if entry is not None else VARIABLE
        return VARIABLE


def _everything() -> dict[str, Message | Term]:
    entries: dict[str, Message | Term] = {}
    for path in FILES:
        entries.update(_entries(_resource(path)))
    return entries


def long_without_brief(path: Path) -> list[str]:
    """The messages of one file longer than a display with no brief form."""
    longest = Longest(_everything())
    found = []
    for name, entry in _entries(_resource(path)).items():
        if not isinstance(entry, Message) or name.startswith("-"):
            continue
        size = longest.pattern(entry.value)
        briefs = [a for a in entry.attributes if a.id.name == "brief"]
        if size > DISPLAY and not briefs:
            found.append(f"{name} ({size})")
    return found


def test_the_measure_counts_the_longest_variant_and_each_variable() -> None:
    source = (
        "m = { $n ->\n    [one] One card\n   *[other] { $n } cards left in { $who }'s hand\n}\n"
    )
    message = FluentParser(with_spans=False).parse(source).body[0]
    assert isinstance(message, Message)
    # " cards left in " (15) + "'s hand" (7) + two variables
    assert Longest({}).pattern(message.value) == 15 + 7 + 2 * VARIABLE


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_every_message_longer_than_a_display_has_a_brief_form(path: Path) -> None:
    assert long_without_brief(path) == []
