"""Reading a line typed at one's turn: the move it names, the moves it could
name, a command, or what was wrong with it (`read`).

One reader for local play and `sixdot join`: numbers, whole notation,
prefixes (`play ace`, `lead jour`), a card's name alone (`x`), and a text
that fits several moves asked about, never guessed. What the rules know only
of the game as it stands (why a move is refused, what a shortened move
stands for) is asked of a `Judge`: local play's judges from its state; online
the server does, so a move it cannot judge is sent as typed.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass

from sixdot.client.choice import MANY, ChoiceError, begun, meant_by_start, normal, number, pick
from sixdot.core import Action, NotationError, Refusal, Rules
from sixdot.present.phrasebook import Phrasebook
from sixdot.present.presenter import Presenter
from sixdot.visible import excerpt


@dataclass(frozen=True)
class Judge:
    """What the reader may ask of the game as it stands, for one seat."""

    #: Why a move is not allowed now; None: allowed, or not for this end to say.
    refusal: Callable[[Action], Refusal | None]
    #: The whole moves a (possibly shortened) move stands for.
    interpretations: Callable[[Action], Sequence[Action]]


#: A judge that knows only the moves listed (`sixdot join`): a move stands for
#: itself, and one not listed is left to the server, which says why it is refused.
LISTED = Judge(refusal=lambda action: None, interpretations=lambda action: [action])


@dataclass(frozen=True)
class Reading:
    """What a typed line comes to: one of a move, moves and commands to ask
    between, a command (with its argument), or an error to say, nothing
    changed."""

    move: Action | None = None
    meanings: tuple[Action, ...] = ()
    command: str | None = None
    argument: str = ""
    error: str | None = None
    #: Commands the line could name as well as the moves in `meanings`: the
    #: player is asked which, by number, name or unique prefix.
    also: tuple[str, ...] = ()


def _one_of(meanings: Sequence[Action]) -> Reading:
    if len(meanings) == 1:
        return Reading(move=meanings[0])
    return Reading(meanings=tuple(meanings))


def read(
    text: str,
    legal: Sequence[Action],
    rules: Rules,
    me: Presenter,
    judge: Judge,
    commands: Sequence[str],
) -> Reading:
    """The move, moves or command `text` names at a turn of `legal` moves.

    `commands` are the names a unique prefix may also reach (`his`).
    """
    words: Phrasebook = me.words
    word = normal(text)
    chosen = number(word)
    if chosen is not None:
        if 1 <= chosen <= len(legal):
            return Reading(move=legal[chosen - 1])
        return Reading(error=words("cmd-number-range", number=excerpt(word), count=len(legal)))
    verb, _, rest = word.partition(" ")
    if verb in commands:
        return Reading(command=verb, argument=rest)
    notations = [a.notation for a in legal]
    found = _as_move(text, word, legal, rules, me, judge)
    if found is not None and (found.move or found.meanings):
        shared = [name for name in commands if normal(name).startswith(word)]
        if shared and word not in map(normal, notations):
            # The start of a move's name and of a command's alike (`s`: bid
            # Some, score): the player is asked which, never one guessed. A
            # move typed whole is that move.
            meant = [found.move] if found.move else list(found.meanings)
            meant += [legal[i] for i in begun(word, notations, rules.word_verbs)]
            moves = [a.notation for a in dict.fromkeys(meant)]
            return _unpicked(text, word, ChoiceError(text, moves + shared), legal, rules, me)
    if found is not None:
        return found
    names = notations + list(commands)
    try:
        index = pick(word, names)
    except ChoiceError as err:
        return _unpicked(text, word, err, legal, rules, me)
    if index < len(legal):
        return Reading(move=legal[index])
    return Reading(command=names[index])


def _as_move(
    text: str, word: str, legal: Sequence[Action], rules: Rules, me: Presenter, judge: Judge
) -> Reading | None:
    """The move or moves `text` names by notation, a shortening or a card's name,
    or why it is no move; None: it names none, and may be a command's start."""
    notations = [a.notation for a in legal]
    action: Action | None
    try:
        action = rules.parse_action(text)
    except NotationError:
        action = None
    meant = meant_by_start(word, notations, rules.word_verbs, action is not None)
    starting = [legal[i] for i in meant]
    if word in rules.verbs and word not in map(normal, notations):
        # A bare verb ("out", "challenge") names no move: the game says what it
        # needs, or the moves it could begin are listed; none is played on a guess.
        if action is None:
            return Reading(error=me.not_a_move(excerpt(text), starting or legal))
        starting = []
    if len(starting) == 1:
        # "take rm as r" when only "take RM as R with H" fits
        return _one_of(judge.interpretations(starting[0]))
    if action is not None:
        refusal = judge.refusal(action)
        if refusal is None:
            return _one_of(judge.interpretations(action))
        return Reading(error=me.refusal(refusal))
    named = by_name(text, legal, rules, judge)
    if named:
        # A card's or move's name alone: `x`, `ace of moons`. Two meanings are asked.
        return _one_of(named)
    return None


