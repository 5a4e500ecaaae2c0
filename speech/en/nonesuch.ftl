# Nonesuch phrasebook, English.

## Cards

# A card said whole: its name and rank, then its suits, `Sailor 4, Waves and
# Leaves`, `Bard Crown of Suns`; as a suit's line says it, with the suits after.
non-card = { $name } { $detail }
non-card-named = { $name } { $rank }, { $first } and { $second }
    .brief = { $name } { $rank } { $first } { $second }
non-card-number = { $rank } of { $first } and { $second }
    .brief = { $rank } { $first } { $second }
# A focused card of two suits at a lead: Enter leads it as the suit of its group.
non-focus-lead-as = { $card }: leads as { $suit }
    .brief = { $card } as { $suit }
non-card-ace = Ace of { $suit }
    .brief = Ace { $suit }
non-card-crown = Crown of { $suit }
    .brief = Crown { $suit }
non-card-excuse = the Excuse
    .brief = Excuse
non-none = none
non-item = { $rank ->
    [1] Ace
    [10] { $name } Crown
   *[other] { $name } { $rank }
  }
non-item-also = { $item }, also { $other }
non-group = { $suit }, { $count ->
    [one] one card
   *[other] { $count } cards
  }: { $cards }.
    .brief = { $suit } { $count }: { $cards }.
# A suit's line goes on: at full verbosity `Knots, more: ...`, its count said once.
non-group-more = { $suit }, more: { $cards }.
    .brief = { $suit } { $count }: { $cards }.
# After a hand's suit lines at full verbosity, the suits it holds none of.
non-voids = No { $suits }.
non-group-none = No suit
non-cards-line = { $value ->
    [0] The Excuse: no rank and no suit, never played.
   *[other] { $card }.
  }
    .brief = { $value ->
        [0] The Excuse: no rank, no suit.
       *[other] { $card }.
      }
non-notation = bid Some, call Moons, lead Pact [as Moons], play Mill
    .brief = bid, call, lead, play

## Events

non-hand-started = Hand { $hand }: { $tricks } cards each. { $dealer_you ->
    [yes] You deal.
   *[no] { $dealer } deals.
  }
    .brief = Hand { $hand }, { $tricks } tricks.
non-cards-dealt = Your cards: { $cards }.
    .brief = Cards: { $cards }.
non-cards-dealt-head = Dealt { $count } cards, by suit:
    .brief = Dealt { $count }:
non-up-card-turned = Up card: { $card }.
    .brief = Up: { $card }.
non-up-card-trump = { $kind ->
    [suit] Trump: { $trump }.
    [choice] Trump: { $first_suit } or { $second_suit }.
   *[none] No trump this hand.
  }
    .brief = { $kind ->
        [suit] Trump { $trump }.
        [choice] Trump to call.
       *[none] No trump.
      }
# After the up card at full verbosity, when it makes one of two suits trump.
non-up-card-caller = The Excuse holder calls it after bids.
non-bid-made = { $you ->
    [yes] You bid
   *[no] { $player } bids
  } { $bid }.
    .brief = { $you ->
        [yes] You:
       *[no] { $player }:
      } { $bid }.
non-excuse-revealed = Excuse: { $you ->
    [yes] you show it and discard it.
   *[no] { $player } shows it and discards it.
  }
    .brief = Excuse: { $you ->
        [yes] yours.
       *[no] { $player }'s.
      }
non-trump-called = Trump: { $suit }, { $you ->
    [yes] your call.
   *[no] called by { $player }.
  }
    .brief = Trump { $suit }.
non-up-card-taken = Up card to { $you ->
    [yes] you
   *[no] { $player }
  }: { $card }.
    .brief = Up card to { $you ->
        [yes] you.
       *[no] { $player }.
      }
non-card-led = { $you ->
    [yes] You lead
   *[no] { $player } leads
  } { $suit }{ $trump ->
    [yes] , a trump:
   *[no] :
  } { $as_led }.
    .brief = { $you ->
        [yes] You lead
       *[no] { $player } leads
      } { $suit }: { $name }{ $trump ->
        [yes] , trump.
       *[no] .
      }
