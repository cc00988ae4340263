"""The Dover Patrol play and game-over screens as a newcomer meets them (issue 21), and the frame
after a move (issue 19), driven by synthetic clicks, keys and wheel turns on the hidden window.
"""

from __future__ import annotations

import arcade
import pytest
from dover_screen_helpers import click_button, click_square, hand_over, open_match, position, settle

from games.dover_patrol.rules import KIND_OF_CODE
from games.dover_patrol.ui.gameover import GameOverView
from games.dover_patrol.ui.handover import HandOverView
from games.dover_patrol.ui.play import SLIDE, PlayView
from games.dover_patrol.ui.session import Session
from navalgames.ui import testing

HOT_SEAT = {"south": "human", "north": "human"}
VS_COMPUTER = {"south": "human", "north": "computer:random"}
# South's 7 can close on North's 6 (b5-b6 puts them face to face); North's other ships are far off
DUEL = position({"b5": "7", "d2": "1", "e3": "MI"}, {"b7": "6", "g11": "1", "h12": "2"})


def words(view) -> str:
    """Everything the panel of ``view`` says (the play screen's log is a canvas of its own)."""
    canvases = [view.panel] + ([view.log_panel] if hasattr(view, "log_panel") else [])
    return " ".join(t.text for c in canvases for t in c.texts)


def duel(window, players):
    match, view = open_match(window, players=players, start=DUEL)
    if isinstance(view, HandOverView):
        view = hand_over(window)
    assert isinstance(view, PlayView)
    return match, view


def attack_b7(window, view) -> None:
    click_square(window, view, "b5")
    click_square(window, view, "b6")
    click_square(window, view, "b7")


def busy_view(window, players=VS_COMPUTER) -> PlayView:
    """A game 60 turns old (a long log), South to move, on the play screen."""
    from games.dover_patrol.ui.bench_frames import busy_position
    session = Session(window, busy_position(players=players))
    session.eyes = "south"
    view = PlayView(session)
    window.show_view(view)
    testing.draw(window)
    return view


def same_picture(a, b) -> bool:
    """Two snapshots alike but for float roundings (a colour moved by a step or two)."""
    from PIL import ImageChops
    return max(high for _, high in ImageChops.difference(a, b).getextrema()) <= 2


def matches_a_full_redraw(window, view) -> bool:
    """Whether the picture the last frames built piece by piece is the one drawn whole."""
    partial = testing.snapshot(window)
    view.invalidate()
    return same_picture(partial, testing.snapshot(window))


def upside_down_view(window) -> PlayView:
    """The busy play screen, its still picture drawn whole into the upside-down store (skips the
    test where OpenGL cannot draw upside down)."""
    from games.dover_patrol.ui import frame_cache
    if not frame_cache.can_flip(window.ctx):
        pytest.skip("this OpenGL cannot draw upside down (no glClipControl)")
    view = busy_view(window)
    view.invalidate()
    return view


def record_redrawn(monkeypatch) -> list:
    """The boxes each frame draws again, frame by frame (filled as frames are drawn)."""
    from games.dover_patrol.ui import screen
    drawn_again: list = []
    real_merged = screen.merged
    monkeypatch.setattr(screen, "merged", lambda boxes: drawn_again.append(real_merged(boxes)) or drawn_again[-1])
    return drawn_again


# --- undo against the computer is no free scout --------------------------------------------------

def test_undo_refuses_to_take_back_a_turn_that_revealed_an_enemy_ship(window):
    match, view = duel(window, VS_COMPUTER)
    attack_b7(window, view)
    assert match.record.actions == ["b5-b6xb7"]
    testing.press(window, arcade.key.SPACE)               # put the combat away
    view = settle(window)                                 # the computer replies
    assert len(match.record.actions) == 2 and match.state.to_act() == "south"
    testing.press(window, arcade.key.U)
    assert len(match.record.actions) == 2                 # refused: the 6 on b7 was seen
    assert "No undo" in view.error and "enemy" in view.error
    assert "No undo" in words(view)   # and the player is told why


def test_undo_still_takes_back_a_quiet_turn(window):
    match, view = duel(window, VS_COMPUTER)
    click_square(window, view, "d2")
    click_square(window, view, "e2")
    view = settle(window)
    assert len(match.record.actions) == 2
    click_button(window, view, "undo")
    assert match.record.actions == [] and match.state.to_act() == "south"