def by_name(text: str, legal: Sequence[Action], rules: Rules, judge: Judge) -> list[Action]:
    """The moves `text` names without their verb (`x` for `play X`), each
    interpretation of each; several are asked about, never picked. Only
    listed moves count: a card's name alone never sends a move on a guess."""
    found: list[Action] = []
    # A bare word never makes a move of typed words (`fork` is no challenge).
    for verb in (v for v in rules.verbs if v not in rules.word_verbs):
        try:
            action = rules.parse_action(f"{verb} {text}")
        except NotationError:
            continue
        if judge.refusal(action) is None:
            found.extend(a for a in judge.interpretations(action) if a in legal)
    return list(dict.fromkeys(found))


def _unpicked(
    text: str,
    word: str,
    err: ChoiceError,
    legal: Sequence[Action],
    rules: Rules,
    me: Presenter,
) -> Reading:
    """A text that fits no move or command, or several."""
    words = me.words
    notations = [a.notation for a in legal]
    quoted = excerpt(text)
    meant = [legal[notations.index(m)] for m in err.matches if m in notations]
    if 1 < len(err.matches) <= MANY:
        # Several moves or commands: the player is asked which, by number.
        also = tuple(m for m in err.matches if m not in notations)
        return Reading(meanings=tuple(meant), also=also)
    if err.matches:
        # Too many to hold in mind: counted, and `moves` or `help` lists them.
        moves = sum(1 for match in err.matches if match in notations)
        return Reading(error=counted(words, quoted, moves, len(err.matches) - moves))
    if word.split()[0] in rules.verbs:
        return Reading(error=me.not_a_move(quoted, legal))
    return Reading(error=words("cmd-unknown", text=quoted))


def counted(words: Phrasebook, quoted: str, moves: int, commands: int) -> str:
    """Moves and commands starting `quoted`, too many to list: counted apart,
    and `moves` (or `help`) lists them."""
    if moves and commands:
        return words("cmd-ambiguous-mixed", text=quoted, moves=moves, commands=commands)
    key = "cmd-ambiguous-many" if moves else "cmd-ambiguous-commands"
    return words(key, text=quoted, count=moves or commands)


def tab_line(words: Phrasebook, typed: str, found: Sequence[str], commands: Collection[str]) -> str:
    """Tab's candidates for `typed` on one line, moves first, then `commands`;
    more than a few are counted, moves and commands apart, as Enter on the
    same text counts them."""
    if len(found) <= MANY:
        return words("tab-list", count=len(found), items=", ".join(found))
    orders = sum(1 for name in found if name in commands)
    if not typed.strip():
        return words("tab-many-empty", moves=len(found) - orders, commands=orders)
    return counted(words, excerpt(typed), len(found) - orders, orders)
