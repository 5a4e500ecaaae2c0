# sixdot phrasebook, English: words shared by every game.
# A message's value is the full wording; `.brief` is the brief verbosity.
# Keep the key fact first and inside 40 characters: one braille display line.

## Players

you = you
player-joined = { $first } and { $rest }
whose-turn = { $names }'s turn: { $what }.
whose-turn-over = The game is over.
whose-turn-you = Your turn.
choice-or = { $first } or { $rest }
word-or = { $first } or { $rest }
player-names-bots = Ana, Ben, Cleo, Dev, Eli, Fay, Gus, Hal
player-name-human = Player { $number }

## Starting and menus

app-welcome = sixdot { $version }: accessible card table.
app-prompt = { "" }
menu-game = Choose a game:
menu-players = How many players? { $low } to { $high }, Enter for { $default }.
    .brief = Players? { $low } to { $high }, Enter: { $default }.
menu-humans = How many people at this keyboard? 1 to { $high }, Enter for 1.
    .brief = People here? 1 to { $high }, Enter: 1.
menu-level = Computer opponents' level, Enter for { $default }:
    .brief = Bot level, Enter: { $default }:
choice-item = { $number }. { $label }
choice-unknown = { $count ->
    [one] No choice "{ $text }": type 1, or the name.
   *[other] No choice "{ $text }": type 1 to { $count }, or a name.
  }
    .brief = No choice "{ $text }". Type a number or name.
menu-left = Goodbye.
choice-number = No choice "{ $text }": type { $low } to { $high }.
    .brief = No choice "{ $text }": { $low } to { $high }.
choice-ambiguous = "{ $text }" could be { $matches }: type more or a number.
    .brief = "{ $text }": { $matches }? Type more or a number.
choice-ambiguous-many = { $count } choices start "{ $text }": type more or a number.
    .brief = { $count } start "{ $text }": type more or a number.
choice-empty = Nothing to choose from.
level-random = random: plays any legal move
level-sensible = sensible: plays a fair game
game-start = { $game }: { $players } players, seed { $seed }.
game-options = Options: { $cards }.
game-options-none = Options: the defaults.
# An option whose name and number alone would not say what it does.
option-said-hands = { $value ->
    [0] no hand limit
   *[other] at most { $value } hands
  }
option-said-turns = { $value ->
    [0] no turn limit
   *[other] final turns after { $value } turns each
  }
option-said-pass = { $value ->
    [0] no passing
   *[other] { $value } cards passed each hand
  }
option-said-autocheck = { $value ->
    [on] words checked as laid
   *[off] words checked by challenges only
  }
option-said-openpiles = { $value ->
    [on] taken piles face up
   *[off] taken piles face down
  }
option-said-singles = { $value ->
    [on] a lone card such as THE is a word
   *[off] a lone card such as THE is no word
  }
option-said-challenges = { $value ->
    [end] challenges after the final turns
   *[laid] challenges as words are laid
  }
option-said-think = strong bots think { $value } milliseconds
    .brief = think { $value } milliseconds
option-said-samples = { $value ->
    [0] as many deals tried as time allows
   *[other] { $value } deals tried a move
  }
    .brief = { $value ->
        [0] deals by time
       *[other] { $value } deals
      }
option-on = on
option-off = off
game-playing-as = { $count ->
    [one] You play seat 1. Type help for commands.
   *[other] { $count } players at this keyboard, seats 1 to { $count }. Type help for commands.
  }
    .brief = { $count ->
        [one] You: seat 1. Type help.
       *[other] Seats 1 to { $count } here. Type help.
    }
game-resumed = Resumed after { $count ->
    [one] one move. Type history to hear it.
   *[other] { $count } moves. Type history to hear them.
  }
    .brief = Resumed: { $count ->
        [one] one move.
       *[other] { $count } moves.
    }
# $command: how this player starts sixdot (`sixdot`, or `scripts/play` from its folder).
game-saved = Saved: { $command } resume { $game } goes on from here.
    .brief = Saved: { $command } resume { $game }.
game-not-saved = Not saved: { $reason }. Playing on.
menu-resume = Resume { $game }, seed { $seed }, after { $count ->
    [one] one move
   *[other] { $count } moves
  }
    .brief = { $game }, seed { $seed }, { $count ->
        [one] one move
       *[other] { $count } moves
    }
menu-new = Start a new game
resume-list = { $count ->
    [0] No saved games.
    [one] One saved game:
   *[other] { $count } saved games, the last played first:
  }
    .brief = { $count ->
        [0] No saved games.
        [one] One saved game:
       *[other] { $count } saved games, newest first:
    }
menu-more = More saved games, { $count } in all
menu-start = Saved games wait. Choose:
menu-start-page = Saved games { $first } to { $last } of { $count }. Choose:
    .brief = Saves { $first } to { $last } of { $count }:
menu-help = Type a number, a name or its first letters.
    .brief = Type a number, name or first letters.