# Following with a card that also carries trump: `Ana trumps: ...`; with no
# card of the suit led, that is said first: `Ana trumps, no Moons: ...`.
non-card-played = { $you ->
    [yes] You
   *[no] { $player }
  } { $followed ->
    [yes] { $trump ->
        [yes] { $you ->
            [yes] trump:
           *[no] trumps:
          }
       *[no] { $you ->
            [yes] play
           *[no] plays
          }
      }
   *[no] { $trump ->
        [yes] { $you ->
            [yes] trump,
           *[no] trumps,
          } no { $suit }:
       *[no] { $you ->
            [yes] have
           *[no] has
          } no { $suit }:
      }
  } { $card }.
    .brief = { $you ->
        [yes] You:
       *[no] { $player }:
      } { $name }{ $trump ->
        [yes] , trump.
       *[no] .
      }
non-trump-broken = Trump played: { $suit } may now be led.
    .brief = { $suit } may be led.
# Who took the trick; at full verbosity `non-trick-tally` follows, brief says both at once.
non-trick-won = { $you ->
    [yes] You take
   *[no] { $player } takes
  } trick { $trick } with { $name }.
    .brief = { $you ->
        [yes] You take it:
       *[no] { $player } takes it:
      } { $tricks } for { $bid }.
non-trick-tally = { $you ->
    [yes] You have
   *[no] { $player } has
  } { $tricks } { $tricks ->
    [one] trick
   *[other] tricks
  } for a bid of { $bid }.
    .brief = { $you ->
        [yes] You:
       *[no] { $player }:
      } { $tricks } for { $bid }.
non-bid-decided = { $made ->
    [yes] { $you ->
        [yes] You have
       *[no] { $player } has
      } made { $bid }: { $tricks } { $tricks ->
        [one] trick.
       *[other] tricks.
      }
   *[no] { $bid ->
        [None] { $you ->
            [yes] Your
           *[no] { $player }'s
          } None has failed: { $tricks } { $tricks ->
            [one] trick.
           *[other] tricks.
          }
       *[other] { $you ->
            [yes] You
           *[no] { $player }
          } can no longer make { $bid }: { $tricks } { $tricks ->
            [one] trick.
           *[other] tricks.
          }
      }
  }
    .brief = { $you ->
        [yes] Your
       *[no] { $player }'s
      } { $bid } { $made ->
        [yes] made.
       *[no] failed.
      }
# A bid decided by the trick whose tally (non-trick-tally) has just said its tricks.
non-bid-decided-tallied = { $made ->
    [yes] { $you ->
        [yes] You have
       *[no] { $player } has
      } made { $bid }.
   *[no] { $bid ->
        [None] { $you ->
            [yes] Your
           *[no] { $player }'s
          } None has failed.
       *[other] { $you ->
            [yes] You
           *[no] { $player }
          } can no longer make { $bid }.
      }
  }
non-hand-scored = Hand { $hand } scored, highest total first:
    .brief = Hand { $hand } scores:
non-hand-result = { $player_you ->
    [yes] You
   *[no] { $player }
  }, { $total } { $total ->
    [one] point
   *[other] points
  }: { $bid } { $made ->
    [yes] made
   *[no] failed
  }, took { $taken } { $taken ->
    [one] trick
   *[other] tricks
  }, { $points } this hand.
    .brief = { $player_you ->
        [yes] You
       *[no] { $player }
      }, { $total } { $total ->
        [one] point
       *[other] points
      }: { $bid } { $made ->
        [yes] made
       *[no] failed
      }, { $points }.

## The turn

non-turn-bid = Your bid: Some, Most or None.
    .brief = Bid Some, Most or None.
# Full verbosity says the trump on a line of its own, `non-turn-bid-trump`.
non-turn-bid-terms = { $tricks } tricks, Most needs { $most }.
    .brief = Most needs { $most }. { $kind ->
        [suit] Trump { $trump }.
        [choice] Trump to call.
       *[none] No trump.
      }
non-turn-bid-trump = { $kind ->
    [suit] Trump { $trump }.
    [choice] Trump { $first } or { $second }.
   *[none] No trump.
  }
# Full verbosity says the up card after it: `Up card: ...`.
non-turn-call = Call trump: { $first } or { $second }.
    .brief = Call { $first } or { $second }.
non-turn-lead = Your lead, trick { $number }.
    .brief = Lead, trick { $number }.
# At full verbosity these follow `non-turn-lead`; brief says both at once.
non-turn-lead-plain = No trump played yet, so no { $trump } card.
    .brief = Lead, trick { $number }, no { $trump }.
non-turn-lead-all = Only { $trump } cards left, so lead one.
    .brief = Lead, trick { $number }, all { $trump }.
non-turn-cards = { $count ->
    [one] Only play: { $cards }.
   *[other] You may play { $count } cards: { $cards }.
  }
    .brief = Plays: { $cards }.
