# Alphagon phrasebook, English.

agn-notation = start SQUARE DIRECTION LETTER, place LETTER, place LETTER LETTER, change LETTER, give LETTER, syllable XY, shape NAME, close, end, pass, doubt, suspend, declare WORD, answer WORD, concede, accept, contradict WORD, correct WORD, lose LETTER, take bonus, take LETTER
    .brief = start, place, change, give, syllable, shape, close, end, pass, doubt, suspend, declare, take
agn-card = Card { $number }: { $syllables }; { $shapes }
agn-shape = { $name }, { $kind ->
    [I] line
   *[other] { $kind }
  } of { $size } squares: { $runs }
agn-run = { $count } { $direction }
agn-then = { $first } then { $rest }

## Squares

agn-square = { $name }, { $content }
agn-square-empty = { $mark ->
    [flag] flag
    [star] star
    [cloud] cloud
   *[plain] empty
  }
agn-square-letter = letter { $letter }, { $owner_you ->
    [yes] yours
   *[no] { $owner }'s
  }{ $mark ->
    [star] , on a star
    [cloud] , on a cloud
   *[other] {""}
  }
agn-square-plus = plus, { $start ->
    [yes] the start,
   *[no] {""}
  } { $owner_you ->
    [yes] yours
   *[no] { $owner }'s
  }
agn-square-next = { $square }, next
agn-edge = Edge: nothing further { $direction }.

## Events

agn-game-set-up = Alphagon: goal { $goal } points.
    .brief = Goal { $goal }.
agn-first-player-rolled = Dice: { $first_you ->
    [yes] you start.
   *[no] { $first } starts.
  }
# With 3 players or more, full verbosity says the order on a line of its own.
agn-rotation-rolled = { $order_count ->
    [2] Turns alternate: { $orders }.
   *[other] Play goes to the { $rotation }.
  }
    .brief = { $order_count ->
        [2] Turns alternate.
       *[other] Play goes { $rotation }.
      }
agn-rotation-order = Order: { $orders }.
agn-rack-dealt = Your letters: { $letters }.
    .brief = Letters: { $letters }.
agn-cards-dealt = Your cards: { $cards }.
agn-cards-dealt-head = Your cards: { $count }.
agn-turn-began = { $you ->
    [yes] Your turn.
   *[no] { $player }'s turn.
  }
# The first play, as the dice line said it: `Dice: Ana starts.`
agn-polygon-started = { $you ->
    [yes] You start
   *[no] { $player } starts
  }: plus on { $square }, heading { $direction }.
    .brief = Start { $square }, { $direction }.
agn-letter-placed = { $letter } on { $square }, { $you ->
    [yes] yours
   *[no] { $player }'s
  }: word { $word }.
    .brief = { $letter } on { $square }: { $word }.
agn-two-letters = Two letters: { $you ->
    [yes] you pay
   *[no] { $player } pays
  } a bonus, { $bonuses } left.
    .brief = Two letters for a bonus.
# Full verbosity: the turn and why it turns, then `agn-direction-rule`, the way it took.
agn-direction-changed = Turn { $direction } at { $square }: { $why ->
    [plus] after the plus.
    [edge] the board edge.
   *[touch] it would touch itself.
  }
    .brief = Turn { $direction }, side { $side }.
agn-direction-rule = Side { $side }: { $rule ->
    [toward] toward the start, 4 sides built.
    [away] away from start, under 4 sides.
    [level] toward more room; neither way nears the start.
   *[only] the only free way.
  }
    .brief = Side { $side }.
agn-rack-refilled = You draw { $letters }.
agn-star-reached = Star: { $you ->
    [yes] you gain
   *[no] { $player } gains
  } a bonus, { $bonuses } now.
agn-cloud-reached = Cloud: { $paid ->
    [yes] { $you ->
        [yes] you lose
       *[no] { $player } loses
      } a bonus, { $bonuses } left.
   *[no] { $you ->
        [yes] you have no bonus, so you lose a letter.
       *[no] { $player } has no bonus, so loses a letter.
      }
  }
    .brief = Cloud: { $paid ->
        [yes] a bonus lost.
       *[no] a letter lost.
      }
agn-letter-changed = { $you ->
    [yes] You change
   *[no] { $player } changes
  } a letter{ $paid ->
    [yes] {""} for a bonus, { $bonuses } left.
   *[no] .
  }
    .brief = { $you ->
        [yes] You
       *[no] { $player }
      } changed a letter.
