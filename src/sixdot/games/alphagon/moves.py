"""Alphagon's moves, each a frozen value with the text notation players type.

`start G7 east R`, `place R`, `place R E`, `change R`, `give R`, `lose R`,
`syllable SA`, `shape L4`, `take R`, `take bonus`, `declare POLICE`, `answer CART`, `contradict
CONCLAVE`, `correct ASCESIS`, and the one-word moves `close`, `end`, `pass`,
`doubt`, `suspend`, `concede` and `accept`.
"""

from __future__ import annotations

from collections.abc import Sequence
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
class Take(LetterAction):
    """A long word's reward taken as a letter the player names, from their sacks."""

    verb: str = "take"


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
    """A move of set words: close, end, pass, doubt, suspend, concede, accept, take bonus."""

    verb: str

    @property
    def notation(self) -> str:
        return self.verb


CLOSE, END, PASS, DOUBT, SUSPEND, CONCEDE, ACCEPT = (
    Simple(v) for v in ("close", "end", "pass", "doubt", "suspend", "concede", "accept")
)
#: A long word's reward taken as a bonus (`Take` is the letter instead).
TAKE_BONUS = Simple("take bonus")


def reward_offer(offered: Sequence[Action]) -> dict[str, str]:
    """What a long word's reward may be, as the phrases say it: `can` is bonus,
    letter or both, and `example` a common letter that may be taken."""
    letters = [a.letter for a in offered if isinstance(a, Take)]
    can = "letter" if TAKE_BONUS not in offered else "both" if letters else "bonus"
    example = next((x for x in "ESAIRTONL" if x in letters), letters[0] if letters else "")
    return {"can": can, "example": example}


def owes_reward(legal: Sequence[Action]) -> bool:
    """The moves are a long word's reward: a bonus or letters to take."""
    return bool(legal) and (legal[0] == TAKE_BONUS or isinstance(legal[0], Take))
