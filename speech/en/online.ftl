# sixdot phrasebook, English: online tables (sixdot serve, sixdot join).
# The server sends keys and facts; these words are made by the listener.
# Keep the key fact first and inside 40 characters: one braille display line.

## The server's own lines

online-serve-listening = Serving at { $url }; tables kept in { $folder }.
    .brief = Serving at { $url }.
online-serve-stopped = Server stopped.
online-serve-cannot = Cannot listen on { $where }: { $why }.
online-serve-tls-pair = TLS needs both --certfile and --keyfile.
online-serve-tls-bad = Cannot use certificate { $file }: { $why }.

## Problems: what was wrong with a message or request, and what is accepted

online-bad-name = Name "{ $name }" refused: { $shortest } to { $longest } letters, digits, dot, dash or underscore, starting with a letter.
    .brief = Name "{ $name }" refused: letters and digits, { $shortest } to { $longest }.
online-bad-password = Password refused: { $shortest } to { $longest } characters.
online-name-taken = Name { $name } is taken: choose another.
online-login-refused = Login refused: wrong name or password.
online-token-refused = Session over: log in with your password.
online-too-many-attempts = Too many tries: wait { $seconds } seconds.
online-replaced = Logged in elsewhere: this connection ends.
online-log-in-first = Log in first: register or login.
online-too-large = Message too large: { $size } bytes, at most { $largest }.
online-not-json = Message refused, not JSON: { $what }
online-bad-message = Message refused at { $field }: { $what }
online-unknown-type = Unknown message type: known are { $types }.
    .brief = Unknown message type.
online-server-fault = Server fault: the request was not done.
online-bad-option = Option refused: { $what }
online-unknown-game = No game "{ $game }": games are { $games }.
online-bad-players = { $game } takes { $low } to { $high } players.
online-bad-level = No bot level "{ $level }": levels are { $levels }.
online-private-needs-password = A private table needs a password.
online-no-such-table = No table { $table }: type lobby for the list.
online-table-password = Table { $table } is private: wrong password.
online-table-playing = Table { $table } is playing: seats are fixed.
online-table-full = Table { $table } is full: watch it, or make one.
online-seat-taken = Seat { $seat } is taken.
online-no-such-seat = No seat { $seat }: seats are 1 to { $seats }.
online-not-a-bot = Seat { $seat } holds no bot.
online-not-host = Only the host, { $host }, can do that.
online-at-table = You are at table { $table }: leave it first.
online-not-at-table = You are at no table: sit or watch first.
online-not-seated = You hold no seat at this table.
online-not-started = The game has not started: the host starts it.
online-not-a-move = Not a move: "{ $move }". Type moves for the list.
online-empty-chat = Nothing to say: type chat and your words.
online-bad-chat-place = Chat goes to lobby or table, not "{ $to }".
online-too-fast = Too fast: wait { $seconds } seconds.