def test_u_with_the_attack_choice_open_cancels_that_choice_only(window):
    match, view = duel(window, VS_COMPUTER)
    click_square(window, view, "d2")
    click_square(window, view, "e2")
    view = settle(window)
    played = list(match.record.actions)
    assert len(played) == 2
    click_square(window, view, "b5")
    click_square(window, view, "b6")
    assert view.pending is not None
    testing.press(window, arcade.key.U)
    assert view.pending is None
    assert match.record.actions == played                 # the previous turn stands
    assert view.board.piece_at.get("b5") is not None and "b6" not in view.board.piece_at


# --- offers, the last move, the combat -------------------------------------------------------------

def test_offer_draw_asks_before_it_is_made(window):
    match, view = duel(window, VS_COMPUTER)
    testing.press(window, arcade.key.D)
    assert view.question is not None and match.record.result is None and not view.error
    testing.press(window, arcade.key.N)                   # play on: nothing offered
    assert view.question is None and match.record.result is None and not view.error
    testing.press(window, arcade.key.D)
    testing.press(window, arcade.key.Y)                   # now the computer answers
    assert match.record.result is not None or "declines" in view.error


def test_the_last_move_is_marked_from_and_to_and_slides(window):
    match, view = duel(window, HOT_SEAT)
    click_square(window, view, "b5")
    click_square(window, view, "c5")
    assert match.record.actions == ["b5-c5"]
    board = view.board
    sliding = board.piece_at["c5"]
    assert sliding in board.sliding and sliding.position != board.world_centre("c5")   # on its way
    textures = board.textures
    marks = {(s.texture, board.square_at(*board.screen_centre("b5"))) for s in board.overlay
             if s.position == board.world_centre("b5")}
    assert (textures["wake"], "b5") in marks              # a ring where the move started
    assert any(s.texture is textures["arrowhead"] for s in board.overlay)   # an arrow to where it went
    board.update(SLIDE)
    assert not board.slides and sliding in board.pieces and sliding.position == board.world_centre("c5")


def test_the_combat_reveal_stays_until_dismissed_even_before_the_curtain(window):
    match, view = duel(window, HOT_SEAT)
    attack_b7(window, view)
    assert view.reveal is not None
    names = {name for event in view.reveal.events for name, _ in view.reveal.pieces(event)}
    assert names == {"face-south-7", "face-north-6"}      # both pieces face up
    for _ in range(5):                                    # time passes: the curtain waits
        view.on_update(1.0)
        testing.draw(window)
    assert window.current_view is view and view.reveal is not None
    testing.click(window, *view.board.screen_centre("e6"))   # a click puts it away, and only that
    assert view.reveal is None and match.record.actions == ["b5-b6xb7"]
    assert isinstance(settle(window), HandOverView)


@pytest.mark.parametrize("square, reason", [("b7", "you move only your own fleet"),
                                            ("e3", "never moves"),
                                            ("a1", "has no move now")])
def test_clicking_what_cannot_move_says_why(window, square, reason):
    # South's Patrol Vessel on a1 is hemmed in by its own Mine (a2) and Torpedo Boat (b1)
    start = position({"a1": "1", "a2": "MI", "b1": "2", "e3": "MI", "b5": "7"},
                     {"b7": "6", "g11": "1", "h12": "2"})
    match, view = open_match(window, players=VS_COMPUTER, start=start)
    click_square(window, view, square)
    assert reason in view.error
    assert reason in words(view)


# --- the panel -----------------------------------------------------------------------------------

def test_the_log_scrolls_with_the_mouse_wheel(window):
    view = busy_view(window)
    newest = view.session.log[-1].text

    def shown() -> str:
        return words(view)
    assert newest in shown()
    left, bottom, width, height = view.log_rect
    testing.scroll(window, left + width / 2, bottom + height / 2, 3)
    assert view.log_scroll == 3 and newest not in shown()
    assert "wheel down for the latest" in shown()
    testing.scroll(window, left + width / 2, bottom + height / 2, -5)
    assert view.log_scroll == 0 and newest in shown()
    testing.scroll(window, *view.board.screen_centre("d6"), 3)   # the wheel over the board: nothing
    assert view.log_scroll == 0


def test_rules_buttons_open_the_rules_over_play_and_game_over(window, monkeypatch):
    opened = []
    monkeypatch.setattr(window, "show_rules_overlay", lambda: opened.append(type(window.current_view)))
    match, view = duel(window, VS_COMPUTER)
    click_button(window, view, "rules")
    assert opened == [PlayView]
    testing.press(window, arcade.key.R)
    testing.press(window, arcade.key.Y)
    over = settle(window)
    assert isinstance(over, GameOverView)
    click_button(window, over, "rules")
    assert opened == [PlayView, GameOverView]


