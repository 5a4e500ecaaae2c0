# Alphabeticell phrasebook, English.

abc-card = { $face }
abc-notation = keep CARD, take CARD as LETTER, or pass
    .brief = keep CARD, take CARD as LETTER, pass
# A mistyped move with many to choose from: the forms of this moment only.
abc-forms-offer = take CARD as LETTER, or pass
    .brief = take CARD as LETTER, pass
# While your first card's letter is open: `with` names the letter it takes.
abc-forms-fix = take CARD as LETTER with LETTER, or pass
    .brief = take CARD as LETTER with LETTER, pass

## Events

abc-round-started = Round { $round }: { $dealer_you ->
    [yes] you deal.
   *[no] { $dealer } deals.
  }
# The pick that follows says what to do with them (abc-turn-pick); `hand` names them again.
abc-cards-dealt = Dealt to you: { $cards }.
abc-card-kept = { $you ->
    [yes] You keep
   *[no] { $player } keeps
  } { $card } to start a line.
    .brief = { $you ->
        [yes] You keep
       *[no] { $player } keeps
      } { $card }.
abc-cards-returned = { $count } other cards shuffled back.
abc-card-flipped = { $card } turned up, { $left } left. { $dealer_you ->
    [yes] You deal.
   *[no] { $dealer } deals.
  }
    .brief = { $card } up, { $left } left.
abc-card-passed = { $you ->
    [yes] You pass
   *[no] { $player } passes
  } { $card }.
    .brief = { $you ->
        [yes] You pass.
       *[no] { $player } passes.
      }
abc-card-taken = { $you ->
    [yes] You take
   *[no] { $player } takes
  } { $card } as { $letter }, { $end ->
    [left] left end.
   *[right] right end.
  }
    .brief = { $you ->
        [yes] You take
       *[no] { $player } takes
      } { $card } as { $letter }.
abc-card-taken-fixed = { $you ->
    [yes] You take
   *[no] { $player } takes
  } { $card } as { $letter }, { $fixed_card } as { $fixed_letter }.
    .brief = { $you ->
        [yes] You take
       *[no] { $player } takes
      } { $card } as { $letter }.
abc-line-now = { $you ->
    [yes] Your line
   *[no] { $player }'s line
  }: { $line }.
    .brief = { $you ->
        [yes] You
       *[no] { $player }
      }: { $line }.
abc-card-discarded = { $card } discarded: all passed.
abc-round-ended = { $eleven ->
    [none] Round { $round } over: the deck ran out.
   *[other] Round { $round } over: { $eleven_you ->
        [yes] you have
       *[no] { $eleven } has
      } 11 cards.
  }

## Your turn

# The deal just named the cards (abc-cards-dealt): the pick says what to do.
abc-turn-pick = Your pick: keep one to start your line.
abc-turn-offer = Your turn: { $card } offered.
abc-turn-can-take = Take as { $ways }, or pass.
abc-turn-cannot-take = Cannot join your line { $line }: pass.
    .brief = Cannot join { $line }: pass.
abc-way = { $letter } { $end ->
    [left] left
   *[right] right
  }
abc-way-fix = { $letter } with { $first } as { $fixes }

## Focus: what the keys walk

abc-focus-keep = { $card }: Enter keeps it
abc-focus-offered = { $card } offered: Enter to take or pass
abc-focus-line = { $card } in your line{ $letter ->
    [none] , letter not fixed
   *[other] {" "}as { $letter }
  }

## Moves, described

abc-move-keep = { $notation }
abc-move-pass = { $notation }
abc-move-pass-forced = { $notation }, { $card } fits neither end
    .brief = { $notation }
abc-move-take = { $notation }: { $end ->
    [left] left end
   *[right] right end
  }, line { $line }

## Table, hand and score

abc-table-round = Round { $round }, target { $target }. { $dealer_you ->
    [yes] You deal.
   *[no] { $dealer } deals.
  }
    .brief = Round { $round }, target { $target }.
abc-table-line = { $you ->
    [yes] Your line
   *[no] { $player }'s line
  }: { $line }, { $count ->
    [one] one card.
   *[other] { $count } cards.
  }
    .brief = { $you ->
        [yes] Your line
       *[no] { $player }'s line
      }, { $count }: { $line }.
abc-table-line-open = { $you ->
    [yes] Your line
   *[no] { $player }'s line
  }: { $card }, letter not fixed yet.
    .brief = { $you ->
        [yes] Your line
       *[no] { $player }'s line
      }: { $card }, open.
