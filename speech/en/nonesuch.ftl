# Nonesuch phrasebook, English.

## Cards

non-card = { $name }, { $detail }
    .brief = { $name } { $detail }
non-card-number = { $rank } of { $first } and { $second }
    .brief = { $rank } { $first } { $second }
non-card-ace = Ace of { $suit }
    .brief = Ace { $suit }
non-card-crown = Crown of { $suit }
    .brief = Crown { $suit }
non-card-excuse = the Excuse
    .brief = Excuse
non-none = none
non-cards-line = { $value ->
    [0] The Excuse: no rank and no suit, never played.
   *[other] { $card }.
  }
non-notation = bid Some, call Moons, lead Pact [as Moons], play Mill
    .brief = bid, call, lead, play

## Events

non-hand-started = Hand { $hand }: { $tricks } cards each, { $tricks } tricks. { $dealer_you ->
    [yes] You deal.
   *[no] { $dealer } deals.
  }
    .brief = Hand { $hand }, { $tricks } tricks.
non-cards-dealt = Your cards: { $cards }.
    .brief = Cards: { $cards }.
non-up-card-turned = Up card: { $card }. { $kind ->
    [suit] { $trump } are trump.
    [choice] Trump will be { $first_suit } or { $second_suit }: the Excuse holder calls it after bidding.
   *[none] No trump this hand.
  }
    .brief = Up: { $card }. { $kind ->
        [suit] Trump { $trump }.
        [choice] Trump to call.
       *[none] No trump.
      }
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
  } { $card }.
    .brief = { $you ->
        [yes] You lead
       *[no] { $player } leads
      } { $suit }: { $name }{ $trump ->
        [yes] , trump.
       *[no] .
      }
non-card-played = { $you ->
    [yes] You
   *[no] { $player }
  } { $followed ->
    [yes] { $trump ->
        [yes] { $you ->
            [yes] follow
           *[no] follows
          } with a trump:
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
non-trick-won = { $you ->
    [yes] You take
   *[no] { $player } takes
  } trick { $trick } with { $name }: { $tricks } { $tricks ->
    [one] trick
   *[other] tricks
  } against { $bid }.
    .brief = { $you ->
        [yes] You take it:
       *[no] { $player } takes it:
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
non-hand-scored = Hand { $hand } scored. Highest total first:
    .brief = Hand { $hand } scores:
non-hand-result = { $player_you ->
    [yes] You
   *[no] { $player }
  }: bid { $bid }, took { $taken }, { $made ->
    [yes] made
   *[no] failed
  }: { $points } this hand, { $total } in all.
    .brief = { $player_you ->
        [yes] You
       *[no] { $player }
      }: { $bid } { $taken }, { $points }, total { $total }.

## The turn

non-turn-bid = Your bid: Some, Most or None. { $tricks } tricks, Most needs { $most }. { $kind ->
    [suit] Trump { $trump }.
    [choice] Trump { $first } or { $second }.
   *[none] No trump.
  }
    .brief = Bid Some, Most or None.
non-turn-call = Call trump: { $first } or { $second }, from the up card { $card }.
    .brief = Call { $first } or { $second }.
non-turn-lead = Your lead, trick { $number }.
    .brief = Lead, trick { $number }.
non-turn-lead-plain = Your lead, trick { $number }: no trump played yet, so no { $trump } card.
    .brief = Lead, trick { $number }, no { $trump }.
non-turn-lead-all = Your lead, trick { $number }: only { $trump } cards left, so lead one.
    .brief = Lead, trick { $number }, all { $trump }.
non-turn-cards = { $count ->
    [one] Your only play: { $cards }.
   *[other] You may play { $count } cards: { $cards }.
  }
    .brief = Plays: { $cards }.
non-move-card = { $notation }: { $detail }{ $trump ->
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
    [Some] one trick or more, 1 point each
    [Most] half the tricks or more, 2 points each
   *[None] no tricks, points for every trick
  }
    .brief = { $notation }

## Table, hand and review

non-table-hand = Hand { $hand }, game to { $target }. { $dealer_you ->
    [yes] You deal.
   *[no] { $dealer } deals.
  }
    .brief = Hand { $hand }, to { $target }.
non-trump = Trump: { $trump }, from the up card { $card }.
    .brief = Trump { $trump }.
non-trump-play = Trump: { $trump }. { $broken ->
    [yes] Trumps have been played and may be led.
   *[no] No trump played yet: none may be led.
  }
    .brief = Trump { $trump }, { $broken ->
        [yes] may lead.
       *[no] not led yet.
      }
non-trump-open = Trump: { $first } or { $second }, called after bidding, from the up card { $card }.
    .brief = Trump { $first } or { $second }, to call.
non-trump-none = Trump: none this hand, the Excuse was turned up.
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
    [yes] you
   *[no] { $player }
  }: { $card }
non-trick-none = No trick is being played now.
    .brief = No trick.
non-trick-empty = Trick { $number }: { $leader_you ->
    [yes] your lead.
   *[no] { $leader } to lead.
  }
non-trick-now = Trick { $number }, { $suit } led: { $plays }. { $winning_you ->
    [yes] You are winning.
   *[no] { $winning } is winning.
  }
    .brief = Trick { $number }, { $suit }: { $plays }.
non-previous = Trick { $number }, { $winner_you ->
    [yes] yours
   *[no] { $winner }'s
  }, { $suit } led: { $plays }.
non-previous-none = No trick finished yet this hand.
    .brief = No trick yet.
non-suit = { $suit }: { $count } played, { $unseen } unseen, { $mine } in your hand{ $count ->
    [0] .
   *[other] . Played: { $cards }.
  }
    .brief = { $suit }: { $count } played, { $unseen } unseen.
non-trump-no-suit = Trump takes no suit: to call it, type call { $first } or call { $second }.
    .brief = To call: call { $first } or call { $second }.
non-suit-unknown = No suit "{ $text }". Suits: { $suits }.
non-hand = Your hand, { $count ->
    [one] one card
   *[other] { $count } cards
  }: { $cards }.
    .brief = Hand: { $cards }.

help-non-trump = trump: the trump suit and whether it may be led.
help-non-bids = bids: each player's bid and tricks so far.
help-non-trick = trick: the trick being played.
help-non-previous = previous: the last trick taken.
help-non-suit = suit, or suit Moons: the cards of a suit played so far.

## Refusals

refuse-non-bid-first = bidding comes first: bid Some, Most or None.
refuse-non-bidding-over = bidding is over for this hand: type moves to hear your choices.
refuse-non-call-up-suit = { $suit } is not on the up card: call { $first } or { $second }.
refuse-non-call-first = call trump first: call { $first } or { $second }.
refuse-non-no-call = there is no trump to call now: trump is settled.
refuse-non-unknown = that is not a Nonesuch move: bid, call, lead or play.
refuse-non-excuse = the Excuse is never played: play another card.
refuse-non-not-held = you do not hold { $name }: type hand to hear your cards.
refuse-non-lead-names-suit = you lead, so name a suit: { $lead } or as { $other }.
refuse-non-suit-not-on-card = { $card } has no { $suit }: name one of its own suits.
refuse-non-trump-not-broken = no trump played yet, so no { $trump } card may lead: lead another.
refuse-non-not-leading = { $leader_you ->
    [yes] you already led
   *[no] { $leader } led
  } this trick in { $suit }: play a card, as play and its name.
refuse-non-must-follow = you hold { $suit }, so follow it: { $cards }.
