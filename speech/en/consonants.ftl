# Consonants phrasebook, English.

con-card-vowel = { $first } over { $second }
    .brief = { $first }{ $second }
con-card-wild = wild
    .brief = wild
con-card-as = { $card } as { $letter }
    .brief = { $card } as { $letter }
# A vowel card that may be played showing either side.
con-card-as-either = { $card } as { $first } or { $second }
con-wild-any = wild as any letter
    .brief = wild any
con-wild-as = wild as { $letters }
    .brief = wild { $letters }
con-letter-range = { $first } to { $last }
    .brief = { $first } to { $last }
con-group-vowel = Vowels
con-group-consonant = Consonants
con-group-wild = Wild
con-group-chosen = Chosen
con-group = { $group }, { $count ->
    [one] one card
   *[other] { $count } cards
  }: { $cards }.
    .brief = { $group } { $count }: { $cards }.
# A group too long for one line goes on here, its heading said once before.
con-group-more = More: { $cards }.
# A kind of card held more than once, said once: `T twice`, `I over O three times`.
con-copies = { $count ->
    [2] { $item } twice
    [3] { $item } three times
   *[other] { $item } { $count } times
  }
con-group-run = { $group } { $first } to { $last }: { $cards }.
    .brief = { $group } { $first }-{ $last }: { $cards }.
con-group-letter = { $group } { $first }: { $cards }.
con-group-wilds = { $count ->
    [one] Wild: one card.
   *[other] Wild: { $count } cards.
  }
con-plays-wild-any = { $count ->
    [one] Wild as any letter.
   *[other] Wild, { $count } cards, as any letter.
  }
con-plays-wild-as = { $count ->
    [one] Wild as { $letters }.
   *[other] Wild, { $count } cards, as { $letters }.
  }
con-notation = pass CARDS, keep CARD, play T, play A over E as E, play wild as T, lay WORDS, challenge WORD, done
    .brief = pass, keep, play, fly, lay, challenge, done
con-forms-pass = pass CARDS, keep CARD, as: pass Q X, pass A over E, keep Q
    .brief = pass CARDS, keep CARD
con-forms-play = play T, play A over E as E, play wild as T
    .brief = play T, play AE as E, play wild as T
con-forms-lay = lay WORD WORD, done
    .brief = lay WORDS, done
con-forms-challenge = challenge WORD, done
    .brief = challenge WORD, done
level-strong = strong: searches sampled deals to choose each card
    .brief = strong: searches deals

## Events

con-hand-started = Hand { $hand }, { $dealer_you ->
    [yes] you deal
   *[no] { $dealer } deals
  }: { $size } each, kitty { $kitty }.
    .brief = Hand { $hand }, { $size } cards.
con-cards-dealt = Your cards: { $cards }.
    .brief = Cards: { $cards }.
con-cards-dealt-head = You are dealt { $count } cards:
    .brief = Dealt { $count }:
con-pass-started = Pass { $count ->
    [one] one card
   *[other] { $count } cards
  } { $direction ->
    [left] to the left.
    [right] to the right.
   *[across] across.
  }
    .brief = Pass { $count } { $direction }.
con-no-pass = No passing this hand.
    .brief = No passing.
con-cards-picked = To pass: { $cards }, { $count } of { $wanted }.
    .brief = Passing { $cards }.
con-card-unpicked = Kept { $card }: { $count } of { $wanted } chosen.
    .brief = Kept { $card }.
con-cards-passed = You pass { $cards } to { $to }.
    .brief = Passed to { $to }: { $cards }.
con-cards-received = Received from { $from }: { $cards }.
    .brief = From { $from }: { $cards }.
# Said only when J is in the kitty: else the holder's play of J is the first lead.
con-first-lead = J is in the kitty: { $you ->
    [yes] you lead any card.
   *[no] { $player } leads any card.
  }
    .brief = { $you ->
        [yes] You lead.
       *[no] { $player } leads.
      }
con-card-played = { $you ->
    [yes] You play
   *[no] { $player } plays
  } { $declared ->
    [yes] { $card } as { $letter }.
   *[no] { $card }.
  }
    .brief = { $you ->
        [yes] You:
       *[no] { $player }:
      } { $declared ->
        [yes] { $card } as { $letter }.
       *[no] { $card }.
      }