abc-table-line-empty = { $you ->
    [yes] Your line
   *[no] { $player }'s line
  }: no card yet.
abc-table-face-up = Face up: { $card }, offered to { $to_you ->
    [yes] you.
   *[no] { $to }.
  }
abc-table-passed = Passed on it: { $players }.
abc-table-deck = Deck: { $left } left.
abc-table-discards = { $count ->
    [0] Discarded: none.
   *[other] Discarded { $count }: { $cards }.
  }
abc-table-picking = Setup: { $picker_you ->
    [yes] you are
   *[no] { $picker } is
  } choosing a card to keep.
    .brief = Setup: { $picker_you ->
        [yes] you keep a card.
       *[no] { $picker } keeps a card.
      }
abc-hand-setup = Your setup cards: { $cards }.
abc-discards-head = Discarded { $count ->
    [one] one card:
   *[other] { $count } cards:
  }
abc-group = { $group }: { $cards }.
abc-group-discards = Discards
abc-group-dealt = Dealt
abc-group-offered = Offered
abc-group-line = Your line

## Review commands: the same in every game

abc-now-over = The game is over.
abc-previous-take = Last take: { $player_you ->
    [yes] you
   *[no] { $player }
  }, { $card } as { $letter }; line { $line }.
    .brief = Last take: { $player_you ->
        [yes] you
       *[no] { $player }
      }, { $card } as { $letter }.
abc-previous-discard = Last discard: { $card }, all passed.
abc-previous-none = Round { $round }: no take or discard yet.
abc-player = { $player_you ->
    [yes] You
   *[no] { $player }
  }, { $total } { $total ->
    [one] point
   *[other] points
  }: { $count ->
    [0] no card yet.
    [one] one card, { $line }.
   *[other] { $count } cards, { $line }.
  }
    .brief = { $player_you ->
        [yes] You
       *[no] { $player }
      }, { $total } { $total ->
        [one] point
       *[other] points
      }: { $count ->
        [0] no cards.
       *[other] { $line }.
      }
help-abc-trick = trick: the card offered and who passed. No tricks here.
    .brief = trick: the card offered.
help-abc-previous = previous: the round's last take and discard.
    .brief = previous: last take and discard.
help-abc-players = players: each total, and each line.
help-abc-status = status: round, target, dealer and deck.

## Refusals

refuse-abc-pick-first = first keep one of your dealt cards: { $cards }.
    .brief = keep one of { $cards }.
refuse-abc-not-dealt = { $card } is not one of your cards: keep { $cards }.
    .brief = not yours: keep { $cards }.
refuse-abc-setup-over = setup is over; take the offered card or pass.
    .brief = take the offered card or pass.
refuse-abc-unknown = that is not an Alphabeticell move.
refuse-abc-not-offered = { $card } is not offered; the card is { $offered }: take it or pass.
    .brief = { $offered } is offered: take it or pass.
refuse-abc-letter-needed = say the letter { $card } shows: take it as { $letters }, or pass.
    .brief = take it as { $letters }, or pass.
refuse-abc-letter-not-on-card = { $card } has no { $letter }.
refuse-abc-fix-needed = say { $first }'s letter too: take { $card } as { $letter } with { $fix }.
    .brief = take { $card } as { $letter } with { $fix }.
refuse-abc-same-letter = both cards cannot show { $letter }: letters never repeat.
    .brief = both show { $letter }: no repeats.
refuse-abc-already-fixed = your line { $line } is fixed already: leave out "with".
    .brief = line fixed: leave out "with".
refuse-abc-repeat = your line { $line } has { $letter } already: letters never repeat.
    .brief = your line has { $letter } already.
refuse-abc-inside = { $letter } would go inside your line: only letters before { $first } or after { $last }.
    .brief = { $letter } is inside: before { $first } or after { $last }.

## Why a hint's move (the sensible bot's reasons)

# Keep $card: of the setup cards, the one whose letters can grow the longest line.
why-abc-keep = best start for a line
    .brief = best start
# Take: $line is the line after it, letters spaced out.
why-abc-take = your line grows to { $line }
    .brief = line { $line }
# Pass: each take adds a letter now but leaves fewer letters to come.
why-abc-pass = each take costs more letters later than it adds
    .brief = costs more later
# Pass: the line is expected to reach $goal letters (ending the round) anyway.
why-abc-pass-anyway = your line should reach { $goal } letters anyway
    .brief = { $goal } anyway
abc-asked-pick = to keep one card of the deal
abc-asked-offer = to take the card offered, or pass