agn-letter-exchanged = Changed: { $old } for { $new }.
agn-letter-given-up = { $you ->
    [yes] You give
   *[no] { $player } gives
  } up { $letter } for a bonus, { $bonuses } now.
    .brief = { $letter } given up for a bonus.
# The card found with is said by the `agn-card-exchanged` line that follows.
agn-syllable-found = Syllable { $syllable }: { $you ->
    [yes] you score
   *[no] { $player } scores
  } { $gain }, { $total } in all.
    .brief = Syllable { $syllable }: { $you ->
        [yes] you
       *[no] { $player }
      } +{ $gain }, { $total }.
agn-shape-found = Shape { $shape }: { $you ->
    [yes] you score
   *[no] { $player } scores
  } { $gain }, { $total } in all.
    .brief = Shape { $shape }: { $you ->
        [yes] you
       *[no] { $player }
      } +{ $gain }, { $total }.
agn-card-exchanged = Card { $card } swapped: { $you ->
    [yes] you take
   *[no] { $player } takes
  } a new one.
    .brief = Card { $card } exchanged.
agn-card-drawn = New card: { $card }.
    .brief = New: { $card }
# Full verbosity says the score on a line of its own, `agn-word-score`.
agn-word-closed = Closed: { $word }, { $length } letters.
    .brief = { $word } closed: { $gain } to { $you ->
        [yes] you
       *[no] { $player }
      }, { $total }.
agn-word-score = { $you ->
    [yes] You score
   *[no] { $player } scores
  } { $gain }, { $total } in all.
agn-long-word-reward = Long word: { $you ->
    [yes] you take
   *[no] { $player } takes
  } { $kind ->
    [bonus] a bonus, { $bonuses } now.
   *[letter] a letter of { $you ->
        [yes] your
       *[no] their
      } choice.
  }
    .brief = { $kind ->
        [bonus] Long word: a bonus.
       *[letter] Long word: a letter.
      }
agn-letter-taken = You take { $letter } from your sack.
agn-plus-placed = Plus on { $square } ends the word and side { $side }.
    .brief = Plus on { $square }.
agn-word-suspended = Suspended: { $letters }. { $you ->
    [yes] You end
   *[no] { $player } ends
  } the word with a plus.
    .brief = { $letters } suspended.
agn-passed = { $you ->
    [yes] You pass
   *[no] { $player } passes
  }{ $paid ->
    [yes] , paying a bonus, { $bonuses } left.
   *[no] {""} with no bonus: a letter is lost.
  }
    .brief = { $you ->
        [yes] You pass.
       *[no] { $player } passes.
      }
agn-doubted = Doubt: { $you ->
    [yes] you doubt
   *[no] { $player } doubts
  } { $letters }. { $placer_you ->
    [yes] You must
   *[no] { $placer } must
  } name the word.
    .brief = Doubt: { $letters }.
agn-doubt-answered = Word stated: { $word }, by { $you ->
    [yes] you.
   *[no] { $player }.
  } The doubt fails.
    .brief = { $word }: the doubt fails.
agn-doubt-conceded = No word: { $you ->
    [yes] you have
   *[no] { $player } has
  } no word for { $letters }. The doubt stands.
    .brief = No word for { $letters }: doubt stands.
agn-declared = Declared: { $words } from { $letters }, by { $you ->
    [yes] you.
   *[no] { $player }.
  } Others may contradict.
    .brief = Declared { $words }.
agn-declaration-accepted = { $you ->
    [yes] You accept
   *[no] { $player } accepts
  } the declaration.
    .brief = { $player } accepts.
agn-contradicted = Contradicted: { $word }, by { $you ->
    [yes] you.
   *[no] { $player }.
  } { $declarer_you ->
    [yes] Your
   *[no] { $declarer }'s
  } declaration fails.
    .brief = Contradicted: { $word }.
agn-corrected = Corrected: { $word }, { $length } letters, by { $you ->
    [yes] you.
   *[no] { $player }.
  }
    .brief = Corrected: { $word }.
agn-penalized = Penalty: { $you ->
    [yes] you lose
   *[no] { $player } loses
  } a letter, { $why ->
    [doubt] for a wrong doubt.
    [bluff] for a word that was not there.
   *[contradicted] for a contradicted declaration.
  }
    .brief = Penalty: { $you ->
        [yes] You
       *[no] { $player }
      } loses a letter.
agn-letter-lost = { $you ->
    [yes] You lose
   *[no] { $player } loses
  } the letter { $letter }.
