"""The opening menu: game, number of players, people at the keyboard, bot level.

Every question is a numbered list answered by number, name or unique start;
`help` (or `?`) says how at any question, and each answer is said back.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from sixdot.client.choice import LONGEST, MANY, ChoiceError, normal, pick
from sixdot.client.session import Setup
from sixdot.client.terminal import PROMPT, Terminal
from sixdot.games import DEFAULT_LEVEL, GAMES
from sixdot.present.phrasebook import Phrasebook
from sixdot.present.presenter import alternatives
from sixdot.visible import excerpt

#: Saved games offered at a time; `more` turns the page.
PAGE = 5
#: What asks for the menu's help at any question (F1 types `keys`).
HELP = ("help", "?", "keys")


class Menu:
    def __init__(self, words: Phrasebook, term: Terminal) -> None:
        self.words = words
        self.term = term

    def help(self) -> None:
        for key in ("menu-help", "menu-help-keys", "menu-help-quit"):
            self.term.say(self.words(key))

    def choose(
        self, title: str, labels: Sequence[str], names: Sequence[str], default: int | None = None
    ) -> int | None:
        """A numbered choice; Enter takes the default; None at end of input or on quit."""
        self.term.say(title)
        for number, label in enumerate(labels, 1):
            self.term.say(self.words("choice-item", number=number, label=label))
        while True:
            text = self.term.ask(PROMPT, names)
            if text is None or normal(text) == "quit":
                return None
            if normal(text) in HELP:
                self.help()
                continue
            if not text.strip() and default is not None:
                return self.said(labels, default)
            if len(text) > LONGEST:
                self.term.say(self.words("input-too-long", count=len(text), limit=LONGEST))
                continue
            try:
                return self.said(labels, pick(text, names))
            except ChoiceError as err:
                self.term.say(self.refusal(excerpt(text), err.matches, len(names)))

    def said(self, labels: Sequence[str], index: int) -> int:
        """The answer said back, so a mistyped choice is heard before it is acted on."""
        self.term.say(self.words("choice-said", label=labels[index]))
        return index

    def refusal(self, text: str, matches: Sequence[str], count: int) -> str:
        """Why a typed choice chose nothing: several fit it, or none did."""
        if len(matches) > MANY:
            return self.words("choice-ambiguous-many", text=text, count=len(matches))
        if matches:
            return self.words(
                "choice-ambiguous", text=text, matches=alternatives(self.words, matches)
            )
        return self.words("choice-unknown", text=text, count=count)

    def number(self, title: str, low: int, high: int, default: int) -> int | None:
        names = [str(n) for n in range(low, high + 1)]
        self.term.say(title)
        while True:
            text = self.term.ask(PROMPT, names)
            if text is None or normal(text) == "quit":
                return None
            if normal(text) in HELP:
                self.help()
                continue
            word = text.strip() or str(default)
            if word in names:
                return self.said(names, names.index(word)) + low
            self.term.say(self.words("choice-number", text=excerpt(text), low=low, high=high))

    def run(
        self,
        seed: int,
        waiting: Sequence[Setup] = (),
        ready: Callable[[Setup], Setup | None] = lambda setup: setup,
    ) -> Setup | None:
        """Ask for a table, or which of the saved games `waiting` goes on;
        None if input ends first.

        `ready` makes a saved game playable (its word list, its moves checked),
        or says why it cannot be and gives None: that game is not offered.
        """
        start = 0
        pages: dict[int, list[Setup]] = {}
        while waiting:
            if start not in pages:
                # Checked a page at a time: a broken one is said once and left out.
                found = (ready(setup) for setup in waiting[start : start + PAGE])
                pages[start] = [setup for setup in found if setup is not None]
            shown = pages[start]
            if not shown and len(waiting) <= PAGE:
                break  # none can go on: straight to a new game
            labels = [self.saved_label(s) for s in shown]
            names = [f"resume {s.game.name} {s.seed}" for s in shown]
            labels.append(self.words("menu-new"))
            names.append("new")
            if len(waiting) > PAGE:
                labels.append(self.words("menu-more", count=len(waiting)))
                names.append("more")
            last = min(start + PAGE, len(waiting))
            title = "menu-start" if start == 0 else "menu-start-page"
            said = self.words(title, first=start + 1, last=last, count=len(waiting))
            index = self.choose(said, labels, names, default=0)
            if index is None:
                return None
            if names[index] == "more":
                start = last if last < len(waiting) else 0
            elif names[index] == "new":
                break
            else:
                return shown[index]
        games = list(GAMES.values())
        index = self.choose(
            self.words("menu-game"),
            [g.rules.title for g in games],
            [g.name for g in games],
            default=0,
        )
        if index is None:
            return None
        game = games[index]
        rules = game.rules
        players = self.number(
            self.words(
                "menu-players",
                low=rules.min_players,
                high=rules.max_players,
                default=rules.default_players,
            ),
            rules.min_players,
            rules.max_players,
            rules.default_players,
        )
        if players is None:
            return None
        humans = self.number(self.words("menu-humans", high=players), 1, players, 1)
        if humans is None:
            return None
        level = DEFAULT_LEVEL
        if humans < players:
            levels = list(game.bots)
            choice = self.choose(
                self.words("menu-level", default=DEFAULT_LEVEL),
                [self.words(f"level-{lv}") for lv in levels],
                levels,
                default=levels.index(DEFAULT_LEVEL),
            )
            if choice is None:
                return None
            level = levels[choice]
        return Setup(game, players, humans, level, seed)

    def saved_label(self, setup: Setup) -> str:
        rules = setup.game.rules
        return self.words(
            "menu-resume", game=rules.title, seed=str(setup.seed), count=len(setup.moves)
        )
