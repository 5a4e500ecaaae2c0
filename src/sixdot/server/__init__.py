"""Online tables: `sixdot serve` and what it keeps (issue 21).

- `storage`: the Store interface and its embedded SQLite default (accounts,
  sessions, tables, seats and the journal every game is rebuilt from).
- `accounts`: names, passwords (argon2id), session tokens, rate limits.
- `protocol`: the messages a client may send, checked and bounded.
- `play`: one live table: seats, bots, the game and each seat's deliveries.
- `app`: the websockets server that ties them together.
"""
