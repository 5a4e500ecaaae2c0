"""Named table options (house rules) with defaults and checked values."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from sixdot.core.errors import OptionError


@dataclass(frozen=True)
class OptionSpec:
    """One house rule: its name, default and the integer range or choices allowed."""

    name: str
    default: int | bool | str
    help: str
    low: int | None = None
    high: int | None = None
    choices: tuple[str, ...] = ()
    #: What the value 0 means, said in its place ("set by the number of players").
    zero: str = ""
    #: How the strong bot searches, no rule of the game: a table says it only
    #: when a strong bot sits there.
    strong_bot: bool = False

    def accepted(self) -> str:
        """In words, what values this option takes."""
        if isinstance(self.default, bool):
            return "on or off"
        if isinstance(self.default, int):
            return f"a whole number from {self.low} to {self.high}"
        return "one of " + ", ".join(self.choices)

    def parse(self, text: str) -> int | bool | str:
        """The value written as `text`, or OptionError saying what is accepted."""
        word = text.strip().lower()
        bad = OptionError(f"option {self.name} cannot be {text!r}: it takes {self.accepted()}")
        if isinstance(self.default, bool):
            if word in ("on", "yes", "true", "1"):
                return True
            if word in ("off", "no", "false", "0"):
                return False
            raise bad
        if isinstance(self.default, int):
            try:
                value = int(word)
            except ValueError:
                raise bad from None
            if self.low is not None and value < self.low:
                raise bad
            if self.high is not None and value > self.high:
                raise bad
            return value
        if word not in self.choices:
            raise bad
        return word


#: How the strong bots search, the same in every game whose strong bot
#: samples deals (Consonants, Nonesuch).
STRONG_BOT_OPTIONS = (
    OptionSpec(
        "think",
        200,
        "how long the strong bot may think per move, in ms",
        1,
        60_000,
        strong_bot=True,
    ),
    OptionSpec(
        "samples",
        0,
        "deals the strong bot tries per move, so games replay the same on any machine",
        0,
        10_000,
        zero="by think time",
        strong_bot=True,
    ),
)


def resolve_options(
    specs: Iterable[OptionSpec], given: Mapping[str, object] | None = None
) -> dict[str, int | bool | str]:
    """Defaults overlaid with `given`; strings are parsed, unknown names refused."""
    by_name = {spec.name: spec for spec in specs}
    values: dict[str, int | bool | str] = {name: s.default for name, s in by_name.items()}
    for name, raw in (given or {}).items():
        spec = by_name.get(name)
        if spec is None:
            known = ", ".join(by_name) or "none"
            raise OptionError(f"there is no option {name!r}; options: {known}")
        values[name] = spec.parse(str(raw).lower() if isinstance(raw, bool) else str(raw))
    return values


def parse_assignments(items: Iterable[str]) -> dict[str, str]:
    """`["target=40"]` as `{"target": "40"}`; a malformed item is an OptionError."""
    out: dict[str, str] = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name.strip() or not value.strip():
            raise OptionError(f"option {item!r} is not NAME=VALUE, for example target=40")
        out[name.strip().lower()] = value.strip()
    return out
