"""One game at this keyboard: the person's controller and the table's voice.

The game loop is the table layer's (`sixdot.table.Match`): it asks each seat
to act and hands this table every event its people may see. The session is
the controller for the people at this keyboard: it reads a person's command
until it is a legal action, answers the review commands, and announces the
events. Several people at one keyboard (hot seat) are told whose turn it is
and see their hidden cards only after a ready step.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from sixdot.bots import Bot
from sixdot.client import saves
from sixdot.client.choice import (
    LONGEST,
    ChoiceError,
    normal,
    number,
    pick,
)
from sixdot.client.desk import HEARD, REVIEWS, SEEN, Desk
from sixdot.client.reading import Judge, read, tab_line
from sixdot.client.terminal import PROMPT, Terminal
from sixdot.core import (
    Action,
    Event,
    GameEnded,
    GameState,
    SixdotError,
)
from sixdot.core.options import OptionSpec, resolve_options
from sixdot.games import DEFAULT_LEVEL, Game
from sixdot.output import Output
from sixdot.present.focus import FocusItem, marked
from sixdot.present.groups import group_lines
from sixdot.present.phrasebook import Phrasebook
from sixdot.present.presenter import Presenter
from sixdot.table import BotSeat, Controller, GameSetup, Match, Step, run
from sixdot.visible import excerpt, visible

#: The desk's reviews, then what local play answers itself.
COMMANDS = (*REVIEWS, "help", "quit")
#: Lines said at once before "more" asks for Enter, at a terminal.
SCREENFUL = 20


@dataclass(frozen=True)
class Turn:
    """A decision awaited from one seat: what commands answer about."""

    state: GameState
    seat: int
    legal: tuple[Action, ...]
    me: Presenter

    @property
    def view(self) -> Any:
        return self.state.view(self.seat)

    @classmethod
    def at(cls, state: GameState, seat: int, me: Presenter) -> Turn:
        """`seat`'s turn, its moves numbered as the prompt says them
        (`Presenter.in_order`), as `sixdot join` numbers them."""
        return cls(state, seat, me.in_order(state.view(seat), state.legal_actions(seat)), me)


@dataclass(frozen=True)
class Choices:
    """Moves offered after Enter on a card that can be played several ways."""

    actions: tuple[Action, ...]


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
    #: The player's own word list, for a word game; None: the packaged one.
    dictionary: str | None = None
    #: Moves already played, as (seat, notation): a saved game going on.
    moves: tuple[tuple[int, str], ...] = ()


class Table(Controller):
    """Runs one game between people at this keyboard and bots.

    It is the controller of every seat played at this keyboard, so it hears
    each event any of them may see, once, and keeps each seat's secrets for
    that seat.
    """

    def __init__(
        self,
        setup: Setup,
        words: Phrasebook,
        terminal: Terminal,
        outputs: Sequence[Output] = (),
        keep: Callable[[Setup, bool], None] | None = None,
        pause: bool = False,
    ) -> None:
        self.setup = setup
        #: At a terminal: wait for Enter after a round's scores, and say long
        #: outputs a screenful at a time. Piped play never waits.
        self.pause = pause
        #: A round's scores were just said: the next deal waits for Enter.
        self.round_over = False
        #: Called after each move with the table's setup, every move so far in
        #: it, and whether the game is over: how a game is saved (None: it is not).
        self.keep = keep
        #: The game being played, once `run` has seated everyone.
        self.match: Match | None = None
        #: While a saved game's moves are replayed, lines go to the history only.
        self.replaying = False
        self.outputs = tuple(outputs)
        self.words = words
        self.term = terminal
        for output in self.outputs:
            # A braille display's routing key over a card acts as Enter on it.
            output.on_select = terminal.select
        # Only the player cuts speech short: the terminal calls this on a keypress.
        terminal.on_key = self.cut_in
        terminal.on_end = self.end
        terminal.on_list = self.candidates
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
        # The table's voice: "you" for a lone player, names in a hot seat.
        self.public = game.presenter(words, names, 0 if humans == 1 else None)
        self.private = {s: game.presenter(words, names, s) for s in self.humans}
        self.pending: dict[int, list[str]] = {s: [] for s in self.humans}
        self.at_keyboard: int | None = 0 if humans == 1 else None
        #: Each person's desk: the lines they heard (public ones and their own,
        #: never another's secret) and every review command.
        self.desks = {
            s: Desk(game, words, terminal.keys, setup.seed, lambda: self.term.last_line)
            for s in self.humans
        }
        #: A command typed as the answer to a question it does not answer, run next.
        self.typed_ahead: str | None = None
        #: What each person heard since last asked to move, so the prompt
        #: leaves out what was just said (`Presenter.first_turn`).
        self.heard: dict[int, list[Event]] = {s: [] for s in self.humans}
        #: The people whose whole hand was said since last asked (a resume says it).
        self.hand_said: set[int] = set()

    # -- output --

    def say(self, line: str, urgent: bool = False) -> None:
        """Print a line and hand it to every other output backend, never a raw
        control character among it."""
        if self.replaying:
            return
        line = visible(line)
        self.term.say(line)
        for output in self.outputs:
            output.deliver(line, urgent)

    def error(self, line: str) -> None:
        """A refused command: it answers the player's own key, so it is urgent."""
        self.say(line, urgent=True)

    def end(self, key: str) -> None:
        """A key met an end (the last item, a board's edge): said by its phrase,
        so silence never means 'stuck'."""
        self.say(self.words(key))

    def candidates(self, typed: str, found: Sequence[str]) -> None:
        """Tab's candidates, moves first, on one line; a long list is counted."""
        commands = (*COMMANDS, *self.public.commands())
        self.say(tab_line(self.words, typed, found, commands))

    def cut_in(self) -> None:
        """The player pressed a key: every output stops what it is saying."""
        for output in self.outputs:
            output.interrupt()

    def announce(self, events: Sequence[Event]) -> None:
        """Say each event to those who may know it; hold back others' secrets.

        A round's end waits for Enter (at a terminal) before the next deal is said.
        """
        for event in events:
            if self.round_over and not isinstance(event, GameEnded):
                self.next_round()
            self.round_over = event.ends_round and self.pause and not self.replaying
            everyone = all(event.visible_to(s) for s in range(self.setup.players))
            if not self.replaying:
                for seat in self.humans:
                    if event.visible_to(seat):
                        self.heard[seat].append(event)
            if everyone:
                self._record(self.public.event(event))
                continue
            for seat in self.humans:
                if event.visible_to(seat):
                    lines = self.private[seat].event(event)
                    if seat == self.at_keyboard or self.replaying:
                        self._record(lines, seat)
                    else:
                        self.pending[seat].extend(lines)

    def _record(self, lines: list[str], seat: int | None = None) -> None:
        """Say lines and keep them; private lines are kept for their seat only."""
        for line in lines:
            self.say(line)
        for owner, desk in self.desks.items():
            if seat in (None, owner):
                desk.heard(lines)

    # -- the game loop --

    def run(self) -> GameState | None:
        """Play to the end; None if the people quit."""
        s = self.setup
        match = Match(GameSetup(s.game, s.players, s.options, s.seed))
        self.match = match
        self.say(
            self.words("game-start", game=s.game.rules.title, players=s.players, seed=str(s.seed))
        )
        for line in self._options_lines():
            self.say(line)
        self.say(self.words("game-playing-as", count=s.humans))
        match.sit(self, self.humans)
        for seat, bot in self.bots.items():
            match.sit(BotSeat(bot), [seat])
        match.start(s.moves)
        s.game.warm(match.state)
        if s.moves:
            self.replaying = False
            self.say(self.words("game-resumed", count=len(s.moves)))
            if self.at_keyboard is not None:
                # What the player holds, which the replay did not say again.
                view = match.state.view(self.at_keyboard)
                for line in self.private[self.at_keyboard].hand(view):
                    self.say(line)
                self.hand_said.add(self.at_keyboard)
        try:
            return run(match)
        except Abandon:
            if self.keep is not None and match.moves:
                self.say(self.words("game-saved", game=s.game.name, command=saves.command()))
            return None

    def act(self, state: GameState, seat: int) -> Action:
        """The table asks a person here to move: read their commands until one is legal."""
        return self.ask(state, seat)

    def see(self, step: Step) -> None:
        """A move was made (or the cards dealt): keep the game, then say what
        the people here may know. A saved move played again is only kept in
        the history."""
        self.replaying = step.replay
        if self.match is not None and step.seat is not None and not step.replay:
            self._keep(self.match.moves, step.over)
        self.announce(step.events)

    def next_round(self) -> None:
        """Wait for Enter before the next deal, so the scores are heard first.

        `quit` asks to leave; any other typed text is kept for the next turn,
        never swallowed.
        """
        self.say(self.words("round-pause"), urgent=True)
        answer = self.read(PROMPT, ("quit",))
        if normal(answer) == "quit":
            self.quit()
        elif answer.strip():
            self.typed_ahead = answer

    def _keep(self, moves: Sequence[tuple[int, str]], over: bool) -> None:
        """Save the game after a move; if that fails, say why once and play on."""
        if self.keep is None:
            return
        try:
            self.keep(dataclasses.replace(self.setup, moves=tuple(moves)), over)
        except SixdotError as err:
            self.keep = None
            self.error(self.words("game-not-saved", reason=str(err)))

    def _options_lines(self) -> list[str]:
        """Every option in force, defaults included, so house rules are never a
        surprise; as many lines as the verbosity's line length needs. How the
        strong bot searches is said only when a strong bot sits here."""
        s = self.setup
        rules = s.game.rules
        values = resolve_options(rules.options, s.options)
        strong = s.level == "strong" and s.players > s.humans
        said = [
            self._option_said(spec, values[spec.name])
            for spec in rules.options
            if strong or not spec.strong_bot
        ]
        if not said:
            return [self.words("game-options-none")]
        return group_lines(self.words, "game-options", [("", said)])

    def _option_said(self, spec: OptionSpec, value: object) -> str:
        """An option in words: its own phrase when its bare name and value
        would not explain it (`option-said-think`, `option-said-autocheck`:
        a switch is selected as on or off), else the name and value."""
        key = f"option-said-{spec.name}"
        if self.words.has(key):
            if isinstance(value, bool):
                return self.words(key, value="on" if value else "off")
            return self.words(key, value=value)
        return f"{spec.name.replace('_', ' ')} {self._option_value(spec, value)}"

    def _option_value(self, spec: OptionSpec, value: object) -> str:
        """Switches are read as on or off, never as Python's True and False; a 0
        that stands for something is said as what it stands for."""
        if isinstance(value, bool):
            return self.words("option-on" if value else "option-off")
        if value == 0 and spec.zero:
            return spec.zero
        return str(value)

    def read(
        self, prompt: str, completions: Sequence[str] = (), focus: Sequence[FocusItem] = ()
    ) -> str:
        while True:
            text = self.term.ask(prompt, completions, focus)
            if text is None:
                self.say(self.words("input-ended"))
                raise Abandon
            if len(text) <= LONGEST:
                return text
            self.error(self.words("input-too-long", count=len(text), limit=LONGEST))

    def hand_over(self, seat: int) -> None:
        """Hot seat: wait until `seat`'s player has the keyboard, then show their secrets."""
        if self.at_keyboard == seat:
            return
        name = self.names[seat]
        self.say(self.words("turn-ready", player=name))
        while True:
            # An answer to the quit question asked here is answered here, never
            # kept to be played for the player whose keyboard it becomes.
            ahead, self.typed_ahead = self.typed_ahead, None
            word = normal(ahead or self.read(PROMPT, ("ready", "quit")))
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
            self._record(lines, seat)

    def ask(self, state: GameState, seat: int) -> Action:
        """Read commands (typed or from keys) until one is a legal action."""
        self.hand_over(seat)
        turn = Turn.at(state, seat, self.private[seat])
        heard, self.heard[seat] = self.heard[seat], []
        hand_said = seat in self.hand_said
        self.hand_said.discard(seat)
        if len(turn.legal) == 1 and not state.must_ask(seat):
            # Nothing to decide (a pass forced by the rules): play it and say so.
            only = turn.legal[0]
            self.say(self.words("forced-move", move=turn.me.move(only, turn.view)))
            return only
        for line in turn.me.first_turn(turn.view, turn.legal, heard, hand_said):
            self.say(line, urgent=True)
        notations = [a.notation for a in turn.legal]
        focus = self.marked(turn.me.focus(turn.view, turn.legal))
        self.term.review = lambda name: self._said(self.command(name, turn, ""))
        self.term.selection = turn.me.selection(turn.view, turn.legal)
        self.term.pick_label = self.pick_label
        while True:
            self.show_focus(focus)
            text = self.typed_ahead or self.read(
                PROMPT, [*notations, *self.command_names(seat)], focus
            )
            self.typed_ahead = None
            action = self.interpret(text, turn, focus)
            if isinstance(action, Choices):
                # Enter on a card with several moves: the keys now walk those moves.
                focus = self.marked(turn.me.move_items(turn.view, action.actions))
            elif action is not None and self.confirmed(turn, action):
                self.term.review = None
                self.term.selection = None
                self.show_focus([])
                return action

    def pick_label(self, item: FocusItem, chosen: bool, count: int) -> str:
        """A card in a multi-card pick, with whether it is selected and how many are."""
        wanted = self.term.selection[1] if self.term.selection else 0
        key = "focus-picked" if chosen else "focus-unpicked"
        return self.words(key, item=item.label, count=count, wanted=wanted)

    def marked(self, focus: Sequence[FocusItem]) -> list[FocusItem]:
        """Each item as the keys say it (see `present.focus.marked`)."""
        return marked(self.words, focus)

    def show_focus(self, focus: Sequence[FocusItem]) -> None:
        """Give displays the items the keys walk, and follow the keys as they move."""
        labels = [item.label for item in focus]
        for output in self.outputs:
            output.show_focus(labels, 0)

        def follow(at: int) -> None:
            for output in self.outputs:
                output.show_focus(labels, at)

        self.term.on_focus = follow

    def interpret(
        self, text: str, turn: Turn, focus: Sequence[FocusItem] = ()
    ) -> Action | Choices | None:
        """The action `text` names, or None after answering a command or an error."""
        word = normal(text)
        if not word:
            return self._said(self.command("turn", turn, ""))
        verb, _, rest = word.partition(" ")
        if verb == "choose":
            return self.choose(rest, turn, focus)
        judge = Judge(
            refusal=lambda action: turn.state.refusal(turn.seat, action),
            interpretations=lambda action: turn.state.interpretations(turn.seat, action),
        )
        commands = self.command_names(turn.seat)
        reading = read(text, turn.legal, self.setup.game.rules, turn.me, judge, commands)
        if reading.error is not None:
            self.error(reading.error)
            return None
        if reading.command is not None:
            return self._said(self.command(reading.command, turn, reading.argument))
        if reading.move is not None:
            return reading.move
        return self.which(text, turn, reading.meanings, reading.also)

    def which(
        self, text: str, turn: Turn, meanings: Sequence[Action], also: Sequence[str] = ()
    ) -> Action | None:
        """The one action meant, asking by number when the typed text fits
        several moves, or moves and commands (`also`): the command chosen is
        run. An answer that is none of them asks again; another command
        instead is run next, so nothing typed is lost."""
        if len(meanings) == 1 and not also:
            return meanings[0]
        labels = [turn.me.move(a, turn.view) for a in meanings] + list(also)
        kind = "which-any" if also else "which"  # moves and commands, or moves
        self.say(self.words(f"{kind}-title", text=excerpt(text), count=len(labels)), urgent=True)
        for place, label in enumerate(labels, 1):
            self.say(self.words("move-item", number=place, move=label))
        while True:
            answer = self.read(PROMPT, labels)
            try:
                index = pick(answer, labels)
            except ChoiceError as err:
                if not err.matches and number(answer) is None and answer.strip():
                    # Another command instead of a choice: the player moved on, so run it.
                    self.typed_ahead = answer
                    return None
                # A number out of range, or a start of several: asked again.
                self.say(self.words(f"{kind}-dropped", count=len(labels)))
                continue
            if index < len(meanings):
                return meanings[index]
            return self._said(self.command(labels[index], turn, ""))

    def confirmed(self, turn: Turn, action: Action) -> bool:
        """True unless the game warns about `action` and the player thinks again."""
        warning = turn.state.caution(turn.seat, action)
        if warning is None:
            return True
        self.say(turn.me.caution(warning), urgent=True)
        self.say(self.words("caution-confirm"))
        answer = self.read(PROMPT, ("yes", "no"))
        if normal(answer) in ("y", "yes"):
            return True
        if normal(answer) not in ("", "n", "no"):
            # Another command instead of an answer: the player moved on, so run it.
            self.typed_ahead = answer
            return False
        self.say(self.words("caution-kept"))
        return False

    def _said(self, lines: Sequence[str]) -> None:
        """A command's answer; at a terminal a long one comes a screenful at a time.

        After each screenful Enter says more; `q` stops, and any other text is
        run next as a command, so nothing typed is lost.
        """
        shown = 0
        while True:
            chunk = lines[shown : shown + SCREENFUL] if self.pause else lines[shown:]
            for line in chunk:
                self.say(line)
            shown += len(chunk)
            if shown >= len(lines):
                return
            self.say(self.words("more", count=len(lines) - shown), urgent=True)
            answer = self.read(PROMPT, ("q",))
            if answer.strip():
                if normal(answer) not in ("q", "quit"):
                    self.typed_ahead = answer
                return

    def choose(
        self, argument: str, turn: Turn, focus: Sequence[FocusItem]
    ) -> Action | Choices | None:
        """Enter on a focused item: play it, or list its choices by move number."""
        chosen = number(argument)
        if chosen is None:
            self.error(self.words("cmd-unknown", text=excerpt(f"choose {argument}")))
            return None
        if not 1 <= chosen <= len(focus):
            self.error(self.words("focus-none"))
            return None
        item = focus[chosen - 1]
        if not item.actions:
            # The label already says so as the keys reach it.
            self.error(self.words("focus-not-playable"))
            return None
        if len(item.actions) == 1:
            return item.actions[0]
        self.say(self.words("focus-choices", item=item.label), urgent=True)
        for action in item.actions:
            place = turn.legal.index(action) + 1
            self.say(self.words("move-item", number=place, move=turn.me.move(action, turn.view)))
        return Choices(item.actions)

    # -- commands --

    def command_names(self, seat: int) -> tuple[str, ...]:
        """The commands every game has, then this game's own review commands."""
        return (*COMMANDS, *self.private[seat].commands())

    def command(self, name: str, turn: Turn, argument: str) -> list[str]:
        """Run a command; game commands take an optional argument (`suit moons`).
        Every review is the seat's desk's, as online."""
        desk = self.desks[turn.seat]
        if name in HEARD:
            return desk.recall(name)
        if name in ("moves", "turn", "hint"):
            return desk.asked(turn.me, name, turn.view, turn.legal, turn.seat)
        if name in SEEN or name in turn.me.commands():
            return desk.seen(turn.me, name, argument, turn.view)
        handler: Callable[[Turn, str], list[str]] = getattr(self, f"cmd_{name}")
        return handler(turn, argument)

    def cmd_help(self, turn: Turn, argument: str) -> list[str]:
        prefix = turn.me.prefix
        return [
            self.words("help-title"),
            self.words("help-action"),
            *(self.words(f"help-{name}") for name in COMMANDS),
            *(self.words(f"help-{prefix}-{name}") for name in turn.me.commands()),
            self.words("help-enter"),
        ]

    def cmd_quit(self, turn: Turn, argument: str) -> list[str]:
        self.quit()
        return []

    def quit(self) -> None:
        """Leave the game after a yes; anything else plays on, and an answer
        other than no (`hand`, a move) is then run as typed: nothing is lost."""
        self.say(self.words("quit-confirm"))
        typed = self.read(PROMPT, ("yes", "no"))
        answer = normal(typed)
        if answer in ("y", "yes"):
            self.say(self.words("quit-done"))
            raise Abandon
        self.say(self.words("quit-kept"))
        if answer not in ("", "n", "no"):
            self.typed_ahead = typed
