# sixdot phrasebook, English: words shared by every game.
# A message's value is the full wording; `.brief` is the brief verbosity.
# Keep the key fact first and inside 40 characters: one braille display line.

## Players

you = you
player-joined = { $first } and { $rest }
choice-or = { $first } or { $rest }
word-or = { $first } or { $rest }
player-names-bots = Ana, Ben, Cleo, Dev, Eli, Fay, Gus, Hal
player-name-human = Player { $number }

## Starting and menus

app-welcome = sixdot { $version }: accessible card table.
app-prompt = { "" }
menu-game = Choose a game:
menu-players = How many players? { $low } to { $high }, Enter for { $default }.
menu-humans = How many people at this keyboard? 1 to { $high }, Enter for 1.
menu-level = Computer opponents' level, Enter for { $default }:
choice-item = { $number }. { $label }
choice-unknown = { $count ->
    [one] No choice "{ $text }": type 1, or the name.
   *[other] No choice "{ $text }": type 1 to { $count }, or a name.
  }
menu-left = Goodbye.
choice-number = No choice "{ $text }": type { $low } to { $high }.
choice-ambiguous = "{ $text }" could be { $matches }: type more or a number.
choice-ambiguous-many = { $count } choices start "{ $text }": type more or a number.
choice-empty = Nothing to choose from.
level-random = random: plays any legal move
level-sensible = sensible: plays a fair game
game-start = { $game }: { $players } players, seed { $seed }.
game-options = Options: { $options }.
game-options-none = Options: the defaults.
option-on = on
option-off = off
game-playing-as = { $count ->
    [one] You play seat 1. Type help for commands.
   *[other] { $count } players at this keyboard, seats 1 to { $count }. Type help for commands.
  }
game-resumed = Resumed after { $count ->
    [one] one move. Type history to hear it.
   *[other] { $count } moves. Type history to hear them.
  }
game-saved = Saved: sixdot resume { $game } goes on from here.
game-not-saved = Not saved: { $reason }. Playing on.
menu-resume = Resume { $game }, seed { $seed }, after { $count ->
    [one] one move
   *[other] { $count } moves
  }
menu-new = Start a new game
resume-list = { $count ->
    [0] No saved games.
    [one] One saved game:
   *[other] { $count } saved games, the last played first:
  }
menu-more = More saved games, { $count } in all
menu-start = Saved games wait. Choose:
menu-start-page = Saved games { $first } to { $last } of { $count }. Choose:
menu-help = Type a number, a name or its first letters.
menu-help-keys = Enter alone takes the first, or the one the question names.
menu-help-quit = Type quit to leave.
choice-said = { $label }.
menu-save-broken = Saved game not offered: { $reason }.
game-not-ready = { $game } is not playable yet. Playable: { $playable }.

## Turns

turn-ready = { $player }'s turn: hand over the keyboard, then type ready.
turn-ready-needed = Type ready when { $player } has the keyboard, or quit.
turn-ready-done = { $player } at the keyboard.
turn-waiting = Waiting for { $players }.
forced-move = Only move: { $move }.

## Commands

cmd-unknown = Unknown command "{ $text }". Type moves or help.
cmd-not-a-move = "{ $text }" is not a move. Moves look like: { $notation }.
cmd-not-a-move-now = "{ $text }" is not a move. You may: { $moves }.
cmd-ambiguous = "{ $text }" could be { $matches }. Type more or a number.
cmd-ambiguous-many = { $count } moves start "{ $text }": type more, or moves.
cmd-ambiguous-commands = { $count } commands start "{ $text }": type more, or help.
cmd-number-range = No move { $number }: moves are 1 to { $count }.
cmd-refused = Refused: { $reason }
cmd-caution = Careful: { $reason }
input-too-long = Too long: that line has { $count } characters; commands have at most { $limit }.
moves-title = { $count ->
    [one] One move:
   *[other] { $count } moves:
  }
move-item = { $number }. { $move }
hint = Hint: { $move }.
hint-none = No hint: it is not your turn.
last-none = Nothing announced yet.
history-title = History, { $count ->
    [one] one line:
   *[other] { $count } lines:
  }
