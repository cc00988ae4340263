"""Flags, transfers and the end of the game (rules page sections 6, 7 and 8)."""

import pytest

from dover_helpers import at, legal, play, state_at
from navalgames.core.state import IllegalAction


def flag_at(state, side):
    return state.rules.names[state.flag_square(side)]


# --- 6. Flags ----------------------------------------------------------------------------------
def test_no_piece_may_stand_on_its_own_base():
    state = state_at({"c2": "10", "b1": "MS", "h1": "1"}, {"a12": "1"})
    assert not {"c2-c1", "b1-c1"} & legal(state)
    with pytest.raises(IllegalAction, match="own base"):
        state.apply("c2-c1")


def test_capture_clips_the_flag_to_the_piece_on_the_base():
    state = state_at({"h1": "1"}, {"b1": "5", "a12": "1"}, to_move="north")
    events = play(state, "b1-c1")
    assert events[-1].kind == "capture" and events[-1].text == "North captured South's flag on c1"
    assert state.flag_carrier[0] == state.board[state.rules.grid.parse("c1")]


def test_the_enemy_base_is_entered_only_to_capture_a_flag():
    # South's flag is already away (carried): the empty South base is closed to North
    state = state_at({"h1": "1"}, {"b1": "5", "e5": "6", "a12": "1"}, to_move="north", flags={"south": "e5"})
    assert "b1-c1" not in legal(state)


def test_the_capturer_must_leave_the_base_on_its_next_turn():
    state = state_at({"h1": "1", "h3": "2"}, {"b1": "5", "a12": "1"}, to_move="north")
    play(state, "b1-c1", "h1-g1")
    assert state.pending_exit() == state.rules.grid.parse("c1")
    assert legal(state) == {"c1-b1", "c1-c2"}          # its owner's only legal actions
    with pytest.raises(IllegalAction, match="leave the base"):
        state.apply("a12-a11")
    play(state, "c1-c2")
    assert flag_at(state, "south") == "c2"


def test_a_capturer_that_cannot_leave_runs_aground():
    state = state_at({"b2": "7", "d4": "4", "h1": "1"}, {"b1": "5", "c3": "2", "a12": "1"}, to_move="north")
    play(state, "b1-c1")                 # c2 is free, b1 now empty: exits exist
    events = play(state, "b2-b1")       # South closes b1; c2 still open
    assert "aground" not in [e.kind for e in events]
    state = state_at({"b2": "7", "h1": "1"}, {"b1": "5", "c2": "2", "a12": "1"}, to_move="north")
    play(state, "b1-c1")                 # c2 blocked by North's own 2, d1 walled; b1 open
    events = play(state, "b2-b1")       # South closes the last exit
    kinds = [e.kind for e in events]
    assert "aground" in kinds
    assert at(state, "c1") is None and flag_at(state, "south") == "c1"     # the flag stays
    assert state.to_act() == "south"    # running aground was North's turn


def test_a_carrier_on_the_base_can_be_attacked():
    # facing reading: nothing can stand "below" c1, so use the orthogonal reading here
    state = state_at({"b2": "8", "h1": "1"}, {"b1": "5", "h12": "1"}, to_move="north",
                     options={"attack_contact": "orthogonal"})
    play(state, "b1-c1")
    events = play(state, "b2-b1xc1")
    assert "South took South's flag" in [e.text for e in events]
    assert flag_at(state, "south") == "b1"           # an owner who wins it back carries it


def test_sinking_a_carrier_passes_the_flag_to_the_winner():
    state = state_at({"d3": "7", "h1": "1"}, {"d5": "5", "a12": "1"}, flags={"south": "d5"})
    play(state, "d3-d4xd5")
    assert flag_at(state, "south") == "d4"
    # a carrier that attacks and loses hands the flag to the defender
    state = state_at({"d3": "5", "h1": "1"}, {"d5": "8", "a12": "1"}, flags={"north": "d3"})
    play(state, "d3-d4xd5")
    assert flag_at(state, "north") == "d5"


