"""The opening menu: game, number of players, people at the keyboard, bot level."""

from __future__ import annotations

from collections.abc import Sequence

from sixdot.client.choice import LONGEST, MANY, ChoiceError, normal, pick
from sixdot.client.session import PROMPT, Setup
from sixdot.client.terminal import Terminal
from sixdot.games import DEFAULT_LEVEL, GAMES
from sixdot.present.phrasebook import Phrasebook
from sixdot.present.presenter import alternatives
from sixdot.visible import excerpt


class Menu:
    def __init__(self, words: Phrasebook, term: Terminal) -> None:
        self.words = words
        self.term = term

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
            if not text.strip() and default is not None:
                return default
            if len(text) > LONGEST:
                self.term.say(self.words("input-too-long", count=len(text), limit=LONGEST))
                continue
            try:
                return pick(text, names)
            except ChoiceError as err:
                self.term.say(self.refusal(excerpt(text), err.matches, len(names)))

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
            word = text.strip() or str(default)
            if word in names:
                return int(word)
            self.term.say(self.words("choice-number", text=excerpt(text), low=low, high=high))

    def run(self, seed: int, waiting: Sequence[Setup] = ()) -> Setup | None:
        """Ask for a table, or which of the saved games `waiting` goes on;
        None if input ends first."""
        if waiting:
            labels = [
                self.words(
                    "menu-resume", game=s.game.rules.title, seed=str(s.seed), count=len(s.moves)
                )
                for s in waiting
            ]
            names = [f"resume {s.game.name} {s.seed}" for s in waiting]
            index = self.choose(
                self.words("menu-start"),
                [*labels, self.words("menu-new")],
                [*names, "new"],
                default=0,
            )
            if index is None:
                return None
            if index < len(waiting):
                return waiting[index]
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