non-turn-cards-head = { $count ->
    [one] Only play:
   *[other] You may play { $count } cards:
  }
    .brief = { $count ->
        [one] Only play:
       *[other] { $count } plays:
      }
non-move-card = { $notation }: { $detail }{ $trump ->
    [yes] , trump
   *[no] {""}
  }
    .brief = { $notation }
non-move-lead = { $notation }: { $rank }, also { $other }{ $trump ->
    [yes] , trump
   *[no] {""}
  }
    .brief = { $notation }
non-move-ace = { $notation }{ $trump ->
    [yes] , trump
   *[no] {""}
  }
    .brief = { $notation }
non-move-bid = { $notation }: { $bid ->
    [Some] 1 trick or more, 1 point each
    [Most] half or more, 2 points each
   *[None] no tricks, a point a trick
  }
    .brief = { $notation }

## Table, hand and review

non-table-hand = Hand { $hand }, game to { $target }. { $dealer_you ->
    [yes] You deal.
   *[no] { $dealer } deals.
  }
    .brief = Hand { $hand }, to { $target }.
non-status-trick = Trick { $number } of { $tricks }.
non-status-waiting = { $phase ->
    [bid] Bidding: { $player_you ->
        [yes] your bid.
       *[no] { $player } to bid.
      }
   *[other] Trump call: { $player_you ->
        [yes] yours.
       *[no] { $player } calls.
      }
  }
non-player = { $player_you ->
    [yes] You
   *[no] { $player }
  }, { $total } { $total ->
    [one] point
   *[other] points
  }: { $bid ->
    [none] no bid
   *[other] { $bid }
  }, took { $taken }, { $held ->
    [one] one card
   *[other] { $held } cards
  }.
    .brief = { $player_you ->
        [yes] You
       *[no] { $player }
      }, { $total } { $total ->
        [one] point
       *[other] points
      }: { $bid ->
        [none] no bid
       *[other] { $bid }
      }, took { $taken }.
non-trump = Trump: { $trump }, from { $card }.
    .brief = Trump { $trump }.
non-trump-play = Trump: { $trump }, { $broken ->
    [yes] played, so it may lead.
   *[no] may lead once played.
  }
    .brief = Trump { $trump }, { $broken ->
        [yes] may lead.
       *[no] not led yet.
      }
non-trump-open = Trump: { $first } or { $second }, not called yet.
    .brief = Trump { $first } or { $second }, to call.
non-trump-none = No trump: the Excuse is the up card.
    .brief = No trump.
non-bid-none = { $player_you ->
    [yes] You: no bid yet.
   *[no] { $player }: no bid yet.
  }
non-bid-line = { $player_you ->
    [yes] You
   *[no] { $player }
  }: bid { $bid }, { $taken } { $taken ->
    [one] trick
   *[other] tricks
  }{ $bid ->
    [None] {""}
   *[other] , needs { $need }
  }.
    .brief = { $player_you ->
        [yes] You
       *[no] { $player }
      }: { $bid }, { $taken }.
non-trick-play = { $player_you ->
    [yes] You
   *[no] { $player }
  }: { $card }.
non-trick-lead = { $player_you ->
    [yes] You
   *[no] { $player }
  } led { $suit }: { $as_led }.
non-trick-none = No trick is being played now.
    .brief = No trick.
non-trick-empty = Trick { $number }: { $leader_you ->
    [yes] your lead.
   *[no] { $leader } to lead.
  }
# The turn while a trick is under way: each card was said as it was played,
# so only the suit led and who is ahead (`trick` says each card again).
non-turn-trick = { $suit } led: { $winning_you ->
    [yes] you are ahead
   *[no] { $winning } is ahead
  } with { $name }.
    .brief = { non-trick-now.brief }
non-trick-now = Trick { $number }: { $winning_you ->
    [yes] you are ahead
   *[no] { $winning } is ahead
  } with { $name }.
    .brief = { $suit }, { $winning_you ->
        [yes] you
       *[no] { $winning }
      } winning: { $name }.
non-previous = { $winner_you ->
    [yes] You
   *[no] { $winner }
  } took trick { $number } with { $name }.
    .brief = { $winner_you ->
        [yes] You
       *[no] { $winner }
      } took trick { $number }: { $name }.
non-previous-none = No trick finished yet this hand.
    .brief = No trick yet.
# $mine is "none" for a watcher, who holds no cards: the count of yours is left out.
non-suit = { $suit }: { $count } played, { $unseen } unseen{ $mine ->
    [none] .
   *[other] , { $mine } yours.
  }
    .brief = { $suit }: { $count } played, { $unseen } unseen.