quit-confirm = Quit this game? Type yes to quit, anything else to play on.
quit-done = Game stopped.
quit-kept = Playing on.
input-ended = Input ended: game stopped.
help-title = Commands:
help-moves = moves: list your legal moves, numbered.
help-turn = turn: whose turn, and what you may do.
help-repeat = repeat: say the last line again.
help-older = older: the previous history line, walking back.
help-newer = newer: the next, newer history line.
help-keys = keys: the keys for walking cards and reviewing.
help-action = A number, a move's name or its first letters plays it.
help-hand = hand: your cards; hand --braille: each in braille.
hand-braille-title = Your cards in braille, { $count ->
    [one] one card
   *[other] { $count } cards
  }: each card, its face, then its points or rank.
    .brief = Braille hand, { $count }:
hand-braille-none = No cards in your hand now.
hand-unknown = hand takes nothing or --braille, not "{ $text }".
help-table = table: what everyone can see.
help-score = score: the scores.
help-last = last: repeat the last announcement.
help-history = history: every announcement so far.
help-hint = hint: what the sensible bot would do.
help-rules = rules: the rules of this game.
help-help = help: this list.
help-quit = quit: leave the game.
help-enter = Enter alone: whose turn, what you may do.

## Focus and keys

focus-none = Nothing has focus: press Right to walk your cards.
focus-not-now = { $item }: cannot be played now.
round-pause = Press Enter for the next deal.
    .brief = Enter: next deal.
more = { $count ->
    [one] More: 1 line. Enter for it, q to stop.
   *[other] More: { $count } lines. Enter for more, q to stop.
  }
    .brief = More: { $count }. Enter, or q.
focus-last = Last item.
focus-first = First item.
tab-list = { $count } to choose: { $items }.
tab-many = { $count } start "{ $text }": type more, or moves.
focus-place = { $item }; { $place } of { $count }
focus-choices = { $item }. Choose by number:
focus-picked = { $item }, selected, { $count } of { $wanted }
focus-unpicked = { $item }, not selected, { $count } of { $wanted }
which-title = "{ $text }" can be played { $count } ways. Which one? Type a number:
which-dropped = Not played: type one of the numbers 1 to { $count }, or a new command.
caution-confirm = Go ahead anyway? Type yes, no, or another command.
caution-kept = Not played. Choose again.
history-oldest = Start of history.
history-newest = End of history.
keys-plain = No keys in plain mode: type commands. Type help.
keys-title = Keys:
keys-item = { $key }: { $action }
key-keys = this list of keys
key-turn = whose turn, and what is awaited
key-table = the table
key-last = the last event again
key-score = the scores
key-repeat = repeat the last line
key-hand = your hand
key-moves = your moves
key-older = older history line
key-newer = newer history line
keys-walk = Left, Right, Home, End: walk your cards. A letter jumps. On a board, Up and Down too.
keys-enter = Enter: play the focused card. Space: select it when picking several. Escape: leave it.

## Refusals

refuse-not-your-turn = it is not your turn.
refuse-game-over = the game is over.

## Scores

score-title = Scores, target { $target }:
score-line = { $you ->
    [yes] You
   *[no] { $player }
  }: { $total } { $total ->
    [one] point
   *[other] points
  }.
score-line-round = { $you ->
    [yes] You
   *[no] { $player }
  }: { $points } this round, { $total } in all.
    .brief = { $you ->
        [yes] You
       *[no] { $player }
      }: +{ $points }, { $total }.
game-ended = { $winner_count ->
    [one] { $winners_you ->
        [yes] You win
       *[no] { $winners } wins
      }
   *[other] Tie: { $winners } share the win
  } with { $best } { $best ->
    [one] point.
   *[other] points.
  }
    .brief = { $winner_count ->
        [one] Winner: { $winners }
       *[other] Tie: { $winners }
      }, { $best }.

## Tools

sim-title = { $game }: { $games } { $games ->
    [one] game
   *[other] games
  }, { $players } players, seed { $seed }.
sim-seat = Seat { $seat }, { $level }: won { $wins }, { $percent }%, mean { $mean }.
sim-speed = { $rate } games per second.
tournament-title = { $game } tournament: { $games } { $games ->
    [one] game
   *[other] games
  }, bots { $bots }.
tournament-level = { $level }: win rate { $rate }%, 95% interval { $low } to { $high }%, { $samples } { $samples ->
    [one] seat.
   *[other] seats.
  }
emboss-done = { $path }: { $game } deck, { $pages } braille { $pages ->
    [one] page.
   *[other] pages.
  }
cards-title = { $game } deck: { $count } cards.
cards-line = { $card }: { $count ->
    [one] one card
   *[other] { $count } cards
  }, { $value ->
    [one] 1 point.
   *[other] { $value } points.
  }
