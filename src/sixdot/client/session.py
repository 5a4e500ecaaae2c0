"""One game at the table: bots play, people are asked, every event is said.

The loop is the same for every game: ask the state who acts, let bots choose
from their own view, read a person's command until it is a legal action, and
announce the events that follow. Several people at one keyboard (hot seat)
are told whose turn it is and see their hidden cards only after a ready step.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from sixdot.bots import Bot
from sixdot.client.choice import ChoiceError, normal, pick
from sixdot.client.docs import rules_lines
from sixdot.client.terminal import Terminal
from sixdot.core import Action, Event, GameState, NotationError
from sixdot.core.options import resolve_options
from sixdot.games import DEFAULT_LEVEL, Game
from sixdot.output import Output
from sixdot.present.phrasebook import Phrasebook

COMMANDS = (
    "moves",
    "hand",
    "table",
    "score",
    "last",
    "history",
    "hint",
    "help",
    "rules",
    "quit",
)
PROMPT = "> "


class Abandon(Exception):
    """The people at the table left the game."""


@dataclass(frozen=True)
class Setup:
    """How a table is seated: the game and who plays it."""

    game: Game
    players: int
    humans: int = 1
    level: str = DEFAULT_LEVEL
    seed: int = 0
    options: Mapping[str, object] = field(default_factory=dict)


class Table:
    """Runs one game between people at this keyboard and bots."""

    def __init__(
        self,
        setup: Setup,
        words: Phrasebook,
        terminal: Terminal,
        outputs: Sequence[Output] = (),
    ) -> None:
        self.setup = setup
        self.outputs = tuple(outputs)
        self.words = words
        self.term = terminal
        game = setup.game
        humans = setup.humans
        bot_names = words("player-names-bots").split(", ")
        if humans == 1:
            names = [words("you")]
        else:
            names = [words("player-name-human", number=i + 1) for i in range(humans)]
        names += bot_names[: setup.players - humans]
        self.names = names
        self.humans = range(humans)
        self.bots: dict[int, Bot] = {
            s: game.bots[setup.level](s, setup.seed) for s in range(humans, setup.players)
        }
        self.hinter = game.bots.get("sensible", game.bots[DEFAULT_LEVEL])
        # The table's voice: "you" for a lone player, names in a hot seat.
        self.public = game.presenter(words, names, 0 if humans == 1 else None)
        self.private = {s: game.presenter(words, names, s) for s in self.humans}
        self.pending: dict[int, list[str]] = {s: [] for s in self.humans}
        self.at_keyboard: int | None = 0 if humans == 1 else None
        self.history: list[str] = []
        self.last: list[str] = []

    # -- output --

    def say(self, line: str, urgent: bool = False) -> None:
        """Print a line and hand it to every other output backend."""
        self.term.say(line)
        for output in self.outputs:
            output.deliver(line, urgent)

    def error(self, line: str) -> None:
        """A refused command: said at once, cutting off older speech."""
        self.say(line, urgent=True)

    def announce(self, events: Sequence[Event]) -> None:
        """Say each event to those who may know it; hold back others' secrets."""
        for event in events:
            everyone = all(event.visible_to(s) for s in range(self.setup.players))
            if everyone:
                self._record(self.public.event(event))
                continue
            for seat in self.humans:
                if event.visible_to(seat):
                    lines = self.private[seat].event(event)
                    if seat == self.at_keyboard:
                        self._record(lines)
                    else:
                        self.pending[seat].extend(lines)

    def _record(self, lines: list[str]) -> None:
        for line in lines:
            self.say(line)
        self.history.extend(lines)
        self.last = lines

    # -- the game loop --

    def run(self) -> GameState | None:
        """Play to the end; None if the people quit."""
        s = self.setup
        state, events = s.game.rules.begin(s.players, s.options, s.seed)
        self.say(
            self.words("game-start", game=s.game.rules.title, players=s.players, seed=str(s.seed))
        )
        self.say(self._options_line())
        self.say(self.words("game-playing-as", count=s.humans))
        self.announce(events)
        try:
            while not state.is_over:
                seat = state.to_act()[0]
                bot = self.bots.get(seat)
                if bot is not None:
                    action = bot.choose(state.view(seat), state.legal_actions(seat))
                else:
                    action = self.ask(state, seat)
                state, events = state.apply(seat, action)
                self.announce(events)
        except Abandon:
            return None
        return state

    def _options_line(self) -> str:
        """Every option in force, defaults included, so house rules are never a surprise."""
        rules = self.setup.game.rules
        values = resolve_options(rules.options, self.setup.options)
        if not values:
            return self.words("game-options-none")
        return self.words("game-options", options=", ".join(f"{k} {v}" for k, v in values.items()))

    def read(self, prompt: str, completions: Sequence[str] = ()) -> str:
        text = self.term.ask(prompt, completions)
        for output in self.outputs:
            output.interrupt()
        if text is None:
            self.say(self.words("input-ended"))
            raise Abandon
        return text

    def hand_over(self, seat: int) -> None:
        """Hot seat: wait until `seat`'s player has the keyboard, then show their secrets."""
        if self.at_keyboard == seat:
            return
        name = self.names[seat]
        self.say(self.words("turn-ready", player=name))
        while True:
            word = normal(self.read(PROMPT, ("ready", "quit")))
            if word and "ready".startswith(word):
                break
            if word and "quit".startswith(word) and len(word) > 1:
                self.quit()
                continue
            self.say(self.words("turn-ready-needed", player=name))
        self.at_keyboard = seat
        self.say(self.words("turn-ready-done", player=name))
        lines, self.pending[seat] = self.pending[seat], []
        if lines:
            self._record(lines)

    def ask(self, state: GameState, seat: int) -> Action:
        """Read commands from `seat`'s player until one is a legal action."""
        self.hand_over(seat)
        view = state.view(seat)
        legal = state.legal_actions(seat)
        me = self.private[seat]
        for line in me.turn(view, legal):
            self.say(line, urgent=True)
        notations = [a.notation for a in legal]
        while True:
            text = self.read(PROMPT, [*notations, *self.command_names(seat)])
            action = self.interpret(text, state, seat, legal)
            if action is not None:
                return action

    def interpret(
        self, text: str, state: GameState, seat: int, legal: Sequence[Action]
    ) -> Action | None:
        """The action `text` names, or None after answering a command or an error."""
        me = self.private[seat]
        word = normal(text)
        if not word:
            for line in me.turn(state.view(seat), legal):
                self.say(line)
            return None
        if word.isdigit():
            number = int(word)
            if 1 <= number <= len(legal):
                return legal[number - 1]
            self.error(self.words("cmd-number-range", number=number, count=len(legal)))
            return None
        verb, _, rest = word.partition(" ")
        if verb in self.command_names(seat):
            self.command(verb, state, seat, legal, rest)
            return None
        try:
            action = self.setup.game.rules.parse_action(text)
        except NotationError:
            pass
        else:
            refusal = state.refusal(seat, action)
            if refusal is None:
                return action
            self.error(me.refusal(refusal))
            return None
        names = [a.notation for a in legal] + list(self.command_names(seat))
        try:
            index = pick(word, names)
        except ChoiceError as err:
            if err.matches:
                self.error(
                    self.words("cmd-ambiguous", text=text.strip(), matches=", ".join(err.matches))
                )
            elif word.split()[0] in self.setup.game.rules.verbs:
                self.error(me.not_a_move(text.strip()))
            else:
                self.error(self.words("cmd-unknown", text=text.strip()))
            return None
        if index < len(legal):
            return legal[index]
        self.command(names[index], state, seat, legal, "")
        return None

    # -- commands --

    def command_names(self, seat: int) -> tuple[str, ...]:
        """The commands every game has, then this game's own review commands."""
        return (*COMMANDS, *self.private[seat].commands())

    def command(
        self, name: str, state: GameState, seat: int, legal: Sequence[Action], argument: str
    ) -> None:
        """Run a command; game commands take an optional argument (`suit moons`)."""
        me = self.private[seat]
        if name in me.commands():
            for line in me.commands()[name](state.view(seat), argument):
                self.say(line)
            return
        handler: Callable[[GameState, int, Sequence[Action]], None] = getattr(self, f"cmd_{name}")
        handler(state, seat, legal)

    def cmd_moves(self, state: GameState, seat: int, legal: Sequence[Action]) -> None:
        view = state.view(seat)
        me = self.private[seat]
        self.say(self.words("moves-title", count=len(legal)))
        for number, action in enumerate(legal, 1):
            self.say(self.words("move-item", number=number, move=me.move(action, view)))

    def cmd_hand(self, state: GameState, seat: int, legal: Sequence[Action]) -> None:
        for line in self.private[seat].hand(state.view(seat)):
            self.say(line)

    def cmd_table(self, state: GameState, seat: int, legal: Sequence[Action]) -> None:
        for line in self.private[seat].table(state.view(seat)):
            self.say(line)

    def cmd_score(self, state: GameState, seat: int, legal: Sequence[Action]) -> None:
        for line in self.private[seat].score(state.view(seat)):
            self.say(line)

    def cmd_last(self, state: GameState, seat: int, legal: Sequence[Action]) -> None:
        for line in self.last or [self.words("last-none")]:
            self.say(line)

    def cmd_history(self, state: GameState, seat: int, legal: Sequence[Action]) -> None:
        self.say(self.words("history-title", count=len(self.history)))
        for line in self.history:
            self.say(line)

    def cmd_hint(self, state: GameState, seat: int, legal: Sequence[Action]) -> None:
        view = state.view(seat)
        choice = self.hinter(seat, self.setup.seed).choose(view, legal)
        self.say(self.words("hint", move=self.private[seat].move(choice, view)))

    def cmd_help(self, state: GameState, seat: int, legal: Sequence[Action]) -> None:
        self.say(self.words("help-title"))
        self.say(self.words("help-action"))
        for name in COMMANDS:
            self.say(self.words(f"help-{name}"))
        for name in self.private[seat].commands():
            self.say(self.words(f"help-{self.private[seat].prefix}-{name}"))
        self.say(self.words("help-enter"))

    def cmd_rules(self, state: GameState, seat: int, legal: Sequence[Action]) -> None:
        for line in rules_lines(self.setup.game.name):
            self.say(line)

    def cmd_quit(self, state: GameState, seat: int, legal: Sequence[Action]) -> None:
        self.quit()

    def quit(self) -> None:
        """Leave the game after a yes; anything else plays on."""
        self.say(self.words("quit-confirm"))
        answer = normal(self.read(PROMPT, ("yes", "no")))
        if answer in ("y", "yes"):
            self.say(self.words("quit-done"))
            raise Abandon
        self.say(self.words("quit-kept"))
