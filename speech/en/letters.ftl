# Letters phrasebook, English.

let-card = { $face }, { $points } { $points ->
    [one] point
   *[other] points
  }
let-card-short = { $face } { $points }
let-notation = draw, take, discard CARD, out WORDS discard CARD, lay WORDS discard CARD

## Events

let-round-started = Round { $round }: { $size } cards each. { $dealer_you ->
    [yes] You deal.
   *[no] { $dealer } deals.
  }
    .brief = Round { $round }, { $size } cards.
let-cards-dealt = Your cards: { $cards }.
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
  } from the discards: { $card }.
    .brief = { $you ->
        [yes] You take
       *[no] { $player } takes
      } { $card }.
let-card-discarded = { $you ->
    [yes] You discard
   *[no] { $player } discards
  } { $card }.
let-pile-reshuffled = Pile empty: { $count } discards shuffled in.
    .brief = Reshuffled: { $count } cards.
let-went-out = { $you ->
    [yes] You go out
   *[no] { $player } goes out
  } with { $words ->
    [one] one word.
   *[other] { $words } words.
  } Final turns follow.
    .brief = { $you ->
        [yes] You go out.
       *[no] { $player } goes out.
      }
let-word-laid = { $you ->
    [yes] You lay
   *[no] { $player } lays
  } { $word }: { $value } points, cards { $cards }.
    .brief = { $word }, { $value } points.
let-nothing-laid = { $you ->
    [yes] You lay
   *[no] { $player } lays
  } no words.
let-cards-left = { $you ->
    [yes] You keep
   *[no] { $player } keeps
  } { $cards }: minus { $value }.
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
let-turn-draw-or-take = Draw, or take { $card }.
let-turn-draw-only = Draw: the discard pile is empty.
let-turn-play = Discard one card, or go out.
let-turn-final = Lay your words, then discard.
let-turn-can-out = You can go out: { $move }.
let-turn-best-lay = Best lay: { $move }.
let-move-lay = { $points } points: { $notation }
let-focus-card = { $card }: Enter discards it

## Table, hand, score and review

let-table-round = Round { $round } of 8, { $size } cards. { $dealer_you ->
    [yes] You deal.
   *[no] { $dealer } deals.
  }
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
let-table-words = { $player_you ->
    [yes] Your words
   *[no] { $player }'s words
  }: { $words }.
let-table-no-words = No words laid yet.
let-hand = Your hand: { $cards }.
let-score-title = Scores after round { $round } of 8:
let-round = Round { $round } of 8: { $size } cards each.
help-let-discard = discard: the top discard.
help-let-pile = pile: cards left to draw.
help-let-round = round: round number and hand size.
help-let-words = words: every word laid this round.

## Refusals

refuse-let-pile-empty = the pile and discards are empty: take the top discard.
refuse-let-no-discard = there is no discard to take: draw.
refuse-let-draw-first = first draw, or take the top discard.
refuse-let-drawn-already = you have your card already: discard or go out.
refuse-let-no-card = you have no { $face }.
refuse-let-unknown = that is not a Letters move.
refuse-let-out-over = someone went out: lay WORDS discard CARD.
refuse-let-lay-when = lay words only to go out: out WORDS discard CARD.
refuse-let-missing = you cannot spell { $word }: you have no { $letters }.
refuse-let-cannot-spell = your cards cannot spell { $word }.
refuse-let-not-enough = not enough cards for { $words } together.
refuse-let-out-all = to go out, use every card but one: { $cards } left.
refuse-let-short = { $word } is one card: a word needs two.
refuse-let-not-a-word = { $word } is not in the dictionary.
refuse-let-which = several ways to use your cards. Type one: { $ways }.