agn-nothing-to-lose = { $you ->
    [yes] You have
   *[no] { $player } has
  } no letter to lose.
agn-game-stopped = Game over, { $sides } sides: { $why ->
    [goal] the goal is reached.
    [closed] the polygon is closed.
    [sides] all 10 are built.
    [letters] no letters left.
   *[stuck] no way on.
  }
    .brief = Over: { $why }.

## The turn and review

agn-turn-first = Your first play: a plus on a flag, a letter beside it. Flags: { $flags }.
    .brief = First play. Flags: { $flags }.
agn-turn-before = Place, or { $moves }.
agn-turn-no-room = No room to place: { $moves }.
agn-turn-after = Placed: { $moves }.
    .brief = { $moves }.
agn-turn-also = Also: { $moves }.
agn-or = { $first } or { $rest }
agn-turn-lose = Choose a letter to lose.
agn-turn-reward = Long word: { $can ->
    [bonus] take bonus.
    [letter] take a letter, like take { $example }.
   *[both] take bonus, or a letter, like take { $example }.
  }
    .brief = { $can ->
        [bonus] Take bonus.
        [letter] Take a letter.
       *[both] Take bonus or a letter.
      }
agn-turn-answer = Doubt: { $you ->
    [yes] you doubt
   *[no] { $player } doubts
  } { $letters }. Answer WORD, or concede.
    .brief = Doubted: answer WORD, or concede.
agn-turn-reply = Declared: { $words } from { $letters }. Accept, contradict WORD or correct WORD.
    .brief = Accept, contradict or correct { $words }.
agn-rack = Rack of { $count }: { $letters }; { $bonuses } { $bonuses ->
    [one] bonus
   *[other] bonuses
  }.
    .brief = Rack: { $letters }; { $bonuses } { $bonuses ->
        [one] bonus.
       *[other] bonuses.
      }
# `rack` for a watcher, who holds no letters: `players` says each rack's size.
agn-rack-watching = Watching: you have no rack. Try players.
    .brief = Watching: no rack.
agn-word = Word { $letters }: { $count } { $count ->
    [one] letter
   *[other] letters
  }, { $direction } from { $square }{ $now ->
    [same] .
   *[other] , now { $now }.
  }
    .brief = Word { $letters }: { $direction } from { $square }.
agn-word-empty = Word: none, the next letter starts one.
    .brief = Word: none yet.
agn-word-none-yet = Board empty: the first play starts the polygon.
    .brief = Board empty.
agn-next = Next: { $square }{ $turned ->
    [yes] , turning { $direction }.
   *[no] , heading { $direction }.
  }
agn-next-none = Next: no free square.
agn-sides = Sides: { $count }.
agn-side = Side { $number }: { $square }, { $direction }, { $length } squares, { $held }.
    .brief = Side { $number }: { $square } { $direction }, { $held }.
agn-where = Start { $start }: { $rows ->
    [0] same row
   *[other] { $rows } { $vertical }
  }, { $columns ->
    [0] same column
   *[other] { $columns } { $horizontal }
  } from { $end }.
    .brief = Start { $start }: { $rows } { $vertical }, { $columns } { $horizontal }.
agn-cards-none = No polygon cards.
agn-table-player = { $you ->
    [yes] You
   *[no] { $player }
  }, { $score } { $score ->
    [one] point
   *[other] points
  }: { $letters ->
    [one] 1 letter
   *[other] { $letters } letters
  }, { $bonuses ->
    [one] 1 bonus.
   *[other] { $bonuses } bonuses.
  }
    .brief = { $you ->
        [yes] You
       *[no] { $player }
      }, { $score } { $score ->
        [one] point
       *[other] points
      }: { $letters ->
        [one] 1 letter
       *[other] { $letters } letters
      }, { $bonuses ->
        [one] 1 bonus.
       *[other] { $bonuses } bonuses.
      }
agn-previous-letter = Last letter: { $letter } on { $square }, { $owner_you ->
    [yes] yours.
   *[no] { $owner }'s.
  }
agn-previous-word = Word before: { $word }, ended by { $owner_you ->
    [yes] you.
   *[no] { $owner }.
  }
agn-previous-none = No letter placed yet.
agn-status = Goal { $goal }: { $player_you ->
    [yes] your turn.
   *[no] { $player }'s turn.
  }
agn-status-over = Goal { $goal }: the game is over.
agn-status-rotation = Play goes { $rotation }.
agn-group = { $verb ->
    [change] Change
    [give] Give
    [syllable] Syllables
    [shape] Shapes
    [lose] Lose
    [take] Take
    [place] Two letters
    [answer] Answer
   *[other] Moves
  }