con-trick-won = { $you ->
    [yes] You take
   *[no] { $player } takes
  } trick { $number } with { $letter }: { $value } { $value ->
    [one] point.
   *[other] points.
  }
    .brief = { $you ->
        [yes] You take it,
       *[no] { $player } takes it,
      } { $value }.
con-kitty-taken = Kitty to { $you ->
    [yes] you
   *[no] { $player }
  }: { $cards }, { $value } { $value ->
    [one] point.
   *[other] points.
  }
    .brief = Kitty: { $cards }, { $value }.
con-flew-by-night = Flying by Night: { $you ->
    [yes] you took
   *[no] { $player } took
  } all six singletons!
    .brief = { $you ->
        [yes] You fly by night!
       *[no] { $player } flies by night!
      }
con-fly-chosen = { $you ->
    [yes] You choose
   *[no] { $player } chooses
  } { $others ->
    [yes] plus 50 for everyone else.
   *[no] minus 50 for self.
  }
    .brief = { $others ->
        [yes] Others plus 50.
       *[no] Flyer minus 50.
      }
con-words-opened = Scoring hand { $hand }: words from taken cards.
    .brief = Scoring: words.
con-word-laid = { $you ->
    [yes] You lay
   *[no] { $player } lays
  } { $word }: { $value } { $value ->
    [one] point
   *[other] points
  } saved.
    .brief = { $you ->
        [yes] You:
       *[no] { $player }:
      } { $word }, { $value }.
con-nothing-laid = { $you ->
    [yes] You lay
   *[no] { $player } lays
  } no words.
    .brief = { $you ->
        [yes] You: no words.
       *[no] { $player }: no words.
      }
con-challenges-opened = Challenges: { $words ->
    [one] one word laid.
   *[other] { $words } words laid.
  }
    .brief = Challenges open.
con-word-challenged = { $you ->
    [yes] You challenge
   *[no] { $player } challenges
  } { $word }: { $valid ->
    [yes] a word. { $owner } minus { $value }, { $you ->
        [yes] you
       *[no] { $player }
      } plus { $value }.
   *[no] not a word. { $you ->
        [yes] You
       *[no] { $player }
      } minus { $value }, { $owner } plus { $value }.
  }
    .brief = { $word }: { $valid ->
        [yes] valid, challenger plus { $value }.
       *[no] invalid, challenger minus { $value }.
      }
con-hand-scored = { $you ->
    [yes] You
   *[no] { $player }
  }, { $total } { $total ->
    [one] point
   *[other] points
  } this hand{ $flew ->
    [yes] : flew by night, { $flying }, challenges { $challenges }.
   *[no] { $parts ->
        [none] .
       *[other] : { $parts }.
      }
  }
    .brief = { $you ->
        [yes] You
       *[no] { $player }
      }, { $total } this hand.
con-part-consonants = consonants { $points }
con-part-singletons = singletons { $points }
con-part-words = words { $points } saved
con-part-challenges = challenges { $points }
con-part-flying = flying { $points }
con-hand-ended = Hand { $hand } over, lowest total first:
    .brief = Hand { $hand } over.
con-game-ended = { $winner_count ->
    [one] { $winners_you ->
        [yes] You win
       *[no] { $winners } wins
      }
   *[other] Tie: { $winners } share the win
  } with { $score }, the lowest score.
    .brief = { $winner_count ->
        [one] { $winners } wins, { $score }.
       *[other] Tie: { $winners }, { $score }.
      }

## Your turn

con-turn-pass = Pass { $wanted } { $direction ->
    [left] left
    [right] right
   *[across] across
  } to { $to }: { $count } to choose.
    .brief = Pass { $count } to { $to }.
# How to choose: $example is cards of the player's own hand, as typed.
con-turn-pass-how = Type pass and cards, as: { $example }.
    .brief = pass CARDS, or keep CARD.
con-turn-picked = Chosen to pass: { $cards }.
    .brief = Chosen: { $cards }.
con-turn-plays = { $count ->
    [one] You may play: { $plays }.
   *[other] You may play: { $plays }.
  }
    .brief = Plays: { $plays }.
