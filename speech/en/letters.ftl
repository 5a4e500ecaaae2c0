# Letters phrasebook, English.

let-card = { $face }, { $points } { $points ->
    [one] point
   *[other] points
  }
let-card-short = { $face } { $points }
let-cards-line = { $card }{ $count ->
    [one] : one card.
   *[other] {" "}each: { $count } cards.
  }
let-notation = draw, take, discard CARD, out WORDS discard CARD, lay WORDS discard CARD, challenge WORD, accept, done
    .brief = draw, take, discard, out, lay, challenge, accept, done

## Events

let-round-started = Round { $round }: { $size } cards each. { $dealer_you ->
    [yes] You deal.
   *[no] { $dealer } deals.
  }
    .brief = Round { $round }, { $size } cards.
let-cards-dealt = Your cards: { $cards }.
let-cards-dealt-head = Dealt { $count } cards:
let-discard-started = Discard pile starts: { $card }.
    .brief = Up: { $card }.
let-pile-drawn = { $you ->
    [yes] You draw
   *[no] { $player } draws
  } from the pile, { $left } left.
    .brief = { $you ->
        [yes] You draw.
       *[no] { $player } draws.
      }
let-card-drawn = You drew { $card }.
let-discard-taken = { $you ->
    [yes] You take
   *[no] { $player } takes
  } the discard { $card }.
    .brief = { $you ->
        [yes] You take
       *[no] { $player } takes
      } { $card }.
let-card-discarded = { $you ->
    [yes] You discard
   *[no] { $player } discards
  } { $card }.
let-pile-reshuffled = Pile empty: { $count ->
    [one] one discard shuffled in.
   *[other] { $count } discards shuffled in.
  }
    .brief = Reshuffled: { $count ->
        [one] one card.
       *[other] { $count } cards.
      }
let-went-out = { $you ->
    [yes] You go out
   *[no] { $player } goes out
  }, { $words ->
    [one] one word.
   *[other] { $words } words.
  } Final turns.
    .brief = { $you ->
        [yes] You go out.
       *[no] { $player } goes out.
      }
let-word-laid = { $you ->
    [yes] You lay
   *[no] { $player } lays
  } { $word }, { $value } points: { $cards }.
    .brief = { $word }, { $value } points.
let-nothing-laid = { $you ->
    [yes] You lay
   *[no] { $player } lays
  } no words.
let-cards-left = { $you ->
    [yes] You keep
   *[no] { $player } keeps
  } { $cards }: minus { $value }.
let-round-capped = Turn cap: { $turns } turns each and nobody out. Everyone has a final turn.
    .brief = Turn cap: final turns.
let-challenges-opened = Challenges: { $words ->
    [one] one word laid.
   *[other] { $words } words laid.
  } Challenge any you doubt.
    .brief = Challenges open.
let-word-challenged = { $you ->
    [yes] You challenge
   *[no] { $player } challenges
  } { $word }: { $valid ->
    [yes] a word. { $you ->
        [yes] You lose
       *[no] { $player } loses
      } { $value }.
   *[no] not a word. { $owner_you ->
        [yes] You lose
       *[no] { $owner } loses
      } { $value }.
  }
    .brief = { $word }: { $valid ->
        [yes] valid, challenger minus { $value }.
       *[no] invalid, { $owner } minus { $value }.
      }
let-words-accepted = { $you ->
    [yes] You accept
   *[no] { $player } accepts
  } { $owner_you ->
    [yes] your
   *[no] { $owner }'s
  } { $words ->
    [one] word.
   *[other] words.
  }
    .brief = { $you ->
        [yes] You accept.
       *[no] { $player } accepts.
      }
let-bonus-won = { $kind ->
    [most-words] Most words
   *[longest-word] Longest word
  }: { $you ->
    [yes] you
   *[no] { $player }
  }, { $count ->
    [one] one
   *[other] { $count }
  }, plus 10.
let-bonus-tied = { $kind ->
    [most-words] Most words
   *[longest-word] Longest word
  }: tied at { $count }, no bonus.
let-round-ended = Round { $round } over.

## Your turn

let-turn-draw = Your turn.
let-turn-final-draw = Your final turn: someone went out.
    .brief = Final turn.
let-turn-capped-draw = Your final turn: the turn cap is reached.
    .brief = Final turn.
let-turn-challenge = Challenge a word you doubt: challenge WORD. Type done to accept the rest.
    .brief = challenge WORD, or done.
