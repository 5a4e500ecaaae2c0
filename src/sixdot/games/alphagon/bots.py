"""Alphagon bots: the sensible one builds toward words it can finish; the strong
one also weighs what the next player could do with the word it leaves.

Both take every syllable and shape find (free points), close a word as soon
as they may, doubt only a word the dictionary cannot finish, declare only
when the dictionary says the ending is unique, and contradict or correct a
declaration only with a dictionary word.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from sixdot.bots import Bot, Reason
from sixdot.core import Action
from sixdot.games.alphagon import words as lex
from sixdot.games.alphagon.board import Mark, ahead, matches
from sixdot.games.alphagon.moves import owes_reward
from sixdot.games.alphagon.rules import (
    ACCEPT,
    CLOSE,
    CONCEDE,
    DOUBT,
    END,
    MAX_WORD,
    PASS,
    SUSPEND,
    TAKE_BONUS,
    Answer,
    Change,
    Contradict,
    Correct,
    Declare,
    FindShape,
    FindSyllable,
    Give,
    Lose,
    Place,
    Start,
    Take,
    View,
    close_points,
)
from sixdot.lexicon import Lexicon

#: Letters from most to least useful in English words.
USEFUL = "ESAIRTONLCDUPMGHBYFKVWZXJQ"
#: Letters worth changing or giving away when the chance comes.
AWKWARD = frozenset("QXZJKVW")
#: What a placement that closes a word is worth, before its points.
CLOSES = 100.0
#: How many answer words a bot weighs when it must name one.
ANSWERS = 40

#: What each move the bots choose is for, as a phrase key: each of its choices
#: has one purpose (find what scores, close the word, place toward a word,
#: declare its only stem, doubt letters no word finishes, shed an awkward
#: letter, ...), so the move tells which.
WHY_MOVE: dict[Action, str] = {
    CLOSE: "why-agn-close",
    DOUBT: "why-agn-doubt",
    SUSPEND: "why-agn-suspend",
    PASS: "why-agn-pass",
    END: "why-agn-end",
    CONCEDE: "why-agn-concede",
    ACCEPT: "why-agn-accept",
    TAKE_BONUS: "why-agn-take-bonus",
}
WHY_KIND: dict[type[Action], str] = {
    FindSyllable: "why-agn-syllable",
    FindShape: "why-agn-shape",
    Place: "why-agn-place",
    Declare: "why-agn-declare",
    Answer: "why-agn-answer",
    Contradict: "why-agn-contradict",
    Correct: "why-agn-correct",
    Start: "why-agn-start",
    Lose: "why-agn-lose",
    Take: "why-agn-take-letter",
    Change: "why-agn-change",
    Give: "why-agn-give",
}


def worst(rack: Sequence[str]) -> str:
    return max(rack, key=USEFUL.index)


def finishes(lexicon: Lexicon, prefix: str, rack: Sequence[str]) -> int:
    """The letters of the longest word (4 or more, at most 15) that `prefix`
    plus letters of `rack` can make; 0 if none."""
    start = lexicon.walk(lexicon.root, prefix) if prefix else None
    if prefix and start is None:
        return 0
    best = 0
    left = Counter(rack)

    def walk(node: int, length: int) -> None:
        nonlocal best
        for letter, (child, end) in lexicon.children(node).items():
            key = letter.upper()
            if not left[key]:
                continue
            if end and lex.MIN_WORD <= length + 1 <= MAX_WORD:
                best = max(best, length + 1)
            if child:
                left[key] -= 1
                walk(child, length + 1)
                left[key] += 1

    walk(start[0] if start else lexicon.root, len(prefix))
    return best


class SensibleBot(Bot):
    level = "sensible"

    def reason(self, view: View, legal: Sequence[Action], action: Action) -> Reason | None:
        """Why, by the kind of move, when `action` is this bot's own choice."""
        if len(legal) == 1 or self.choose(view, legal) != action:
            return None
        key = WHY_MOVE.get(action) or WHY_KIND.get(type(action))
        if isinstance(action, Place) and self.placement(view, legal) is None:
            key = "why-agn-place-no-word"  # placed only because a pass would cost a letter
        if isinstance(action, Change) and action.letter not in AWKWARD:
            key = "why-agn-lose"  # the rack's least useful letter, not one hard to use
        if isinstance(action, Take) and action.letter in view.rack:
            key = "why-agn-take-again"  # the sacks hold no useful letter you lack
        return Reason.of(key, move=action.notation) if key else None

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        first = legal[0]
        if isinstance(first, Lose):
            return Lose(worst(view.rack))
        if owes_reward(legal):
            return self.reward(view, legal)
        if CONCEDE in legal:
            return self.answer(view, legal)
        if ACCEPT in legal:
            return self.reply(legal)
        if isinstance(first, Start):
            return self.start(view, legal)
        return self.play(view, legal)

    # -- out of turn --

    def answer(self, view: View, legal: Sequence[Action]) -> Action:
        """Name the best-scoring word the letters can finish, else concede."""
        assert view.claim is not None
        found = lex.first(view.lexicon, view.claim.letters, lambda w: len(w) <= MAX_WORD, ANSWERS)
        if not found:
            return CONCEDE
        return Answer((max(found, key=lambda w: (close_points(len(w)), -len(w))).upper(),))

    def reply(self, legal: Sequence[Action]) -> Action:
        against = [a for a in legal if isinstance(a, Contradict)]
        if against:
            return max(against, key=lambda a: close_points(len(a.words[0])))
        shorter = [a for a in legal if isinstance(a, Correct)]
        if shorter:
            return min(shorter, key=lambda a: len(a.words[0]))
        return ACCEPT

    def reward(self, view: View, legal: Sequence[Action]) -> Action:
        """A long word's reward: a bonus when holding none (it saves a letter at the
        next pass or cloud); else the most useful letter the rack lacks, a vowel
        while short of vowels."""
        letters = [a for a in legal if isinstance(a, Take)]
        if not letters or (TAKE_BONUS in legal and not view.bonuses[view.seat]):
            return TAKE_BONUS
        kit = view.layout
        short = sum(kit.is_vowel(x) for x in view.rack) < kit.start_vowels
        fitting = [a for a in letters if kit.is_vowel(a.letter) == short] or letters
        return min(fitting, key=lambda a: (a.letter in view.rack, USEFUL.index(a.letter)))

    # -- the first play --

    def start(self, view: View, legal: Sequence[Action]) -> Action:
        """The letter that starts the longest word of the rack, where the most room is."""
        made: dict[str, int] = {}
        for letter in set(view.rack):
            rest = list(view.rack)
            rest.remove(letter)
            made[letter] = finishes(view.lexicon, letter.lower(), rest)

        def value(action: Start) -> tuple[int, int]:
            room, square = 0, ahead(action.flag, action.direction)
            while view.layout.on_board(square):
                room, square = room + 1, ahead(square, action.direction)
            return made[action.letter], room

        return max((a for a in legal if isinstance(a, Start)), key=value)

    # -- a turn --

    def play(self, view: View, legal: Sequence[Action]) -> Action:
        for kind in (FindSyllable, FindShape):
            found = [a for a in legal if isinstance(a, kind)]
            if found:
                return found[0]
        if CLOSE in legal:
            return CLOSE
        word = view.letters.lower()
        if DOUBT in legal and not lex.can_finish(view.lexicon, word):
            return DOUBT
        best = None if view.placed else self.placement(view, legal)
        if best is not None and best[0] >= CLOSES and len(best[1].letters) == 1:
            return best[1]  # a word closed by one letter beats declaring it
        declare = self.declaration(view, legal)
        if declare is not None:
            return declare
        if view.placed:
            return self.after(view, legal)
        if best is not None:
            return best[1]
        if SUSPEND in legal:
            return SUSPEND
        change = Change(worst(view.rack)) if view.rack else None
        if change in legal and view.bonuses[view.seat] > 1:
            return change
        singles = [a for a in legal if isinstance(a, Place) and len(a.letters) == 1]
        if singles and not view.bonuses[view.seat]:
            return singles[0]  # passing would cost a letter anyway
        return PASS if PASS in legal else legal[0]

    def after(self, view: View, legal: Sequence[Action]) -> Action:
        """After placing: change or give away an awkward letter, then end."""
        rack = view.rack
        bad = [x for x in rack if x in AWKWARD]
        if bad and Change(bad[0]) in legal:
            return Change(bad[0])
        if bad and view.bonuses[view.seat] == 0 and Give(bad[0]) in legal:
            return Give(bad[0])
        return END

    def declaration(self, view: View, legal: Sequence[Action]) -> Action | None:
        """Declare when every dictionary word below the letters starts with one word.

        That word is the stem; words that branch apart may mean different
        things, so the bot never declares them together.
        """
        word = view.letters.lower()
        if len(word) < 3 or not any(isinstance(a, Declare) for a in legal):
            return None
        stem = lex.unique_stem(view.lexicon, word)
        if stem is None or len(stem) > MAX_WORD or len(stem) < lex.MIN_WORD:
            return None
        return Declare((stem.upper(),)) if stem in view.lexicon else None

    def placement(self, view: View, legal: Sequence[Action]) -> tuple[float, Place] | None:
        """The placement worth most and its worth, if any continues toward a word."""
        best: tuple[float, Place] | None = None
        for action in legal:
            if not isinstance(action, Place):
                continue
            value = self.value(view, action)
            if value is not None and (best is None or value > best[0]):
                best = (value, action)
        return best

    def value(self, view: View, action: Place) -> float | None:
        """What a placement is worth; None if it leaves no word to finish."""
        word = view.letters.lower() + "".join(action.letters).lower()
        rest = list(view.rack)
        for x in action.letters:
            rest.remove(x)
        two = len(action.letters) == 2
        if len(word) >= lex.MIN_WORD and word in view.lexicon:
            return CLOSES + close_points(len(word)) - 2 * two
        if two:
            return None  # a bonus is spent on two letters only to close a word
        made = finishes(view.lexicon, word, rest)
        if not made and not lex.can_finish(view.lexicon, word):
            return None
        value = 10.0 + (20 + close_points(made) if made else 0)
        value -= USEFUL.index(action.letters[0]) / 26
        return value + self.square_value(view)

    def square_value(self, view: View) -> float:
        if view.next is None:
            return 0.0
        mark = view.layout.mark(view.next.square)
        return 3.0 if mark is Mark.STAR else -3.0 if mark is Mark.CLOUD else 0.0