def test_carrier_and_attacker_sunk_together_leave_the_flag_loose_for_either_side():
    state = state_at({"d3": "6", "c5": "2", "h1": "1"}, {"d5": "6", "e5": "3", "a12": "1"},
                     flags={"south": "d5"})
    play(state, "d3-d4xd5")
    assert at(state, "d5") is None and flag_at(state, "south") == "d5"
    assert state.observation("south").flags[0].carrier is None
    play(state, "e5-d5")                  # North's 3 gets there first
    assert flag_at(state, "south") == "d5" and state.flag_carrier[0]
    assert state.observation("north").piece_at(state.rules.grid.parse("d5")).carries == "south"


def test_a_flag_dropped_by_a_blown_up_carrier_waits_for_a_mine_sweeper():
    state = state_at({"d4": "7", "c5": "ML", "b5": "MS", "h1": "1"}, {"d6": "MI", "a12": "1"},
                     flags={"north": "d4"})
    events = play(state, "d4-d5")
    assert "only a Mine Sweeper may pick it up" in events[-1].text
    assert flag_at(state, "north") == "d5" and state.flag_mine[1]
    play(state, "a12-a11", "c5-d5")      # a Mine Layer may sail onto it but cannot take it
    assert state.flag_sq[1] == state.rules.grid.parse("d5") and not state.flag_carrier[1]
    layer = state.observation("north").piece_at(state.rules.grid.parse("d5"))
    assert "MS" not in layer.possible    # leaving it there shows it is no Mine Sweeper
    play(state, "a11-a10", "d5-e5", "a10-a9", "b5-c5", "a9-a8", "c5-d5")
    assert state.flag_carrier[1] == state.board[state.rules.grid.parse("d5")]
    assert not state.flag_mine[1]
    sweeper = state.observation("north").piece_at(state.rules.grid.parse("d5"))
    assert sweeper.kind == "MS"          # only a Mine Sweeper could have taken it


def test_two_flag_carriers_may_not_attack_each_other():
    state = state_at({"d3": "9", "h1": "1"}, {"d5": "5", "a12": "1"}, flags={"north": "d3", "south": "d5"})
    assert "d3-d4xd5" not in legal(state)
    with pytest.raises(IllegalAction, match="two flag carriers"):
        state.apply("d3-d4xd5")


def test_a_flying_boat_carrying_a_flag_may_not_jump_unless_the_option_says_so():
    pos = dict(south={"e12": "FB", "h1": "1"}, north={"a12": "1"}, flags={"north": "e12"})
    state = state_at(**pos)
    assert "e12-e10" not in legal(state) and "e12-c12" not in legal(state)
    state = state_at(**pos, options={"fb_jump_with_flag": True})
    assert "e12-e10" not in legal(state)       # still needs a wall or a Mine to jump over
    state = state_at(south={"g11": "FB", "h1": "1"}, north={"a12": "1"}, flags={"north": "g11"},
                     options={"fb_jump_with_flag": True})
    assert "g11-g9" in legal(state)             # over the wall g10|g9


# --- 7. Flag transfer ---------------------------------------------------------------------------
def test_transfer_on_the_very_next_turn_only():
    state = state_at({"d4": "5", "f4": "10", "h1": "1"}, {"a12": "1"}, flags={"north": "d4"})
    play(state, "d4-e4", "a12-a11")
    assert {"e4>f4", "e4>e3"} & legal(state) == {"e4>f4"}
    events = play(state, "e4>f4")
    assert events[0].kind == "transfer" and flag_at(state, "north") == "f4"
    # the pairing is lost if not used at once
    state = state_at({"d4": "5", "f4": "10", "h1": "1"}, {"a12": "1"}, flags={"north": "d4"})
    play(state, "d4-e4", "a12-a11", "h1-h2", "a11-a10")
    assert "e4>f4" not in legal(state)
    # ... until the two are moved apart and together again
    play(state, "f4-g4", "a10-a9", "g4-f4", "a9-a8")
    assert "e4>f4" in legal(state)