let-turn-laid = Accept, or challenge { $words }.
let-open-word = { $word }, { $value } points, { $player_you ->
    [yes] yours
   *[no] { $player }'s
  }.
let-move-challenge = { $notation }: { $owner }'s, { $value } points
    .brief = { $notation }: { $value }
let-turn-draw-or-take = Draw, or take { $card }.
let-turn-draw-only = Draw: the discard pile is empty.
let-turn-play = Discard one card, or go out.
let-turn-final = Lay your words, then discard.
let-turn-can-out = You can go out: type hint or moves.
    .brief = You can go out.
let-turn-has-words = You can lay words: type hint or moves.
    .brief = You have words.
let-move-lay = { $points } points: { $notation }
    .brief = { $points }: { $notation }
let-focus-card = { $card }: Enter discards it

## Table, hand, score and review

let-table-round = Round { $round } of 8, { $size } cards. { $dealer_you ->
    [yes] You deal.
   *[no] { $dealer } deals.
  }
    .brief = Round { $round } of 8, { $size } cards.
let-table-top = Discard: { $card }, { $count ->
    [one] the only card.
   *[other] { $count } in the pile.
  }
let-table-top-none = Discard pile: empty.
let-table-pile = Draw pile: { $left } left.
let-table-out = { $player_you ->
    [yes] You went out
   *[no] { $player } went out
  }: final turns.
let-table-capped = Turn cap reached: final turns.
let-table-word = { $word }, { $points } points, { $player_you ->
    [yes] yours
   *[no] { $player }'s
  }{ $checked ->
    [yes] , challenged: a word.
    [no] , challenged: not a word.
   *[none] .
  } Cards { $cards }.
    .brief = { $word } { $points }, { $player_you ->
        [yes] yours
       *[no] { $player }
      }{ $checked ->
        [yes] , valid.
        [no] , invalid.
       *[none] .
      }
let-table-no-words = No words laid yet.
let-hand = Your hand: { $cards }.
let-hand-head = Your hand, { $count ->
    [one] one card:
   *[other] { $count } cards:
  }
let-group = { $group }: { $cards }.
let-group-vowels = Vowels
let-group-consonants = Consonants
let-group-multi = Multi-letter
let-group-words = Words
let-hand-empty = Your hand is empty until the next deal.
let-score-title = { $rounds ->
    [0] Scores: no round scored yet.
   *[other] Scores after round { $rounds } of 8:
  }
let-round = Round { $round } of 8: { $size } cards each.
let-round-turns = { $turns ->
    [0] No turns taken yet.
    [one] One turn taken.
   *[other] { $turns } turns taken.
  }
let-round-challenges = Final turns over: challenges now.
let-round-laid = Challenges: { $player_you ->
    [yes] your words
   *[no] { $player }'s words
  } just laid.
help-let-top = top: the top discard.
help-let-pile = pile: cards left to draw.
help-let-round = round: round number, hand size and how far the round has gone.
    .brief = round: round, hand size, progress.
help-let-trick = trick: whose turn, and the top discard. No tricks in Letters.
    .brief = trick: whose turn, top discard.
help-let-previous = previous: the words laid last.
help-let-players = players: each player's total and words this round.
    .brief = players: totals and words.
help-let-status = status: round of 8, hand size, dealer and progress.
    .brief = status: round, dealer, progress.
let-now = { $player_you ->
    [yes] You
   *[no] { $player }
  }{ $final ->
    [yes] , final turn
   *[no] {""}
  }: { $step ->
    [draw] draw or take.
   *[play] discard or go out.
  }
let-now-over = The game is over.
let-previous = Last laid: { $player_you ->
    [yes] yours
   *[no] { $player }'s
  }, { $words ->
    [one] one word
   *[other] { $words } words
  }, { $points } points.
    .brief = Last laid: { $player_you ->
        [yes] yours
       *[no] { $player }'s
      }, { $points } points.
let-previous-none = No words laid yet in round { $round }.
let-player = { $player_you ->
    [yes] You
   *[no] { $player }
  }, { $total } { $total ->
    [one] point
   *[other] points
  }: { $words ->
    [0] no words
    [one] one word, { $points } { $points ->
        [one] point
       *[other] points
      }
   *[other] { $words } words, { $points } { $points ->
        [one] point
       *[other] points
      }
  }{ $out ->
    [yes] , went out.
   *[no] .
  }
    .brief = { $player_you ->
        [yes] You
       *[no] { $player }
      }, { $total } { $total ->
        [one] point
       *[other] points
      }: { $words ->
        [0] no words.
        [one] one word.
       *[other] { $words } words.
      }
