"""Alphagon's moves, each a frozen value with the text notation players type.

`start G7 east R`, `place R`, `place R E`, `change R`, `give R`, `lose R`,
`syllable SA`, `shape L4`, `declare POLICE`, `answer CART`, `contradict
CONCLAVE`, `correct ASCESIS`, and the one-word moves `close`, `end`, `pass`,
`doubt`, `suspend`, `concede` and `accept`.
"""

from __future__ import annotations

from dataclasses import dataclass

from sixdot.core import Action
from sixdot.games.alphagon.board import Direction, Square, square_name

# --- actions -----------------------------------------------------------------


@dataclass(frozen=True)
class Start(Action):
    """The first play: '+' on a flag and a letter next to it."""

    flag: Square
    direction: Direction
    letter: str

    @property
    def notation(self) -> str:
        return f"start {square_name(self.flag)} {self.direction.value} {self.letter}"


@dataclass(frozen=True)
class Place(Action):
    """One letter, or two for a bonus, continuing the word."""

    letters: tuple[str, ...]

    @property
    def notation(self) -> str:
        return " ".join(("place", *self.letters))


@dataclass(frozen=True)
class LetterAction(Action):
    """An action on one letter of the rack: change, give, lose."""

    letter: str
    verb: str = ""

    @property
    def notation(self) -> str:
        return f"{self.verb} {self.letter}"


@dataclass(frozen=True)
class Change(LetterAction):
    verb: str = "change"


@dataclass(frozen=True)
class Give(LetterAction):
    verb: str = "give"


@dataclass(frozen=True)
class Lose(LetterAction):
    verb: str = "lose"


@dataclass(frozen=True)
class FindSyllable(Action):
    syllable: str

    @property
    def notation(self) -> str:
        return f"syllable {self.syllable}"


@dataclass(frozen=True)
class FindShape(Action):
    shape: str

    @property
    def notation(self) -> str:
        return f"shape {self.shape}"


@dataclass(frozen=True)
class Word(Action):
    """An action naming dictionary words: declare, answer, contradict, correct."""

    words: tuple[str, ...]
    verb: str = ""

    @property
    def notation(self) -> str:
        return f"{self.verb} {' '.join(self.words)}"


@dataclass(frozen=True)
class Declare(Word):
    verb: str = "declare"


@dataclass(frozen=True)
class Answer(Word):
    verb: str = "answer"


@dataclass(frozen=True)
class Contradict(Word):
    verb: str = "contradict"


@dataclass(frozen=True)
class Correct(Word):
    verb: str = "correct"


@dataclass(frozen=True)
class Simple(Action):
    """A move of one word: close, end, pass, doubt, suspend, concede, accept."""

    verb: str

    @property
    def notation(self) -> str:
        return self.verb


CLOSE, END, PASS, DOUBT, SUSPEND, CONCEDE, ACCEPT = (
    Simple(v) for v in ("close", "end", "pass", "doubt", "suspend", "concede", "accept")
)
