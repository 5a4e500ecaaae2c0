"""`sixdot join`: play at a sixdot server's tables from this terminal.

- `sixdot.client.listener.Listener` is the client's whole mind: it turns each
  server message into lines to say (and keeps them on the player's desk), and,
  with `sixdot.client.commands`, each typed line into a message to send or
  lines to say. It does no I/O.
- `sixdot.client.connection.Connection` is the websocket: heard on a thread,
  tried again with the session's token when it drops. When it is gone for
  good (no server after every try, or no websocket server there any more)
  the input ends, why is said on stderr, and join exits 1.
- `sixdot.client.sessions.KeptSessions` keeps the session's token between runs.
- Here, `join_command` connects and reads typed lines on the main thread. At a
  real terminal it reads with the same line editor as local play: at one's
  turn the keys walk the cards, Enter plays the focused one, the review keys
  answer, and lines from the server are printed above the input line.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import TYPE_CHECKING

from sixdot.client.commands import Reply
from sixdot.client.connection import Connection, NotWebsocket
from sixdot.client.listener import Listener
from sixdot.client.sessions import KeptSessions, sessions_path
from sixdot.client.terminal import PROMPT, Cursor, note
from sixdot.present.phrasebook import Phrasebook
from sixdot.visible import excerpt, visible

if TYPE_CHECKING:
    import argparse

    from sixdot.client.terminal import Terminal
    from sixdot.output import Output

#: Seconds a client that is leaving (quit, or its input ended) waits for the
#: answers to what it sent, so a piped player hears what became of it.
ANSWERS = 10.0


def join_command(args: argparse.Namespace, words: Phrasebook, outputs: Sequence[Output]) -> int:
    """`sixdot join URL`: log in, then read commands until quit or end of input.

    At a real terminal the line editor of local play reads them; lines from the
    server are printed above its input line. Piped or --plain, lines are read
    and printed as they come.
    """
    from sixdot.client.terminal import open_terminal

    term = open_terminal(getattr(args, "plain", False))
    say_lock = threading.Lock()
    listener = Listener(words)
    listener.desk.keys = dict(term.keys)

    def say(line: str) -> None:
        line = visible(line)
        with say_lock:
            listener.last_said = line
            term.tell([line])
            for output in outputs:
                output.deliver(line, False)

    def fail(line: str) -> None:
        """Why join cannot go on: on stderr, and to the voice and the display."""
        line = visible(line)
        with say_lock:
            note(line)
            for output in outputs:
                output.deliver(line, False)

    connection = Connection(args.url, listener, say)
    try:
        connection.open()
    except (OSError, ValueError, NotWebsocket) as err:
        key = "online-not-websocket" if isinstance(err, NotWebsocket) else "online-cannot-connect"
        fail(words(key, url=visible(args.url), why=visible(str(err))))
        _close(outputs)
        return 2
    connection.on_lost = term.end_input
    kept = KeptSessions(sessions_path(), args.url, words, say)
    saved = kept.load()
    listener.on_token = kept.update
    _keys(term, listener, connection, outputs)
    say(words("online-connected", url=visible(args.url)))
    hearing = threading.Thread(target=connection.hear, name="sixdot-join", daemon=True)
    hearing.start()
    connection.send({"type": "hello"})
    if saved is not None and (args.name is None or args.name.lower() == saved[0].lower()):
        # The session of the last run: the seat comes back without the password.
        # Not for another name given: that player logs in as themselves, and
        # the kept session's own window is left alone; nor while another
        # window still plays with it.
        if kept.busy():
            say(words("online-session-busy", name=visible(saved[0])))
        else:
            connection.send({"type": "resume", "token": saved[1]})
    try:
        _read_commands(term, listener, connection, outputs, args.name)
    except KeyboardInterrupt:
        if connection.lost is None:  # the player's Ctrl+C, not `end_input`'s
            raise
    finally:
        connection.close()
        hearing.join(2)
        if connection.lost is not None:
            fail(connection.lost)
        _close(outputs)
    return 0 if connection.lost is None else 1


def _close(outputs: Sequence[Output]) -> None:
    for output in outputs:
        output.close()


def _keys(
    term: Terminal, listener: Listener, connection: Connection, outputs: Sequence[Output]
) -> None:
    """Wire the terminal's keys to the listener: what they walk, what they say.

    After each message heard and each line typed, the terminal is offered the
    moves and commands to complete and the cards to walk; braille displays are
    shown the cards, and their routing keys act as Enter on one.
    """
    shown: list[list[str]] = [[]]

    def offer() -> None:
        with connection.lock:
            completions = listener.completions()
            focus, selection = list(listener.focus), listener.selection
        term.offer(completions, focus, selection)
        labels = [item.label for item in focus]
        if labels != shown[0]:
            shown[0] = labels
            for output in outputs:
                output.show_focus(labels, 0)

    def follow(at: int) -> None:
        for output in outputs:
            output.show_focus(shown[0], at)

    def review(name: str) -> None:
        with connection.lock:
            reply = listener.typed(name)
        _carry_out(connection, reply)  # said now, or asked of the server (`look`)

    def cut_in() -> None:
        for output in outputs:
            output.interrupt()

    def listed(typed: str, found: Sequence[str]) -> None:
        connection.say(listener.candidates(typed, found))

    for output in outputs:
        output.on_select = term.select
    term.on_focus = follow
    term.on_key = cut_in
    term.on_end = lambda key: connection.say(listener.words(key))
    term.on_list = listed
    term.pick_label = listener.pick_label
    if term.keys:
        term.review = review
    connection.heard = offer
    offer()


def _read_commands(
    term: Terminal,
    listener: Listener,
    connection: Connection,
    outputs: Sequence[Output],
    name: str | None,
) -> None:
    words = listener.words
    while True:
        line = term.ask(PROMPT)
        if connection.lost is not None:
            return  # the connection is gone for good: said by join_command
        if line is None:
            _answered(connection, listener)  # then what becomes of a game under way
            with connection.lock:
                reply = listener.input_ended()
            _go(connection, listener, reply)
            return
        verb, _, rest = line.strip().partition(" ")
        if verb.lower() in ("login", "register"):
            if listener.replaced and not connection.reopen():
                continue
            account = rest.strip() or name or _ask(term, connection, words("online-ask-name"))
            if account is None:
                return
            if verb.lower() == "register":
                password = _new_password(term, connection, outputs, words, account)
            else:
                password = _secret(term, connection, outputs, words("online-ask-password"))
            if password is not None:
                connection.send({"type": verb.lower(), "name": account, "password": password})
            continue
        if verb.lower() == "quit":
            # Whether a game is under way is known once what was sent is answered.
            _answered(connection, listener)
        with connection.lock:
            private = listener.needs_password(line)
            reply = listener.typed(line)
        if private is not None:
            prompt = words("online-ask-table-password", table=private)
            password = _secret(term, connection, outputs, prompt)
            if password is None:
                continue  # the end of input: said by the next ask
            for message in reply.send:
                message["password"] = password
        if reply.quit:
            _go(connection, listener, reply)
            return
        _carry_out(connection, reply)
        connection.heard()  # a move played or a card's moves listed change what is walked


def _new_password(
    term: Terminal, connection: Connection, outputs: Sequence[Output], words: Phrasebook, name: str
) -> str | None:
    """A new account's password, asked twice, once its name is known to be
    one the server takes: None (and why, said) if the name or the password
    will not do, or the two differ, so nothing is sent that must fail."""
    from sixdot.wire import messages as m

    if m.kept_name(name) is None:
        connection.say(
            words(
                "online-bad-name",
                name=excerpt(visible(name), 24),
                shortest=m.NAME_SHORTEST,
                longest=m.NAME_LONGEST,
            )
        )
        return None
    password = _secret(term, connection, outputs, words("online-ask-password"))
    if password is None:
        return None
    if not m.PASSWORD_SHORTEST <= len(password) <= m.PASSWORD_LONGEST:
        connection.say(
            words("online-bad-password", shortest=m.PASSWORD_SHORTEST, longest=m.PASSWORD_LONGEST)
        )
        return None
    again = _secret(term, connection, outputs, words("online-ask-password-again"))
    if again != password:
        connection.say(words("online-passwords-differ"))
        return None
    return password


def _carry_out(connection: Connection, reply: Reply) -> None:
    """What a typed line or a review key came to: its lines said, its messages sent."""
    for line in reply.say:
        connection.say(line)
    for message in reply.send:
        connection.send(message)


def _go(connection: Connection, listener: Listener, reply: Reply) -> None:
    """Leaving (quit, or the end of input): its messages (`leave`) are sent and
    answered, then the last lines said."""
    if all(connection.send(message) for message in reply.send):
        _answered(connection, listener)
    for line in reply.say:
        connection.say(line)


def _answered(connection: Connection, listener: Listener) -> None:
    """Wait, at most `ANSWERS` seconds, until everything sent has been answered
    (`ping`, `pong`): a piped player hears what became of it (logged in, the
    table, the deal) before the client goes."""
    listener.answered.clear()
    if connection.send({"type": "ping"}) and not listener.answered.wait(ANSWERS):
        connection.say(listener.words("online-no-answer", seconds=int(ANSWERS)))


def _ask(term: Terminal, connection: Connection, prompt: str) -> str | None:
    """A question said as every line is (printed, spoken, on the display); the answer
    is the next line typed."""
    connection.say(prompt)
    return term.ask("")


def _secret(
    term: Terminal, connection: Connection, outputs: Sequence[Output], prompt: str
) -> str | None:
    """A password: the next line of a pipe; at a terminal unechoed, the question
    shown by getpass where the answer goes, and given to the voice and display."""
    if not term.interactive:
        return _ask(term, connection, prompt)
    import getpass

    for output in outputs:
        output.deliver(prompt, False)
    Cursor.end_line(term.stdout)
    try:
        return getpass.getpass(prompt + " ")
    except EOFError:
        return None