@pytest.mark.parametrize("size", [(800, 600), (1000, 700), (1920, 1080)])
def test_panel_text_sits_on_whole_pixels_and_inside_the_panel(window, size):
    view = busy_view(window)
    testing.resize(window, *size)
    right = view.layout.width
    assert view.session.log[-1].text in words(view)
    for text in view.panel.texts + view.log_panel.texts:
        x, y = text.position
        assert x == int(x) and y == int(y), f"{text.text!r} at {x}, {y}: half pixels blur thin strokes"
        if text.anchor_x == "left":
            assert x + text.content_width <= right - 4, f"{text.text!r} runs off the panel at {size}"


def test_keys_legend_lists_only_keys_that_do_something(window):
    match, view = duel(window, HOT_SEAT)
    legend = view.keys_help()
    assert "U undo" not in legend and "E end turn" not in legend
    assert legend in words(view)
    assert view.panel.find("undo") is None
    match, view = duel(window, VS_COMPUTER)
    assert "U undo" in view.keys_help() and view.panel.find("undo") is not None


def test_replay_arrows_are_off_when_there_is_nothing_to_step_to(window):
    match, view = duel(window, HOT_SEAT)
    testing.press(window, arcade.key.R)
    testing.press(window, arcade.key.Y)
    over = settle(window)
    assert isinstance(over, GameOverView) and over.total == over.first == 0
    for name in ("first", "back", "forward", "last"):
        assert not over.panel.find(name).enabled, f"{name} is lit at move 0 of 0"


# --- frames: asked for when something changes by itself, and only what changed drawn again -------

def test_the_screen_asks_for_frames_when_the_computer_moves_and_pieces_slide(window, monkeypatch):
    asked: list[float] = []
    monkeypatch.setattr(window, "request_redraw", lambda seconds=0.0: asked.append(seconds))
    match, view = duel(window, VS_COMPUTER)
    click_square(window, view, "d2")
    click_square(window, view, "e2")
    assert asked and max(asked) >= SLIDE               # the slide is announced with its length
    asked.clear()
    view.on_update(0.01)                                # the computer starts thinking...
    assert asked                                        # ...an open-ended wait: frames keep coming
    view.session.thinker.wait()
    asked.clear()
    view.on_update(0.01)                                # its move arrives without any input
    assert len(match.record.actions) == 2 and asked


def test_the_frame_after_a_move_draws_only_what_changed_and_matches_a_full_redraw(window, monkeypatch):
    from games.dover_patrol.ui import screen
    drawn_again: list = []
    real_merged = screen.merged
    monkeypatch.setattr(screen, "merged", lambda boxes: drawn_again.append(real_merged(boxes)) or drawn_again[-1])
    match, view = duel(window, HOT_SEAT)
    click_square(window, view, "d2")
    drawn_again.clear()
    click_square(window, view, "e2")                    # the move, drawn by its own frame
    assert match.record.actions == ["d2-e2"] and drawn_again
    board = view.board.pixel_rect
    on_board = [box for box in drawn_again[0] if box[0] < board.right]
    assert on_board and sum(w * h for _, _, w, h in on_board) < board.width * board.height / 4
    view.finish_animations()
    partial = testing.snapshot(window)
    view.invalidate()
    full = testing.snapshot(window)
    from PIL import ImageChops
    worst = max(high for _, high in ImageChops.difference(partial, full).getextrema())
    assert worst <= 2        # the same picture (a float rounding may move a colour by one step)


def south_moves_and_north_replies(window, view) -> None:
    """A quiet move of South's through the screen, then the computer's answer, frames drawn."""
    import random

    from games.dover_patrol.ui.bench_frames import quiet_move
    view.play(quiet_move(view.session.state, random.Random(3)))
    settle(window)


def test_after_a_move_only_what_changed_in_the_panel_is_drawn_again(window, monkeypatch):
    drawn_again = record_redrawn(monkeypatch)
    view = busy_view(window)
    played = len(view.session.match.record.actions)
    drawn_again.clear()
    south_moves_and_north_replies(window, view)
    assert len(view.session.match.record.actions) == played + 2 and drawn_again
    left, _, width, height = view.panel_rect()
    in_panel = [[box for box in boxes if box[0] + box[2] > left] for boxes in drawn_again]
    assert any(in_panel)                                 # the band, the instruction, the log lines...
    assert all(sum(w * h for _, _, w, h in boxes) < width * height * 0.6 for boxes in in_panel)   # ...not all of it
    assert matches_a_full_redraw(window, view)