def test_a_friend_moving_beside_the_carrier_opens_the_window_too():
    state = state_at({"e4": "5", "g4": "10", "h1": "1"}, {"a12": "1"}, flags={"north": "e4"})
    play(state, "g4-f4", "a12-a11")
    assert "e4>f4" in legal(state)


def test_no_transfer_to_a_mine_nor_from_the_base():
    state = state_at({"d4": "5", "f4": "MI", "h1": "1"}, {"a12": "1"}, flags={"north": "d4"})
    play(state, "d4-e4", "a12-a11")
    assert "e4>f4" not in legal(state)
    state = state_at({"g12": "5", "h1": "1"}, {"a12": "1"}, to_move="south")
    play(state, "g12-f12", "a12-a11")      # captured: but the flag has not left the base yet
    assert not any(">" in a for a in legal(state))


def test_a_transfer_is_the_whole_turn():
    state = state_at({"d4": "5", "f4": "10", "h1": "1"}, {"a12": "1"}, flags={"north": "d4"})
    play(state, "d4-e4", "a12-a11", "e4>f4")
    assert state.to_act() == "north"


# --- 8. End of the game ------------------------------------------------------------------------
def test_both_flags_on_the_base_wins():
    state = state_at({"c2": "10", "h1": "1"}, {"a12": "1"}, flags={"north": "c2"})
    events = play(state, "c2-c1")
    assert state.outcome().winner == "south" and "both flags" in state.outcome().reason
    assert [e.kind for e in events][-2:] == ["deposit", "over"]


def test_deposit_needs_the_own_flag_held_on_the_own_half():
    # South's own flag carried by North: no deposit
    state = state_at({"c2": "10", "h1": "1"}, {"d6": "5", "a12": "1"}, flags={"north": "c2", "south": "d6"})
    assert "c2-c1" not in legal(state)
    # carried by South on South's half (rank 6): deposit allowed, the game goes on
    state = state_at({"c2": "10", "d6": "5", "h1": "1"}, {"a12": "1"}, flags={"north": "c2", "south": "d6"})
    play(state, "c2-c1")
    assert state.outcome() is None and flag_at(state, "north") == "c1"
    # carried by South but on North's half (rank 7): no
    state = state_at({"c2": "10", "d7": "5", "h1": "1"}, {"a12": "1"}, flags={"north": "c2", "south": "d7"})
    assert "c2-c1" not in legal(state)


def test_recaptured_flag_is_deposited_the_same_way_and_completes_the_win():
    state = state_at({"c2": "10", "b1": "5", "h1": "1"}, {"a12": "1"}, flags={"north": "c2", "south": "b1"})
    play(state, "c2-c1", "a12-a11")
    assert state.pending_exit() == state.rules.grid.parse("c1")     # the depositor leaves
    play(state, "c1-c2", "a11-a10", "b1-c1")
    assert state.outcome().winner == "south"


def test_hemmed_in_player_loses_if_the_winner_has_his_own_flag_on_his_base():
    # South's only ship, on h1, is boxed in by its own Mine on g1 once North closes h2
    state = state_at({"a1": "MI", "h1": "1", "g1": "MI"}, {"h3": "5", "a12": "1"}, to_move="north")
    play(state, "h3-h2")
    assert state.outcome().winner == "north" and "cannot move" in state.outcome().reason


def test_hemmed_in_with_the_winners_flag_away_is_a_draw():
    state = state_at({"a1": "MI", "h1": "1", "g1": "MI"}, {"h3": "5", "e6": "4", "a12": "1"},
                     to_move="north", flags={"north": "e6"})
    play(state, "h3-h2")
    assert state.outcome() is not None and state.outcome().winner is None