agn-move-place = { $notation }, on { $square }
agn-go-bad = No square "{ $text }": type a column A to M and a row 1 to 13, like G7.
    .brief = No square "{ $text }": try G7.
agn-go-empty = go needs a square, like go G7.

## Help

help-agn-go = go SQUARE: move the cursor, like go G7.
    .brief = go SQUARE: move the cursor.
help-agn-north = north: move the cursor one square north.
    .brief = north: cursor one square north.
help-agn-south = south: move the cursor one square south.
    .brief = south: cursor one square south.
help-agn-east = east: move the cursor one square east.
    .brief = east: cursor one square east.
help-agn-west = west: move the cursor one square west.
    .brief = west: cursor one square west.
help-agn-here = here: the square under the board cursor.
help-agn-word = word: the word, its direction and start.
    .brief = word: the word being built.
help-agn-sides = sides: the polygon side by side.
help-agn-where = where: from the end back to the start.
    .brief = where: from the end to the start.
help-agn-rack = rack: your letters and bonuses.
help-agn-cards = cards: your cards, syllables and shapes.
    .brief = cards: your polygon cards.
help-agn-trick = trick: the word and the next square.
    .brief = trick: the word and next square.
help-agn-previous = previous: last letter, and word before.
    .brief = previous: last letter, word before.
help-agn-players = players: scores, letters and bonuses.
help-agn-status = status: goal, turn, sides, play order.
    .brief = status: goal, turn, sides.

## Refusals

refuse-agn-not-now = { $move } is not a move you can make now. Type moves.
    .brief = not now: { $move }. Type moves.
refuse-agn-no-letter = you have no { $letter } in your rack.
refuse-agn-must-lose = first choose a letter to lose: lose LETTER.
    .brief = first: lose LETTER.
refuse-agn-no-claim = nobody has doubted or declared: there is nothing to answer.
    .brief = nothing to answer.
refuse-agn-start-first = the first play comes first: start SQUARE DIRECTION LETTER.
    .brief = start SQUARE DIRECTION LETTER first.
refuse-agn-started = the polygon is already started: place a letter.
    .brief = already started: place a letter.
refuse-agn-not-flag = { $square } is not a flag. Flags: { $flags }.
refuse-agn-off-board = from { $square } that way leaves the board: pick another direction.
    .brief = off the board: another direction.
refuse-agn-no-loss = no letter is owed now.
refuse-agn-no-reward = no long-word reward is owed now.
refuse-agn-must-take = first choose your long-word reward: { $can ->
    [bonus] take bonus.
    [letter] take a letter, like take { $example }.
   *[both] take bonus, or take a letter, like take { $example }.
  }
    .brief = first: take bonus or a letter.
refuse-agn-take-what = take needs { $can ->
    [bonus] bonus: take bonus.
    [letter] a letter, like take { $example }.
   *[both] bonus or a letter: take bonus, or take { $example }.
  }
    .brief = take bonus, or take a letter.
refuse-agn-take-bonuses = you hold { $count } bonuses, no fewer than at the start: take a letter, like take { $example }.
    .brief = bonuses full: take { $example }.
refuse-agn-take-full = you hold { $count } letters, no fewer than at the start: take bonus.
    .brief = letters full: take bonus.
refuse-agn-take-none = no { $letter } is left in your sacks: { $can ->
    [bonus] take bonus.
    [letter] take another letter, like take { $example }.
   *[both] take bonus, or another letter, like take { $example }.
  }
    .brief = no { $letter } left: take another.
refuse-agn-gave = you have already given up a letter this turn.
    .brief = you gave a letter already.
refuse-agn-changed = you have already changed a letter this turn.
    .brief = you changed a letter already.
refuse-agn-change-bonus = a change before placing costs a bonus, and you have none.
    .brief = a change now costs a bonus: none.
refuse-agn-placed = you placed already this turn: close, change, syllable, shape, give or end.
    .brief = placed already: type moves.
refuse-agn-place-what = place needs a letter, like place R, or two for a bonus: place R E.
    .brief = place needs a letter, like place R.
refuse-agn-change-what = change needs a letter from your rack, like change { $example }.
    .brief = like change { $example }.
refuse-agn-give-what = give needs a letter from your rack, like give { $example }.
    .brief = like give { $example }.
