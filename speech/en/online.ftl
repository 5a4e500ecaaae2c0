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
online-store-damaged = Store damaged: { $file }, { $why }. Restore it from a backup, or move it away to start an empty store.
    .brief = Store damaged: { $file }.
online-store-journal-only = Store empty but its journal is not: { $file }. Restore it from a backup, or move it and { $journal } away to start an empty store.
    .brief = Store empty, journal not: { $file }.
online-store-newer = Store from a newer sixdot: { $file } is version { $version }, this one reads up to { $known }. Upgrade sixdot, or serve another --data folder.
    .brief = Store from a newer sixdot: { $file }.
online-store-cannot = Cannot open store { $file }: { $why }. Check its owner, its mode and free space.
    .brief = Cannot open store { $file }.
online-store-busy = Data folder in use: { $folder }, by sixdot serve process { $process }. Stop that one, or serve another --data folder.
    .brief = Data folder in use: { $folder }.
online-store-unreachable = Cannot reach store { $url }: { $why }. Check that Redis runs there, and the address given to --store.
    .brief = Cannot reach store { $url }.
online-store-refused = Store refused: { $url }, { $why }. Check the Redis there: its log, its memory and its settings.
    .brief = Store refused: { $url }.

## Problems: what was wrong with a message or request, and what is accepted

online-bad-name = Name "{ $name }" refused: { $shortest } to { $longest } letters, digits, . - or _, a letter first.
    .brief = Name refused: { $shortest } to { $longest } letters.
online-bad-password = Password refused: { $shortest } to { $longest } characters.
    .brief = Password: { $shortest } to { $longest } characters.
online-name-taken = Name { $name } is taken: choose another.
online-name-too-like = Name { $name } is too like { $other }: choose another.
    .brief = Too like { $other }: choose another.
online-login-refused = Login refused: wrong name or password.
online-token-refused = Session over: log in with your password.
online-too-many-attempts = Too many tries: wait { $seconds } seconds.
online-login-slowed = Login checked in { $seconds } seconds: many wrong passwords were tried for that name.
    .brief = Login checked in { $seconds } seconds.
online-replaced = Logged in elsewhere. Type login to play here again.
    .brief = Logged in elsewhere: login to come back.
online-session-busy = { $name } plays in another sixdot join window. Type login to play here.
    .brief = { $name } plays elsewhere: type login.
online-log-in-first = Log in first: register or login.
online-too-large = Message too large: { $size } bytes, at most { $largest }.
    .brief = Message over { $largest } bytes.
online-not-json = Message refused, not JSON: { $what }
online-bad-message = Message refused at { $field }: { $what }
online-unknown-type = Unknown message type: known are { $types }.
    .brief = Unknown message type.
online-server-fault = Server fault: the request was not done.
online-stopping = The server is stopping: the request was not done.
    .brief = Server stopping: not done.
online-bad-option = Option refused: { $what }
online-option-most = Option { $option } refused: at most { $most } on this server, not { $asked }.
    .brief = { $option }: at most { $most } here.
online-unknown-game = No game "{ $game }": games are { $games }.
online-bad-players = { $game } takes { $low } to { $high } players.
online-bad-level = No bot level "{ $level }": levels are { $levels }.
    .brief = No level { $level }.
online-bad-timer = No move timer of { $timer ->
    [one] 1 second
   *[other] { $timer } seconds
  }: from { $low } to { $high }, or off.
    .brief = Timer: { $low } to { $high } seconds, or off.
online-private-needs-password = A private table needs a password.
online-no-such-table = No table { $table }: type lobby for the list.
    .brief = No table { $table }.
online-table-password = Table { $table }: wrong password. Ask its host, then try again.
    .brief = Table { $table }: wrong password.
online-table-private = Table { $table } is private: type that again for its password.
    .brief = Table { $table } is private: type it again.
online-ask-table-password = Password for table { $table }:
online-table-playing = Table { $table } is playing: seats are fixed.
    .brief = Table { $table } is playing.
online-table-full = Table { $table } is full: watch it, or make one.
    .brief = Table { $table } is full.