con-turn-plays-head = { $count ->
    [one] You may play one card:
   *[other] You may play { $count } cards:
  }
    .brief = { $count ->
        [one] One play:
       *[other] Plays, { $count } cards:
      }
con-turn-fly = Flying by Night: type fly me for minus 50, or fly others for plus 50 to all others.
    .brief = Fly: fly me, or fly others.
con-turn-words = Words of 4+ letters: lay WORDS, or done.
    .brief = lay WORDS, or done.
con-turn-challenge = Doubt a word? challenge WORD, or done.
    .brief = challenge WORD, or done.
con-move-lay = { $notation }: saves { $value }
    .brief = { $notation }: { $value }
con-move-challenge = { $notation }: { $owner }'s, { $value } points
    .brief = { $notation }: { $value }
con-move-play = play { $card }
    .brief = play { $card }
con-move-keep = { $notation }: take it back from passing
    .brief = { $notation }: take back
con-focus-picked = { $card }, chosen to pass: Enter takes it back
    .brief = { $card }, chosen

## Table, hand, score and review

con-table-hand = Hand { $hand }, target { $target }. { $dealer_you ->
    [yes] You deal.
   *[no] { $dealer } deals.
  }
    .brief = Hand { $hand }.
con-table-passing = Passing { $direction }: waiting for choices.
    .brief = Passing { $direction }.
con-player = { $player_you ->
    [yes] You
   *[no] { $player }
  }, { $total } in all: { $held ->
    [one] one card
   *[other] { $held } cards
  }, { $tricks ->
    [one] one trick
   *[other] { $tricks } tricks
  }{ $value ->
    [none] .
   *[other] , { $value } { $value ->
        [one] point
       *[other] points
      } taken.
  }
    .brief = { $player_you ->
        [yes] You
       *[no] { $player }
      }, { $total } in all: { $held ->
        [one] 1 card
       *[other] { $held } cards
      }, { $tricks ->
        [one] 1 trick
       *[other] { $tricks } tricks
      }.
con-kitty = Kitty: { $count ->
    [0] empty.
    [one] one card.
   *[other] { $count } cards.
  }
con-status-trick = Playing trick { $number }.
con-status-phase = { $phase ->
    [pass] Passing { $direction }.
    [fly] Flying by Night: a choice.
    [words] Scoring: laying words.
    [challenge] Scoring: challenges.
   *[other] The game is over.
  }
con-hand = { $count ->
    [0] Your hand is empty.
    [one] Your hand, one card: { $cards }.
   *[other] Your hand, { $count } cards: { $cards }.
  }
    .brief = { $count ->
        [0] Hand empty.
       *[other] Hand: { $cards }.
      }
con-hand-head = { $count ->
    [one] Your hand, one card:
   *[other] Your hand, { $count } cards:
  }
    .brief = Hand, { $count }:
con-hand-words = { $count ->
    [0] Left for words: no cards.
    [one] Left for words, one card: { $cards }.
   *[other] Left for words, { $count } cards: { $cards }.
  }
    .brief = { $count ->
        [0] Left: none.
       *[other] Left: { $cards }.
      }
con-hand-words-head = { $count ->
    [one] Left for words, one card:
   *[other] Left for words, { $count } cards:
  }
    .brief = Left, { $count }:
con-score-hand = { $you ->
    [yes] You
   *[no] { $player }
  }: { $points } this hand, { $total } in all.
    .brief = { $you ->
        [yes] You
       *[no] { $player }
      }: { $points }, { $total }.
con-score-title = { $hands ->
    [0] Scores before hand 1
   *[other] Scores after hand { $hands }
  }, to { $target }, lowest wins:
    .brief = Scores, lowest wins:
con-trick-none = No trick is being played now.
    .brief = No trick now.
con-trick-lead-j = Trick { $number }: J must lead.
    .brief = Trick { $number }: J leads.
con-trick-empty = Trick { $number }: { $leader_you ->
    [yes] your lead.
   *[no] { $leader } to lead.
  }
    .brief = Trick { $number }: { $leader_you ->
        [yes] your lead.
       *[no] { $leader } leads.
      }