class StrongBot(SensibleBot):
    """Sensible, but it values a placement by looking one and two plies ahead.

    A letter is worth what I may close on my next turn (two players) minus
    what the next players may close from the word I leave them, each letter
    weighted by the chance that a player holds it, from one player's supply.
    """

    level = "strong"

    def value(self, view: View, action: Place) -> float | None:
        word = view.letters.lower() + "".join(action.letters).lower()
        if len(word) >= lex.MIN_WORD and word in view.lexicon:
            return CLOSES + close_points(len(word)) - 2 * (len(action.letters) - 1)
        step = view.lexicon.walk(view.lexicon.root, word)
        if step is None or not lex.can_finish(view.lexicon, word):
            return None
        rest = list(view.rack)
        for letter in action.letters:
            rest.remove(letter)
        shape = self.shape(view, len(action.letters))
        if len(action.letters) == 2 and not shape:
            return None  # a bonus buys two letters only for a word or a shape
        value = 10.0 + self.ahead(view, word, step[0], rest) + self.syllable(view, word) + shape
        value -= 4.0 * (len(action.letters) - 1)
        return value - USEFUL.index(action.letters[0]) / 26 + self.square_value(view)

    def shape(self, view: View, count: int) -> float:
        """A shape of my cards that the polygon's end will make, found at once."""
        if "shape" in view.used or len(view.coming) < count:
            return 0.0
        path = (*view.path, *(step.square for step in view.coming[:count]))
        found = any(matches(s, path) for card in view.cards for s in card.shapes)
        return 3.0 if found else 0.0

    def syllable(self, view: View, word: str) -> float:
        """A syllable of my cards that this letter makes, found at once after placing."""
        if "syllable" in view.used:
            return 0.0
        tail = word[-2:].upper()
        return 3.0 if any(tail in card.all_syllables for card in view.cards) else 0.0

    def ahead(self, view: View, word: str, node: int, rest: list[str]) -> float:
        """My expected points back by my next turn, less the next players' expected closes."""
        size = max(view.rack_sizes[view.after(view.seat)], 1)
        mine = set(rest)
        theirs = 0.0
        follow = 0.0
        weights = 0.0
        for letter, (child, end) in view.lexicon.children(node).items():
            holds = self.holds(view, letter, size)
            if end and len(word) + 1 >= lex.MIN_WORD:
                theirs += holds * close_points(len(word) + 1)
                continue
            if not child:
                continue
            weights += holds
            best = 0
            for mark, (_, closes) in view.lexicon.children(child).items():
                if closes and len(word) + 2 >= lex.MIN_WORD:
                    if view.players == 2 and mark.upper() in mine:
                        best = max(best, close_points(len(word) + 2))
                    elif view.players > 2:
                        best = max(
                            best, -self.holds(view, mark, size) * close_points(len(word) + 2)
                        )
            follow += holds * best
        later = follow / weights if weights else 0.0
        return later - theirs

    def holds(self, view: View, letter: str, size: int) -> float:
        """The chance a player with `size` letters holds `letter`, from one supply."""
        supply = view.layout.letters
        share = supply[letter.upper()] / sum(supply.values())
        return 1 - (1 - share) ** size


__all__ = ["SensibleBot", "StrongBot"]