menu-help-keys = Enter alone takes the first, or the one the question names.
    .brief = Enter alone: the first, or the default.
menu-help-quit = Type quit to leave.
choice-said = { $label }.
menu-save-broken = Saved game not offered: { $reason }.
game-not-ready = { $game } is not playable yet. Playable: { $playable }.
    .brief = { $game } not playable. Try: { $playable }.

## Turns

turn-ready = { $player }'s turn: hand over, type ready.
    .brief = { $player }'s turn: type ready.
turn-ready-needed = Type ready when { $player } has the keyboard, or quit.
    .brief = Type ready for { $player }, or quit.
turn-ready-done = { $player } at the keyboard.
turn-waiting = Waiting for { $players }.
# The first play after the hand was said whole (a deal, a resume), when every
# card held may be played: the prompt does not list the hand again.
turn-any-card = You may play any card.
    .brief = Any card.
forced-move = Only move: { $move }.

## Commands

cmd-unknown = Unknown command "{ $text }". Type moves or help.
    .brief = Unknown "{ $text }". Type help.
cmd-not-a-move = "{ $text }" is not a move. Moves look like: { $notation }.
    .brief = "{ $text }": not a move. Like: { $notation }.
# The same, where the text typed would make the line too long (the input line still shows it).
cmd-not-a-move-like = Not a move. Moves look like: { $notation }.
    .brief = Not a move. Like: { $notation }.
cmd-not-a-move-now = "{ $text }" is not a move. You may: { $moves }.
cmd-not-a-move-verbs = "{ $text }" is not a move. Moves now start: { $verbs }.
    .brief = "{ $text }": not a move. Start: { $verbs }.
cmd-not-a-move-start = Not a move. Moves now start: { $verbs }.
    .brief = Not a move. Start: { $verbs }.
cmd-ambiguous-many = { $count } moves start "{ $text }": type more, or moves to list them.
    .brief = { $count } moves start "{ $text }": type more, or moves.
cmd-ambiguous-commands = { $count } commands start "{ $text }": type more, or help to list them.
    .brief = { $count } commands start "{ $text }": type more, or help.
cmd-ambiguous-mixed = { $moves ->
        [one] 1 move
       *[other] { $moves } moves
    } and { $commands ->
        [one] 1 command
       *[other] { $commands } commands
    } start "{ $text }": type more, or moves to list the moves.
    .brief = { $moves ->
        [one] 1 move
       *[other] { $moves } moves
    }, { $commands ->
        [one] 1 command
       *[other] { $commands } commands
    } start "{ $text }": type more, or moves.
cmd-number-range = No move { $number }: moves are 1 to { $count }.
cmd-refused = Refused: { $reason }
cmd-caution = Careful: { $reason }
input-too-long = Too long: that line has { $count } characters; commands have at most { $limit }.
    .brief = Too long: { $count } characters, at most { $limit }.
moves-title = { $count ->
    [one] One move:
   *[other] { $count } moves:
  }
move-item = { $number }. { $move }
hint = Hint: { $move }.
# The move as its notation, so it can be typed back; then why, a short clause
# from the game's why- messages (key fact first).
hint-why = Hint: { $move }, { $why }.
hint-none = No hint: it is not your turn.
last-none = Nothing announced yet.
history-title = History, { $count ->
    [one] one line:
   *[other] { $count } lines:
  }
quit-confirm = Quit this game? Type yes to quit, anything else to play on.
    .brief = Quit? Type yes to quit.
quit-done = Game stopped.
quit-kept = Playing on.
input-ended = Input ended: game stopped.
help-title = Commands:
help-moves = moves: list your legal moves, numbered.
help-turn = turn: whose turn, and what you may do.
help-repeat = repeat: say the last line again.
help-older = older: the previous history line, walking back.
    .brief = older: previous history line.
help-newer = newer: the next, newer history line.
help-keys = keys: the keys for walking cards and reviewing.
    .brief = keys: the keys.
help-action = A number, a move's name or its first letters plays it.
    .brief = A number or a move's name plays it.
help-hand = hand: your cards; hand --braille: each in braille.
    .brief = hand: your cards. --braille: in braille.
hand-braille-title = Your cards in braille, { $count ->
    [one] one card
   *[other] { $count } cards
  }: each card, its face, then its points or rank.
    .brief = Braille hand, { $count }:
hand-braille-none = No cards in your hand now.
hand-unknown = hand takes nothing or --braille, not "{ $text }".
    .brief = hand takes --braille, not "{ $text }".
help-table = table: what everyone can see.
help-score = score: the scores.
help-last = last: repeat the last announcement.
help-history = history: every announcement so far.
help-hint = hint: the sensible bot's move, and why.
help-rules = rules: the rules of this game.
help-help = help: this list.
help-quit = quit: leave the game.
help-enter = Enter alone: whose turn, what you may do.
    .brief = Enter alone: whose turn.