def test_an_undo_brings_back_the_log_lines_it_showed_without_making_them_again(window):
    view = busy_view(window)
    shown = {label.text: label for label in view.log_panel.texts}
    south_moves_and_north_replies(window, view)
    assert {label.text for label in view.log_panel.texts} != set(shown)
    view.undo()
    testing.draw(window)
    back = {label.text: label for label in view.log_panel.texts}
    # the same lines (less one or two: the notice "Move taken back." takes room), the very same texts
    assert set(back) <= set(shown) and len(back) >= len(shown) - 2
    assert all(back[text] is shown[text] for text in back)
    hidden = [label for spares in view.log_panel._spare.values() for label in spares]
    assert hidden and not any(label.visible for label in hidden)     # the lines of the undone moves wait unseen


def test_the_thinking_dots_redraw_only_their_words_and_leave_no_trace(window):
    view = busy_view(window)
    band = view.thinking_text = next(t for t in view.panel.texts if t.text.startswith("South to move"))
    plain = testing.snapshot(window)
    box = view.panel.retext(band, "South to move......")
    left, _, width, _ = view.panel_rect()
    assert box[0] >= left and box[2] < width / 2 and box[3] < 60
    view.damage([box])
    dotted = testing.snapshot(window)
    assert not same_picture(dotted, plain)               # the dots are drawn...
    view.invalidate()
    assert same_picture(dotted, testing.snapshot(window))   # ...in full
    view.dirty = True                                    # the next rebuild puts the words back without the dots
    assert same_picture(testing.snapshot(window), plain)
    assert matches_a_full_redraw(window, view)


def test_the_still_picture_stored_upside_down_shows_as_the_plain_one(window, monkeypatch):
    from games.dover_patrol.ui import frame_cache
    view = upside_down_view(window)
    flipped = testing.snapshot(window)
    assert view._cache.flipped
    monkeypatch.setattr(frame_cache, "can_flip", lambda ctx: False)
    view._cache = None
    plain = testing.snapshot(window)
    assert not view._cache.flipped
    from PIL import ImageChops
    differ = sum(1 for value in ImageChops.difference(flipped, plain).convert("L").getdata() if value > 2)
    # upside down, a few edge pixels of the harbour walls round the other way; nothing else moves
    assert differ < flipped.width * flipped.height / 2000


def test_a_button_lit_under_the_mouse_is_drawn_again_alone(window, monkeypatch):
    drawn_again = record_redrawn(monkeypatch)
    view = busy_view(window)
    unlit = testing.snapshot(window)
    save = view.panel.find("save")
    window.dispatch_event("on_mouse_motion", *(int(v) for v in save.centre), 0, 0)
    lit = testing.snapshot(window)
    assert save.hot and drawn_again[-1] and all(w * h < 4 * save.rect[2] * save.rect[3] for _, _, w, h in drawn_again[-1])
    assert not same_picture(unlit, lit)                  # it shows lit...
    assert matches_a_full_redraw(window, view)           # ...as a full redraw does


def test_a_texture_atlas_growing_while_the_picture_is_drawn_upside_down_spoils_nothing(window, monkeypatch):
    from PIL import Image
    view = upside_down_view(window)
    before = testing.snapshot(window)
    atlas = window.ctx.default_atlas
    grown = atlas.version
    big = arcade.Texture(Image.new("RGBA", (atlas.width + 64, 16), (200, 30, 30, 255)))
    drawn = view.draw_still

    def draw_still(box=None):           # a texture first met while drawing, too big for the atlas
        if big not in atlas.textures:
            atlas.add(big)
        drawn(box)
    monkeypatch.setattr(view, "draw_still", draw_still)
    view.invalidate()
    after = testing.snapshot(window)
    assert atlas.version > grown                          # the atlas did grow during the drawing...
    assert same_picture(before, after)                    # ...unseen


def test_one_name_per_piece_in_the_tray_the_panel_and_the_log(window):
    from games.dover_patrol.ui.deploy import DeployView
    match, view = open_match(window, players=VS_COMPUTER)
    assert isinstance(view, DeployView)
    names = match.state.rules.kind_names
    tray = words(view)
    for code in view.counts_left():
        assert names[KIND_OF_CODE[code]] in tray, f"the tray shortens {names[KIND_OF_CODE[code]]!r}"
    assert "Motor Torpedo Boat" in tray
    # the play screen's guide names a ship as the log does, from the same data
    match, view = duel(window, HOT_SEAT)
    click_square(window, view, "d2")
    assert "Patrol Vessel" in words(view)