help-let-words = words: every word laid this round.

## Refusals

refuse-let-pile-empty = the pile and discards are empty: take the top discard.
    .brief = pile empty: take the discard.
refuse-let-no-discard = there is no discard to take: draw.
refuse-let-draw-first = first draw, or take the top discard.
refuse-let-drawn-already = you have your card already: discard or go out.
    .brief = drawn already: discard or go out.
refuse-let-no-card = you have no { $face }. You hold { $cards }.
refuse-let-discard-which = name the card: discard CARD. You hold { $cards }.
    .brief = name the card: discard CARD.
refuse-let-lay-discard = end with the card to discard: { $move } discard CARD. You hold { $cards }.
    .brief = end with: discard CARD.
refuse-let-no-words = { $out ->
    [yes] name your words and a discard: out WORDS discard CARD.
   *[no] name your words and a discard: lay WORDS discard CARD.
  }
    .brief = { $out ->
        [yes] out WORDS discard CARD.
       *[no] lay WORDS discard CARD.
      }
refuse-let-challenge-which = name the word: challenge WORD. Open: { $words }.
    .brief = name it: challenge WORD.
refuse-let-unknown = that is not a Letters move.
refuse-let-out-over = someone went out: lay WORDS discard CARD.
    .brief = final turn: lay WORDS discard CARD.
refuse-let-lay-when = lay words only to go out: out WORDS discard CARD.
    .brief = go out: out WORDS discard CARD.
refuse-let-missing = you cannot spell { $word }: you have no { $letters }.
    .brief = no { $letters } for { $word }.
# A card of several letters ($cards) holds letters the word needs, but not
# side by side in its order (ER in CORE).
refuse-let-in-order = you cannot spell { $word }: { $cards } { $count ->
    [one] gives its letters
   *[other] give their letters
  } only together, in order.
    .brief = { $word }: { $cards } only in order.
refuse-let-cannot-spell = your cards cannot spell { $word }.
refuse-let-not-enough = not enough cards for { $words } together.
refuse-let-out-all = to go out, use every card but one: { $cards } left.
    .brief = use every card but one: { $cards } left.
refuse-let-short = { $word } is one card: a word needs two.
refuse-let-not-a-word = { $word } is not in the dictionary.
refuse-let-not-challenging = { $laid ->
    [yes] no words are open to challenge: words are challenged as they are laid.
   *[no] challenges come after the round's final turns.
  }
    .brief = { $laid ->
        [yes] no words open to challenge.
       *[no] challenges come after final turns.
      }
refuse-let-no-such-word = no open word { $word } to challenge. Open: { $words }.
    .brief = no open word { $word }.
refuse-let-challenging = challenges now: challenge WORD, or done.
refuse-let-challenging-laid = { $owner } just laid words: challenge WORD, or accept.
    .brief = challenge WORD, or accept.
caution-let-not-a-word = not in the dictionary: { $words }. Others may challenge.
    .brief = not in the dictionary: { $words }.

## Why a hint's move (the sensible bot's reasons)

# Take the top discard: with $card the best arrangement scores $points.
why-let-take = { $card } raises your best to { $points }
    .brief = { $card } helps your words
# The same, when the best still loses points: $points is the loss, a positive number.
why-let-take-loss = { $card } cuts your loss to { $points }
    .brief = { $card } helps your words
# Draw: the top discard, $card, scores nothing more.
why-let-draw = { $card } does not help your hand
    .brief = { $card } does not help
# Going out, or laying on a final turn: $words is how many words.
why-let-out = to end the round with { $words ->
    [one] a word
   *[other] { $words } words
  }
    .brief = ends the round
why-let-lay = your best score on this final turn
    .brief = best score
# A final turn with no word to lay.
why-let-no-words = no word to lay on this final turn
    .brief = no word to lay
# Discard $card: the rest can score $points.
why-let-discard = the rest can score { $points }
    .brief = the rest scores { $points }
# The same, when the rest can only lose: $points is the loss, a positive number.
why-let-discard-loss = the rest loses at least { $points }
    .brief = the rest loses { $points }
let-asked-draw = to draw, or take the top card
let-asked-play = to discard, or go out
let-asked-challenge = to challenge words, or accept