# A trick with one card on it: who led, and the card.
con-trick-led = Trick { $number }: { $leader_you ->
    [yes] you led
   *[no] { $leader } led
  } { $card }.
    .brief = { $leader_you ->
        [yes] You led
       *[no] { $leader } led
      } { $card }.
con-trick-now = Trick { $number }, { $led } led: { $winning_you ->
    [yes] you are
   *[no] { $winning } is
  } ahead with { $letter }.
    .brief = { $led } led, { $winning_you ->
        [yes] you
       *[no] { $winning }
      } winning: { $letter }.
con-trick-plays = Played: { $plays }.
    .brief = { $plays }.
con-trick-play = { $card } by { $player_you ->
    [yes] you
   *[no] { $player }
  }
    .brief = { $card } by { $player }
con-previous = { $winner_you ->
    [yes] You
   *[no] { $winner }
  } took the last trick with { $letter }: { $value } { $value ->
    [one] point.
   *[other] points.
  }
    .brief = { $winner_you ->
        [yes] You
       *[no] { $winner }
      } took it with { $letter }, { $value }.
con-previous-none = No trick finished yet this hand.
    .brief = No last trick.
con-taken = { $player_you ->
    [yes] You
   *[no] { $player }
  }: { $tricks ->
    [one] one trick
   *[other] { $tricks } tricks
  }, { $value } { $value ->
    [one] point.
   *[other] points.
  }
    .brief = { $player }: { $tricks }, { $value }.
con-taken-face-down = { $player_you ->
    [yes] You
   *[no] { $player }
  }: { $tricks ->
    [0] no tricks.
    [one] one trick, face down.
   *[other] { $tricks } tricks, face down.
  }
    .brief = { $player }: { $tricks }.
con-single-taken = { $card }: taken by { $player_you ->
    [yes] you.
   *[no] { $player }.
  }
    .brief = { $card }: { $player }.
con-single-table = { $card }: on the table.
    .brief = { $card }: table.
con-single-yours = { $card }: in your hand.
    .brief = { $card }: yours.
con-single-passed = { $card }: you passed it to { $player }.
    .brief = { $card }: passed to { $player }.
con-single-unseen = { $card }: not seen yet.
    .brief = { $card }: unseen.
con-single-out-of-sight = { $card }: out of sight.
    .brief = { $card }: hidden.
con-word-open = { $player_you ->
    [yes] Your
   *[no] { $player }'s
  } word { $word }: { $value ->
    [one] 1 point
   *[other] { $value } points
  }.
    .brief = { $word }, { $value }.
con-word-settled = { $player_you ->
    [yes] Your
   *[no] { $player }'s
  } word { $word }: { $valid ->
    [yes] upheld
   *[no] struck out
  } after a challenge by { $challenger }.
    .brief = { $word }: { $valid ->
        [yes] upheld.
       *[no] struck.
      }
con-words-none = No words laid.
    .brief = No words.
help-con-trick = trick: who is winning this trick, and its cards.
    .brief = trick: this trick.
help-con-previous = previous: who took the last trick, and its cards.
    .brief = previous: last trick.
help-con-players = players: each total, cards held and tricks taken.
    .brief = players: totals, cards, tricks.
help-con-status = status: hand, target, dealer and what is happening.
    .brief = status: hand and phase.
help-con-taken = taken: tricks each player has taken; points once piles are up.
    .brief = taken: tricks taken.
help-con-singletons = singletons: which of J K Q V X Z are seen.
    .brief = singletons: J K Q V X Z seen.
help-con-words = words: the words laid this hand.
    .brief = words: words laid.

## Refusals and cautions

refuse-con-unknown = that is not a Consonants move.
    .brief = not a Consonants move.
refuse-con-not-passing = there is no passing now: { $phase ->
    [play] play a card.
    [fly] choose fly me or fly others.
    [words] lay words, or done.
   *[other] challenge a word, or done.
  }
    .brief = no passing now.
refuse-con-not-playing = no card is played now: { $phase ->
    [pass] choose cards to pass.
    [fly] choose fly me or fly others.
    [words] lay words, or done.
   *[other] challenge a word, or done.
  }
    .brief = no card play now.
refuse-con-not-laying = words are laid only at scoring, after the last trick.
    .brief = words come at scoring.