non-suit-played = { $suit } played
non-trump-no-suit = Trump takes no suit: to call it, type call { $first } or call { $second }.
    .brief = To call: call { $first } or call { $second }.
non-suit-unknown = No suit "{ $text }". Suits: { $suits }.
non-hand = { $count ->
    [0] Your hand is empty.
    [one] Your hand, one card: { $cards }.
   *[other] Your hand, { $count } cards: { $cards }.
  }
    .brief = Hand: { $cards }.
non-hand-head = { $count ->
    [0] Your hand is empty.
   *[other] Your hand, { $count ->
        [one] one card:
       *[other] { $count } cards:
      }
  }
    .brief = { $count ->
        [0] Hand empty.
        [one] Hand, one card:
       *[other] Hand, { $count } cards:
      }

help-non-trick = trick: who is winning, and the cards.
    .brief = trick: this trick.
help-non-previous = previous: the last trick, who took it.
    .brief = previous: last trick.
help-non-players = players: scores, bids, tricks, cards held.
    .brief = players: scores, bids, tricks.
help-non-status = status: hand, dealer, trump, whose turn.
    .brief = status: hand, trump, turn.
help-non-trump = trump: trump, and whether it may lead.
    .brief = trump: the suit, may it lead.
help-non-bids = bids: each bid and the tricks so far.
    .brief = bids: bids and tricks.
help-non-suit = suit, or suit Moons: suits played so far.
    .brief = suit Moons: its cards played.

## Refusals

refuse-non-bid-first = bidding comes first: bid Some, Most or None.
    .brief = bid first: Some, Most or None.
refuse-non-bidding-over = bidding is over for this hand: type moves to hear your choices.
    .brief = bidding is over: type moves.
refuse-non-call-up-suit = { $suit } is not on the up card: call { $first } or { $second }.
    .brief = call { $first } or { $second }.
refuse-non-call-first = call trump first: call { $first } or { $second }.
refuse-non-no-call = there is no trump to call now: trump is settled.
    .brief = no call now: trump is settled.
refuse-non-unknown = that is not a Nonesuch move: bid, call, lead or play.
    .brief = moves: bid, call, lead or play.
refuse-non-excuse = the Excuse is never played: play another card.
    .brief = the Excuse is never played.
refuse-non-not-held = you do not hold { $name }: type hand to hear your cards.
    .brief = you do not hold { $name }.
refuse-non-lead-names-suit = you lead, so name a suit: { $lead } or as { $other }.
    .brief = name a suit: { $lead } or as { $other }.
refuse-non-suit-not-on-card = { $card } has no { $suit }: name one of its own suits.
    .brief = { $card } has no { $suit }.
refuse-non-trump-not-broken = no trump played yet, so no { $trump } card may lead: lead another.
    .brief = no { $trump } lead until one is played.
refuse-non-not-leading = { $leader_you ->
    [yes] you already led
   *[no] { $leader } led
  } this trick in { $suit }: play a card, as play and its name.
    .brief = { $suit } is led: play a card.
refuse-non-must-follow = you hold { $suit }, so follow it: { $cards }.

## Why a hint's move (the sensible bot's reasons)

# Bid $bid (Some, Most or None): the best expected score for the hand.
why-non-bid = the best expected score for your cards
    .brief = best for your cards
# Call $suit as trump: of the up card's suits, the one that helps the bid most.
why-non-call = the trump that best helps your bid
    .brief = best for your bid
# Play to take a trick: bid Most, or Some without a trick yet.
why-non-take = { $bid ->
    [Most] to take tricks for your bid of Most
   *[other] to take a trick for your bid of { $bid }
  }
    .brief = to take a trick
# Play to lose the trick: bid None, or Some with its trick taken.
why-non-duck = { $bid ->
    [Some] you have your trick, so lose this one
   *[other] to take no tricks, as you bid { $bid }
  }
    .brief = to lose the trick
# Play to take, but no card held beats the trick so far: the least useful goes.
why-non-cannot-take = none of your cards can take this trick
    .brief = none can take it
# Play to lose, but every card held beats the trick so far; the last to play.
why-non-shed = the trick is yours anyway: shed a high card
    .brief = yours anyway
# Play to lose, every card held beats the trick so far, others still to play.
why-non-stay-low = your lowest, so a later card may beat it
    .brief = others may beat it
non-asked-bid = to bid
non-asked-call = to name trumps
non-asked-play = to play to trick { $trick }