## Focus and keys

focus-none = Nothing has focus: press Right to walk your cards.
    .brief = No focus: press Right for your cards.
focus-not-now = { $item }: cannot be played now
    .brief = { $item }: not now
focus-not-playable = Not playable now: type moves for your moves.
    .brief = Not playable now. Type moves.
round-pause = Press Enter for the next deal.
    .brief = Enter: next deal.
more = { $count ->
    [one] More: 1 line. Enter for it, q to stop.
   *[other] More: { $count } lines. Enter for more, q to stop.
  }
    .brief = More: { $count }. Enter, or q.
focus-last = Last item.
focus-first = First item.
focus-last-group = Last group.
focus-first-group = First group.
focus-no-playable = No playable card further.
focus-board-edge = Edge of the board.
tab-list = { $count } to choose: { $items }.
tab-many-empty = { $moves ->
        [0] { $commands } commands: type a first letter, or help to list them.
        [one] 1 move and { $commands } commands: type a first letter, or moves to list the move.
       *[other] { $moves } moves and { $commands } commands: type a first letter, or moves to list the moves.
    }
    .brief = { $moves ->
        [0] { $commands } commands: type a letter, or help.
        [one] 1 move, { $commands } commands: type a letter, or moves.
       *[other] { $moves } moves, { $commands } commands: type a letter, or moves.
    }
focus-place = { $item }; { $place } of { $count }
focus-place-group = { $item }; { $group_place } of { $group_count } in { $group }
    .brief = { $item }; { $group_place } of { $group_count } { $group }
focus-choices = { $item }. Choose by number:
focus-picked = { $item }, selected, { $count } of { $wanted }
    .brief = { $item } in, { $count } of { $wanted }
focus-unpicked = { $item }, not selected, { $count } of { $wanted }
    .brief = { $item } out, { $count } of { $wanted }
which-title = "{ $text }" can be played { $count } ways. Which one? Type a number:
    .brief = "{ $text }": { $count } ways. Type a number:
which-dropped = Not played: type one of the numbers 1 to { $count }, or a new command.
    .brief = Not played: type 1 to { $count }.
# A start that fits moves and commands alike, or several commands (`s`: bid
# Some, score, status, suit): each is listed by number, never one guessed.
which-any-title = "{ $text }" could be { $count } things. Which one? Type a number or a name:
    .brief = "{ $text }": { $count } things. Type a number or a name:
which-any-dropped = Nothing done: type one of the numbers 1 to { $count }, or a new command.
    .brief = Nothing done: type 1 to { $count }.
caution-confirm = Go ahead anyway? Type yes, no, or another command.
    .brief = Go ahead? Type yes or no.
caution-kept = Not played. Choose again.
history-oldest = Start of history.
history-newest = End of history.
keys-plain = No keys in plain mode: type commands. Type help.
    .brief = No keys in plain mode. Type help.
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
key-trick = the trick or play now
key-previous = the last trick or play
key-players = each player's score and holdings
key-status = round, target and phase
keys-walk = Left, Right: walk cards. Up, Down: groups.
    .brief = Left, Right: cards. Up, Down: groups.
keys-group = Shift+Home, Shift+End: lowest, highest.
    .brief = Shift+Home, End: lowest, highest.
keys-playable = Ctrl+Left, Ctrl+Right: playable cards.
    .brief = Ctrl+arrows: playable cards.
keys-enter = Enter plays it. Space selects. Escape leaves.
    .brief = Enter plays. Space selects. Escape.

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
    .brief = { $game }: { $games } { $games ->
        [one] game
       *[other] games
    }, { $players } players.
sim-seat = Seat { $seat }, { $level }: won { $wins }, { $percent }%, mean { $mean }.
    .brief = Seat { $seat }: won { $wins }, { $percent }%.
sim-speed = { $rate } games per second.
tournament-title = { $game } tournament: { $games } { $games ->
    [one] game
   *[other] games
  }, bots { $bots }.
    .brief = { $game }: { $games } { $games ->
        [one] game
       *[other] games
    }.
tournament-level = { $level }: win rate { $rate }%, 95% interval { $low } to { $high }%, { $samples } { $samples ->
    [one] seat.
   *[other] seats.
  }
    .brief = { $level }: { $rate }% wins, { $low } to { $high }%.
emboss-done = { $path }: { $game } deck, { $pages } braille { $pages ->
    [one] page.
   *[other] pages.
  }
    .brief = { $path }: { $pages } { $pages ->
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

## Why a hint's move: shared by the word games

# Challenge a word: $word is the word challenged (the move names it too).
why-not-a-word = it is not in the dictionary
    .brief = not in the dictionary
# Accept, or done challenging: every open word is in the dictionary.
why-all-words = every word is in the dictionary
    .brief = all words are good
rules-no-game = No game here yet: sit at a table for its rules.
    .brief = No game here yet.