refuse-con-not-challenging = challenges come after everyone has laid words.
    .brief = challenges come after words.
refuse-con-not-flying = only a player who took all six singletons flies by night.
    .brief = only a flyer chooses that.
refuse-con-done-when = done ends laying or challenging words; { $phase ->
    [pass] now choose cards to pass.
    [play] now play a card.
   *[other] now choose fly me or fly others.
  }
    .brief = done is for words and challenges.
refuse-con-not-picked = { $card } is not chosen to pass.
    .brief = { $card } is not chosen.
refuse-con-pick-what = say which cards: pass and { $count ->
    [one] one card.
   *[other] { $count } cards.
  }
    .brief = pass and { $count ->
        [one] one card.
       *[other] { $count } cards.
      }
refuse-con-already-picked = { $card } is chosen already: keep { $card } takes it back. Chosen: { $chosen }.
    .brief = { $card } already chosen; keep { $card } takes it back.
refuse-con-no-card = you have no { $card } in hand.
    .brief = no { $card } in hand.
refuse-con-too-many = { $count ->
    [one] one card is passed
   *[other] { $count } cards are passed
  }: you may choose { $room } more.
    .brief = only { $room } more.
refuse-con-side = { $card } cannot show { $letter }.
    .brief = { $card } has no { $letter }.
refuse-con-lead-j = the holder of J leads it: play J.
    .brief = lead J.
refuse-con-no-letter = you cannot play { $letter } now. You may play: { $moves }.
    .brief = no { $letter } now: { $moves }.
refuse-con-follow = you can follow { $letter }, so you must. You may play: { $moves }.
    .brief = follow { $letter }: { $moves }.
refuse-con-high = you must play { $letter } or higher. You may play: { $moves }.
    .brief = { $letter } or higher: { $moves }.
refuse-con-lay-what = say which words: lay FROG TRAM.
    .brief = lay WORDS.
refuse-con-short = { $word } is too short: words need 4 letters or more.
    .brief = { $word }: 4 letters or more.
refuse-con-cannot-spell = your taken cards cannot spell { $words }: short of { $letters }.
    .brief = { $words }: short of { $letters }.
refuse-con-not-a-word = { $word } is not in the dictionary.
    .brief = { $word }: not a word.
refuse-con-no-such-word = nobody else laid { $word } unchallenged.
    .brief = no open { $word } to challenge.
caution-con-not-a-word = not in the dictionary: { $words }. Others may challenge.
    .brief = not in the dictionary: { $words }.

## Why a hint's move (the sensible bot's reasons)

# Passing: the card most likely to take tricks and points ($card, also in the move).
why-con-pass = your riskiest card
# Passing while going for Flying by Night: a card that is no singleton ($card).
why-con-pass-fly = no help to fly by night
# Play: $card shows $letter; the move names both.
why-con-chase = going for all six singletons
    .brief = to fly by night
# Leading: the card with the fewest points, so a trick taken costs little.
why-con-lead-cheap = the fewest points you can lead
    .brief = fewest points
why-con-duck = to stay under the top card
    .brief = under the top card
why-con-shed = the trick is yours anyway: shed a high card
    .brief = you take it anyway
# Ahead whatever is played, others still to play: the fewest points.
why-con-stay-cheap = ahead with any card: the fewest points
    .brief = fewest points
# Leading or ahead with any card, but a wild (no points) is kept for later.
why-con-keep-wild = fewest points but a wild, kept for later
    .brief = wild kept
# Flying by Night: plus 50 to the others ends the game with you lowest, or it does not.
why-con-fly-others = it ends the game, and you win
    .brief = you win the game
why-con-fly-self = plus 50 to the others would not win you the game
    .brief = plus 50 to others would not win
# Laying words: $words is how many.
why-con-words = so { $words ->
    [one] its consonants do
   *[other] their consonants do
  } not score
    .brief = saves points
why-con-words-done = your words are laid
why-con-no-words = no word from the cards you took
    .brief = no word to make
con-asked-pass = to choose cards to pass
con-asked-play = to play to trick { $trick }
con-asked-fly = to choose fly me or fly others
con-asked-words = to lay words
con-asked-challenge = to challenge words, or accept