online-seat-taken = Seat { $seat } is taken.
online-no-such-seat = No seat { $seat }: seats are 1 to { $seats }.
online-not-a-bot = Seat { $seat } holds no bot.
online-not-host = Only the host, { $host }, can do that.
online-at-table = You are at table { $table }: leave it first.
online-not-at-table = You are at no table: sit or watch first.
online-not-seated = You hold no seat at this table.
online-not-started = The game has not started: the host starts it.
    .brief = Not started yet.
online-not-a-move = Not a move: "{ $move }". Type moves for the list.
    .brief = Not a move: { $move }
online-empty-chat = Nothing to say: type chat and your words.
    .brief = Nothing to say.
online-bad-chat-place = Chat goes to lobby or table, not "{ $to }".
    .brief = Chat: lobby or table.
online-too-fast = Too fast: wait { $seconds } seconds.

## sixdot join: the client's own lines

online-connected = Connected to { $url }. Type register or login.
    .brief = Connected: register or login.
online-cannot-connect = Cannot connect to { $url }: { $why }
online-not-websocket = No sixdot server at { $url }: { $why }. Check the address and port.
    .brief = No sixdot server at { $url }.
online-ask-name = Your name:
online-ask-password = Password:
online-ask-password-again = The same password again:
online-passwords-differ = The two passwords differ: nothing sent. Type register to try again.
    .brief = Passwords differ. Register again.
online-welcome = Server games: { $games }.
    .brief = { $count ->
        [one] One game here.
       *[other] { $count } games here.
      }
online-logged-in = Logged in as { $name }. Type lobby or help.
    .brief = Logged in as { $name }.
online-logged-out = Logged out.
online-who = { $count ->
    [one] Online: { $names }.
   *[other] { $count } online: { $names }.
  }
online-tables = { $count ->
    [0] No tables: create one, as create letters.
    [one] 1 table:
   *[other] { $count } tables:
  }
    .brief = { $count ->
        [0] No tables.
        [one] 1 table:
       *[other] { $count } tables:
      }
online-table-line = Table { $id }: { $game }, { $status }{ $private ->
    [yes] , private
   *[no] { "" }
  }{ $timer ->
    [0] { "" }
   *[other] , { $timer } s a move
  }. { $seats }.
    .brief = { $id }: { $game }, { $status }.
# A table with a move timer, said on sitting or watching: $seconds a move, warned $warning before.
online-timer-on = Timed: { $seconds } seconds a move, a warning { $warning } before.
    .brief = Timed: { $seconds } s a move.
online-timer-how = Timer: timer= then seconds, on ({ $default } seconds) or off.
    .brief = timer=SECONDS, on or off.
# Said to the player whose time to move runs out in $left seconds.
online-time-warning = { $left ->
    [one] 1 second left to move!
   *[other] { $left } seconds left to move!
  }
    .brief = { $left } s left!
online-time-up = Time is up: the bot moves for you.
    .brief = Time up: the bot moves.
online-at-table-sit = Table { $id }: { $game }, you sit in seat { $seat }.
    .brief = Table { $id }, seat { $seat }.
online-at-table-watch = Table { $id }: { $game }, you watch.
    .brief = Table { $id }, watching.
online-game-started = Table { $id }: the game starts.
online-left = You left table { $id }.
online-table-back = Table { $table } is back: play on.
online-table-gone = Table { $table } ended while you were away. Type lobby for tables.
    .brief = Table { $table } ended meanwhile.
online-table-over = Table { $id } is over. Type lobby for tables.
    .brief = Table { $id } over.
online-chat-too-long = Not sent: { $count } characters; a chat line has at most { $limit }.
    .brief = Too long: at most { $limit }.
online-chat-lobby = { $name } to all: { $text }
online-chat-table = { $name }: { $text }
online-caught-up = Caught up: { $moves } moves played so far.
online-away = While you were away: { $moves ->
        [one] one move
       *[other] { $moves } moves
    }{ $yours ->
        [0] .
        [one] , one of them yours, played by a bot.
       *[other] , { $yours } of them yours, played by a bot.
    }
    .brief = Missed: { $moves ->
        [one] one move
       *[other] { $moves } moves
    }{ $yours ->
        [0] .
       *[other] , { $yours } yours by a bot.
    }