def test_quick_capture_variant_wins_on_capture():
    state = state_at({"h1": "1"}, {"b1": "5", "a12": "1"}, variant="first-capture", to_move="north")
    play(state, "b1-c1")
    assert state.outcome().winner == "north" and "flag" in state.outcome().reason


def test_an_open_transfer_window_survives_a_saved_position():
    from games.dover_patrol.rules import ENGINE
    state = state_at({"d4": "5", "f4": "10", "h1": "1"}, {"a12": "1"}, flags={"north": "d4"})
    play(state, "d4-e4")
    saved = state.to_position()
    assert saved["transfer"] == {"south": [["e4", "f4"]]}
    again = ENGINE.from_position(saved)
    play(again, "a12-a11")
    assert "e4>f4" in legal(again)


# --- audit: "two flag carriers may not attack each other" counts the flag taken on arrival -------
def test_two_flag_carriers_a_piece_that_picks_up_a_loose_flag_may_not_attack_the_other_carrier():
    # North's flag lies loose on d5; North's 5 on d6 carries South's flag. South's 7 stepping onto
    # d5 picks North's flag up, so it is a carrier when it would attack: no attack on d6.
    pos = dict(south={"d4": "7", "e5": "6", "h1": "1"}, north={"d6": "5", "e4": "4", "a12": "1"},
               flags={"south": "d6", "north": {"square": "d5", "loose": True}})
    state = state_at(**pos)
    moves = legal(state)
    assert "d4-d5" in moves and "e5-d5" in moves
    assert not {"d4-d5xd6", "e5-d5xd6"} & moves
    assert sorted(moves) == sorted(str(a) for a in state.reference_actions())
    with pytest.raises(IllegalAction, match="two flag carriers"):
        state.apply("d4-d5xd6")
    # a mine-dropped flag is taken only by a Mine Sweeper: any other piece may still attack
    state = state_at(**{**pos, "flags": {"south": "d6", "north": {"square": "d5", "loose": True,
                                                                    "mine_dropped": True}}})
    assert "d4-d5xd6" in legal(state)


def test_two_flag_carriers_a_capturer_may_not_attack_the_other_carrier_from_the_base():
    # orthogonal reading: North's 5 captures on c1 and is a carrier at once; South's 4 on b1
    # carries North's flag, so the capturer may not attack it (it may attack a free piece).
    state = state_at({"b1": "4", "h1": "1"}, {"c2": "5", "a12": "1"}, to_move="north",
                     flags={"north": "b1"}, options={"attack_contact": "orthogonal"})
    moves = legal(state)
    assert "c2-c1" in moves and "c2-c1xb1" not in moves
    state = state_at({"b1": "4", "h1": "1"}, {"c2": "5", "a12": "1"}, to_move="north",
                     options={"attack_contact": "orthogonal"})
    assert "c2-c1xb1" in legal(state)


# --- audit: the transfer window does not depend on a flag being carried when the pair formed ----
def test_transfer_window_opens_even_if_the_flag_reaches_the_pair_on_the_enemy_turn():
    # South's flag lies loose on d7 (no carrier anywhere). South closes its 6 up beside its 9.
    # North's 5 picks the flag up and attacks the 9, which wins the flag back: on South's very
    # next turn the 9 may hand it to the 6 beside it.
    state = state_at({"d6": "9", "f6": "6", "h1": "1"}, {"c7": "5", "a12": "1"},
                     flags={"south": {"square": "d7", "loose": True}})
    play(state, "f6-e6", "c7-d7xd6")
    assert flag_at(state, "south") == "d6"
    assert "d6>e6" in legal(state)
    # orthogonal reading, both flags home when the pair forms: a capturer attacks from the base
    state = state_at({"b1": "9", "b3": "6", "h1": "1"}, {"c2": "5", "a12": "1"},
                     options={"attack_contact": "orthogonal"})
    play(state, "b3-b2", "c2-c1xb1")
    assert flag_at(state, "south") == "b1"
    assert "b1>b2" in legal(state)