refuse-agn-rack-empty = no letter in your rack to { $verb }. Type moves.
    .brief = no letter to { $verb }.
refuse-agn-too-many = place one letter, or two for a bonus.
refuse-agn-two-bonus = two letters cost a bonus, and you have none: place one.
    .brief = no bonus for two: place one.
refuse-agn-no-room = no room for { $count } { $count ->
    [one] letter
   *[other] letters
  } on the polygon now.
    .brief = no room on the polygon.
refuse-agn-found = you have already found a { $kind } this turn.
    .brief = a { $kind } found already.
refuse-agn-no-syllable = none of your cards has { $syllable }. Type cards.
    .brief = no card has { $syllable }.
refuse-agn-syllable-absent = { $syllable } is not in the word { $word }.
refuse-agn-no-shape = none of your cards has the shape { $shape }. Type cards.
    .brief = no card has { $shape }.
refuse-agn-syllable-claimed = { $syllable } has been found in { $word } already: find another.
    .brief = { $syllable } found already.
refuse-agn-shape-claimed = this end of the polygon has been found already: it must grow first.
    .brief = shape found here already.
refuse-agn-shape-absent = the last squares of the polygon are not shape { $shape }.
    .brief = the end is not shape { $shape }.
refuse-agn-declare-short = a declaration needs 3 letters on the board; the word is { $letters }.
    .brief = declaring needs 3 letters.
refuse-agn-declare-longer = { $word } must be longer than { $letters }.
refuse-agn-word-start = { $word } does not start with { $letters }.
refuse-agn-word-short = { $word } is too short: a word needs 4 letters or more.
    .brief = { $word }: 4 letters or more.
refuse-agn-word-full = words here have at most { $most } letters.
refuse-agn-not-a-word = { $word } is not in the dictionary.
refuse-agn-answer-doubt = { $letters } is doubted: answer WORD, or concede.
    .brief = answer WORD, or concede.
refuse-agn-answer-declare = { $words } is declared: accept, contradict WORD or correct WORD.
    .brief = accept, contradict or correct.
refuse-agn-same-stem = { $word } starts like { $words }: that is no contradiction.
    .brief = { $word } is no contradiction.
refuse-agn-not-shorter = { $word } is not shorter than { $best }.
refuse-agn-close-place = you close a word after placing its last letter.
    .brief = place the last letter first.
refuse-agn-end-place = place a letter first, or pass.
refuse-agn-doubt-whom = nobody else placed the last letter: there is nothing to doubt.
    .brief = nothing to doubt.
refuse-agn-suspend = suspending needs { $needed } passes in a row; there are { $passes }.
    .brief = suspend: { $needed } passes needed.

## The deck list (sixdot cards alphagon)
agn-cards-line = { $card }: one card; a find with it scores { $value }.
    .brief = { $card }: scores { $value }.

## Why a hint's move (the sensible bot's reasons; $move is the move, said before)

why-agn-syllable = points at no cost
    .brief = free points
why-agn-shape = points at no cost
    .brief = free points
why-agn-close = the word is done: score it now
    .brief = score it now
why-agn-place = it builds toward a word
    .brief = toward a word
# Placed though no word is in reach: with no bonus, a pass would cost a letter.
why-agn-place-no-word = passing would cost you a letter
    .brief = a pass costs a letter
why-agn-declare = the only way the word can end
    .brief = the only ending
why-agn-doubt = no word can finish these letters
    .brief = no word fits
why-agn-answer = a real word, so the doubt fails
    .brief = a real word
why-agn-contradict = you close the word and score
    .brief = you score it
why-agn-correct = a shorter word lowers their score
    .brief = lowers their score
why-agn-accept = no word to contradict or correct
    .brief = no better word
why-agn-concede = no word you know finishes these letters
    .brief = no word found
why-agn-start = room for your longest word
    .brief = longest word
why-agn-lose = your least useful letter
why-agn-take-letter = a useful letter you lack
# Every letter left to take that suits the rack is one it holds already.
why-agn-take-again = useful, though you hold it already
    .brief = useful, held already
why-agn-take-bonus = a bonus saves a letter later
    .brief = saves a letter later
why-agn-change = a letter hard to use in words
    .brief = hard to use
why-agn-give = hard to use, and you gain a bonus
    .brief = gains a bonus
why-agn-suspend = everyone else passed: start a new word
    .brief = start a new word
why-agn-pass = nothing good to place
why-agn-end = nothing more worth doing
agn-asked-first = to start the word on a flag
agn-asked-play = to play on the word