online-away-more = { $count } earlier lines left out: say history.
    .brief = { $count } earlier lines in history.
online-game-over = Game over.
online-seat-taken-by = { $name } sits in seat { $seat }.
online-seat-bot = { $name } sits in seat { $seat }.
online-seat-emptied = Seat { $seat } is empty: { $name } left.
online-seat-stand-in = { $name } dropped off: a bot plays for now.
    .brief = { $name } gone: a bot plays.
online-seat-left-play = { $name } left: a bot plays their seat.
    .brief = { $name } left: a bot plays.
online-seat-back = { $name } is back.
online-quit-confirm = Quit? A bot plays your seat until you join again. Type quit again to leave.
    .brief = Quit? Type quit again.
online-seat-away = { $name } dropped off: waiting, then a bot plays.
    .brief = { $name } dropped off.
online-bot-name = Bot { $seat }
online-bot-label = { $level } bot
online-empty-seat = Seat { $seat } empty
online-problem-unknown = Server refused: { $key }.
online-unreadable = Server message unreadable: { $what }
online-unknown-command = Unknown command "{ $text }". Type help.
online-help = At your turn, a number, a move or its first letters plays it.
    .brief = At your turn: a number or a move.
help-online-lobby = lobby: the tables, and who sits at each.
help-online-who = who: who is online.
help-online-create = create GAME: make a table; help create says more.
    .brief = create GAME: make a table.
help-online-sit = sit N: sit at table N; sit N 3 takes seat 3. A private table asks its password.
    .brief = sit N: sit at table N.
help-online-watch = watch N: watch table N. A private table asks its password.
    .brief = watch N: watch table N.
help-online-leave = leave: leave your table.
help-online-bot = bot: the host adds a bot; bot 3 random, in seat 3.
    .brief = bot: the host adds a bot.
help-online-unbot = unbot 3: the host takes out the bot in seat 3.
    .brief = unbot 3: take out a bot.
help-online-start = start: the host starts the game.
help-online-say = say TEXT: chat to your table.
help-online-shout = shout TEXT: chat to the lobby.
help-online-logout = logout: end your session here.
help-online-quit = quit: leave sixdot join.
online-create-how = Create: create GAME, then players, bots=LEVEL, password=, timer=, options.
    .brief = create GAME [players] [bots=LEVEL]
online-create-games = Games: { $games }.
    .brief = { $games }.
online-needs-number = { $command } needs a table number: type lobby for them.
    .brief = { $command } needs a table number.
online-not-your-turn = Not your turn yet.
online-watching-hand = Watching: you hold no cards. Try table or status.
    .brief = Watching: no hand.
online-no-view = No game yet: sit at a table first.
online-no-view-waiting = No deal yet: the host types start.
online-goodbye = Goodbye.
online-input-ended = Input ended: goodbye.
online-input-ended-seated = Input ended: your seat waits for you, then a bot plays it.
    .brief = Input ended: your seat waits.
online-no-answer = No answer from the server in { $seconds } seconds.
    .brief = No answer from the server.
online-not-sent = Not sent: the connection is down.
    .brief = Not sent: no connection.
online-move-late = Too late: that move was for a turn already over.
    .brief = Too late: that turn is over.
online-client-fault = Fault in sixdot join, { $what }: a server message was not said.
    .brief = Fault: a message was not said.
online-reconnecting = Connection lost: trying again.
online-reconnected = Connected again.
online-gave-up = No connection after { $tries } tries: goodbye.
    .brief = Connection lost: goodbye.
online-session-ignored = Session file { $file } ignored: { $why }. Log in with your password.
    .brief = Session file ignored: { $why }.
online-session-why-broken = not a sixdot session file
online-session-why-foreign = another user's file
online-session-why-open = others may read it
online-session-why-odd = not a plain file
online-session-not-kept = Session not kept for next time: { $why }
    .brief = Session not kept.
