"""Play on screen, driven by synthetic keys and clicks: steering markers, overlays, the dice,
the disabled ship's course change, the six-square move to a ram, saving and resuming."""

from __future__ import annotations

import threading

import arcade

from blockade_screen_helpers import (click_square, hover, open_match, position, press, settle,
                                     ship_square, square_xy)
from games.naval_blockade.rules import steering_destinations
from games.naval_blockade.ui import make_view
from games.naval_blockade.ui.board import die_texture
from games.naval_blockade.ui.over_view import GameOverView
from games.naval_blockade.ui.play_view import PlayView, option_summary
from navalgames.core.match import Match
from navalgames.core.records import read_record
from navalgames.core.registry import get_game
from navalgames.ui import testing

KEYS = {"port": arcade.key.LEFT, "ahead": arcade.key.UP, "starboard": arcade.key.RIGHT}
WASD = {"port": arcade.key.A, "ahead": arcade.key.W, "starboard": arcade.key.D}


def expected_destination(match, word: str) -> str:
    """Where the engine says the helm order ``word`` takes the ship to move."""
    steer = {str(s.action): s for s in steering_destinations(match.state)}[word]
    assert steer.legal
    return match.state.terrain.grid.name(steer.square)


def test_steer_both_ships_through_several_turns_by_keys(window):
    start = position("l3", "N", "d20", "E", to_move="blockader")
    match, view = open_match(window, start=start, forced=["M"] * 40)
    orders = ["starboard", "ahead", "ahead", "port", "starboard", "starboard", "port", "ahead",
              "ahead", "starboard", "ahead", "ahead"]
    for turn, word in enumerate(orders):
        mover = match.state.to_act()
        target = expected_destination(match, word)
        keys = KEYS if turn % 2 == 0 else WASD          # arrows and W/A/D both steer
        view = press(window, keys[word])
        assert match.state.at[("runner", "blockader").index(mover)] == \
            match.state.terrain.grid.parse(target)
        assert ship_square(view, mover) == target, "the sprite is drawn where the engine put the ship"
        assert match.state.to_act() != mover, "the other ship moves next"
    assert match.state.moves == [6, 6]
    assert "moves 6/100" in view.panel.named["runner"].text.text
    # and the ships are really in the picture: the Runner's black hull on her square
    picture = testing.snapshot(window)
    x, y = square_xy(view, ship_square(view, "runner"))
    dark = [picture.getpixel((x + dx, window.height - y + dy)) for dx in range(-6, 7) for dy in range(-6, 7)]
    assert any(sum(p) < 150 for p in dark), "the Runner's hull is drawn on her square"


def test_markers_show_the_legal_destinations_and_a_click_steers(window):
    # the Runner at a3 heading NW: port (W) and ahead (NW) leave the board, starboard (N) does not
    start = position("a3", "NW", "x20", "S")
    match, view = open_match(window, start=start, forced=["M"] * 10)
    legal = [s for s in steering_destinations(match.state) if s.legal]
    assert len(view.markers) == len(legal) == 1      # illegal destinations have no marker
    press(window, arcade.key.LEFT)
    assert match.state.at[0] == match.state.terrain.grid.parse("a3"), "refused"
    assert "leaves the board" in view.notice.text
    target = match.state.terrain.grid.name(legal[0].square)
    click_square(window, view, target)
    view = settle(window)
    assert ship_square(view, "runner") == target


def test_hovering_a_marker_previews_where_the_guns_would_bear(window):
    # Runner on k10 heading N, Blockader three files east: from k11 the starboard broadside bears
    start = position("k10", "N", "n12", "N")
    match, view = open_match(window, start=start)
    hover(window, view, "k11")
    words = view.panel.named["hover"].text.text
    assert "k11" in words and "starboard broadside" in words and "Would bear" in words
    assert match.state.at[0] == match.state.terrain.grid.parse("k10"), "hovering plays nothing"


def test_overlays_toggle_by_key_and_the_line_of_fire_shows_a_blocking_island(window):
    # island 4 (c8-d10) lies between b9 and f9: in range, the line is blocked
    start = position("b9", "N", "f9", "N")
    match, view = open_match(window, start=start)
    assert "island 4 blocks" in view.panel.named["fire-status"].text.text
    before = testing.snapshot(window)
    press(window, arcade.key.L)
    assert view.show["fire"] is False
    after = testing.snapshot(window)
    assert before.tobytes() != after.tobytes(), "hiding the line of fire changes the picture"
    press(window, arcade.key.G)
    press(window, arcade.key.R)
    assert view.show == {"arcs": False, "range": False, "fire": False}
    assert len(view.board.under) == 0 and len(view.board.over) == 0
    press(window, arcade.key.L)
    assert len(view.board.over) > 0


def test_a_forced_d4_then_the_six_square_move_to_a_ram(window):
    start = position("k10", "N", "n12", "N")
    match, view = open_match(window, start=start)
    match.dice.force("D4")
    view = press(window, arcade.key.UP)                     # to k11: the starboard broadside bears
    assert match.record.actions[-2:] == ["ahead", "D4"]
    assert view.tray[-1].texture is die_texture("D4"), "the die on screen shows D4"
    assert "4 points" in view.panel.named["runner"].text.text
    assert match.state.stage == "course" and match.state.to_act() == "blockader"
    assert len(view.board.effects) == 1, "the disabled ship is marked"
    assert "alter course" in view.panel.named["turn"].text.text
    view = press(window, arcade.key.LEFT)                   # she turns to NW while stopped
    assert match.state.stage == "six"
    # six single moves: the disabled ship's square may only be entered on the sixth
    for step, word in enumerate(["ahead", "ahead", "starboard", "starboard", "starboard"], start=1):
        view = press(window, KEYS[word])
        assert match.state.six_made == step
        assert len(view.path) == step + 1, "the path so far is drawn"
    disabled_square = match.state.terrain.grid.name(match.state.at[1])
    assert disabled_square == "n12"
    ram = [s for s in steering_destinations(match.state) if s.status == "ram"]
    assert ram and match.state.terrain.grid.name(ram[0].square) == "n12"
    view = press(window, arcade.key.RIGHT)                  # the sixth move: a ram
    assert isinstance(view, GameOverView)
    assert match.state.outcome().winner == "runner"
    assert view.banner.text == "The Runner rams the Blockader"


def test_save_and_resume_lands_on_the_same_screen_and_position(window):
    start = position("l3", "N", "d20", "E", to_move="blockader")
    match, view = open_match(window, start=start, forced=["M"] * 10)
    for key in (arcade.key.RIGHT, arcade.key.UP, arcade.key.UP):
        view = press(window, key)
    testing.click_widget(window, view.buttons["save"])
    assert "Saved as" in view.notice.text
    saves = [e for e in window.store.files() if not e.autosave]
    autosaves = [e for e in window.store.files() if e.autosave]
    assert len(saves) == 1 and len(autosaves) == 1
    record = read_record(autosaves[0].path)
    assert record.actions == match.record.actions, "every move was autosaved"
    resumed = Match(get_game("naval-blockade"), record, window.store)
    window.show_view(make_view(window, resumed))
    testing.draw(window)
    view = window.current_view
    assert isinstance(view, PlayView)
    assert resumed.state.at == match.state.at and resumed.state.heading == match.state.heading
    assert ship_square(view, "runner") == match.state.terrain.grid.name(match.state.at[0])
    assert view.log_view.shown(), "the log shows the last events of the resumed game"


def test_offer_to_end_on_points_and_accept(window):
    start = position("l3", "N", "d20", "E", points={"runner": 3, "blockader": 1})
    match, view = open_match(window, start=start)
    testing.click_widget(window, view.buttons["offer"])
    assert match.state.stage == "move", "the offer waits for the player's confirmation"
    assert "Offer to end the game now? At 3-1 you would win on points" in view.panel.named["turn"].text.text
    testing.click_widget(window, view.buttons["yes"])
    assert match.state.stage == "answer"
    assert view.buttons["accept"].visible
    view = press(window, arcade.key.Y)
    assert isinstance(view, GameOverView)
    assert match.state.ending == "points" and match.state.outcome().winner == "runner"


def test_resign_asks_first_and_no_plays_on(window):
    start = position("l3", "N", "d20", "E")
    match, view = open_match(window, start=start)
    testing.click_widget(window, view.buttons["resign"])
    assert match.state.outcome() is None, "one click does not end the game"
    assert view.buttons["yes"].visible and view.buttons["no"].visible
    assert "Resign? The Blockader wins" in view.panel.named["turn"].text.text
    testing.click_widget(window, view.buttons["no"])
    assert match.state.outcome() is None and not view.buttons["yes"].visible
    testing.click_widget(window, view.buttons["resign"])
    press(window, arcade.key.N)
    assert match.state.outcome() is None
    testing.click_widget(window, view.buttons["resign"])
    testing.click_widget(window, view.buttons["yes"])
    view = settle(window)
    assert isinstance(view, GameOverView)
    assert match.state.outcome().winner == "blockader"


def test_offer_to_stop_asks_first(window):
    start = position("l3", "N", "d20", "E", points={"runner": 1, "blockader": 3})
    match, view = open_match(window, start=start)
    testing.click_widget(window, view.buttons["offer"])
    assert match.state.stage == "move" and "you would lose on points" in view.panel.named["turn"].text.text
    press(window, arcade.key.ESCAPE)
    assert match.state.stage == "move" and view.asking is None
    assert window.current_view is view, "Esc answers the question, it does not leave the game"


def test_the_rules_button_opens_the_rules_over_the_game(window, monkeypatch):
    calls = []
    monkeypatch.setattr(window, "show_rules_overlay", lambda: calls.append(1))
    match, view = open_match(window, start=position("l3", "N", "d20", "E"))
    testing.click_widget(window, view.buttons["rules"])
    assert calls == [1] and window.current_view is view


def test_the_log_scrolls_with_the_wheel(window):
    match, view = open_match(window, start=position("l3", "N", "d20", "E"))
    for i in range(40):
        view.log(f"line {i}")
    testing.draw(window)
    assert view.log_view.shown()[-1] == "line 39"
    x = view.log_view.left + 20
    y = view.log_view.top - view.log_view.height / 2
    testing.scroll(window, x, y, 5)
    assert view.log_view.shown()[-1] == "line 34"
    testing.scroll(window, x, y, -5)
    assert view.log_view.shown()[-1] == "line 39"


def test_the_log_keeps_its_lines_when_the_prompt_grows(window):
    """A long prompt (the six moves, the course change) used to squeeze the log to one line."""
    match, view = open_match(window, start=position("l3", "N", "d20", "E"))
    for i in range(20):
        view.log(f"line {i}")
    view.panel.set("prompt", "A long explanation. " * 30)
    testing.draw(window)
    assert len(view.log_view.shown()) >= 4


class SlowPlayer:
    """A computer player that waits for the test to let it answer."""

    label = "Test computer"

    def __init__(self) -> None:
        self.go = threading.Event()

    def choose(self, state, side):
        self.go.wait(10)
        return [a for a in state.legal_actions() if str(a) != "offer-stop"][0]


def test_the_computer_thinks_off_the_ui_thread_and_then_moves(window):
    start = position("l3", "N", "d20", "E", to_move="blockader")
    players = {"runner": "human", "blockader": "computer:random"}
    match, view = open_match(window, start=start, players=players, forced=["M"] * 10)
    slow = SlowPlayer()
    view.players["blockader"] = slow
    view.on_update(0.02)                          # the worker starts; the frame is not held up
    testing.draw(window)
    assert view.thinker.busy
    assert "Test computer (Blockader) is thinking" in view.panel.named["turn"].text.text
    press(window, arcade.key.UP)                  # not the human's turn: ignored
    assert match.state.at[0] == match.state.terrain.grid.parse("l3")
    slow.go.set()
    view.thinker.wait()
    view.on_update(0.02)
    view = settle(window)
    assert match.state.to_act() == "runner" and match.state.moves[1] == 1
    view = press(window, arcade.key.UP)
    assert match.state.moves[0] == 1


def test_menu_returns_to_the_launcher_with_the_game_autosaved(window):
    start = position("l3", "N", "d20", "E")
    match, view = open_match(window, start=start, forced=["M"] * 4)
    press(window, arcade.key.UP)
    testing.click_widget(window, view.buttons["menu"])
    assert type(window.current_view).__name__ == "LauncherView"
    assert any(e.autosave and e.record.actions == match.record.actions
               for e in window.store.entries())


def test_zoom_and_pan_keep_clicks_on_the_right_square(window):
    start = position("l3", "N", "d20", "E")
    match, view = open_match(window, start=start, forced=["M"] * 4)
    x, y = square_xy(view, "l4")
    testing.scroll(window, x, y, 3)
    assert view.chart.zoom_factor > 1.0
    click_square(window, view, "l4")
    view = settle(window)
    assert ship_square(view, "runner") == "l4"
    press(window, arcade.key.HOME)
    assert view.chart.zoom_factor == 1.0


def test_started_from_the_launcher_and_resumed_by_continue(window):
    from navalgames.ui.continue_view import ContinueView
    from navalgames.ui.launcher import start_new_game
    spec = get_game("naval-blockade")
    players = {"runner": "human", "blockader": "human"}
    assert start_new_game(window, spec, "standard", {"max_range": 8}, players) is None
    testing.draw(window)
    view = window.current_view
    assert type(view).__name__ == "TerrainView"
    assert "range 8" in option_summary(view.match.state)
    click_square(window, view, "l1")
    view = settle(window)
    actions = list(view.match.record.actions)
    press(window, arcade.key.ESCAPE)                       # back to the launcher, autosaved
    window.show_view(ContinueView())
    testing.draw(window)
    listing = window.current_view
    row = next(r for r, e in zip(listing.rows, listing.entries) if e.record.actions == actions)
    testing.click_widget(window, row)
    resumed = settle(window)
    assert type(resumed).__name__ == "TerrainView"
    assert resumed.match.record.actions == actions
    assert ship_square(resumed, "runner") == "l1"
    assert resumed.match.state.rules.max_range == 8


def test_resizing_relays_the_chart_and_panel_and_clicks_still_land(window):
    start = position("l3", "N", "d20", "E")
    match, view = open_match(window, start=start, forced=["M"] * 4)
    testing.resize(window, 900, 640)
    assert view.chart.camera.viewport.right < view.panel.rect.left
    assert view.panel.rect.right == 900
    assert all(b.rect.right <= 900 for b in view.buttons.values() if b.visible)
    click_square(window, view, "l4")
    view = settle(window)
    assert ship_square(view, "runner") == "l4"
    testing.resize(window, 1280, 800)


def test_the_compass_rose_moves_off_a_rock(window):
    """The rose sat in the South-West whatever lay there: a rock at d3 was drawn under it."""
    start = position("l3", "N", "d20", "E", rocks=["d3", "u12"])
    match, view = open_match(window, start=start)
    rose = view.chart.rose
    half = rose.width / 2
    from games.naval_blockade.ui.chart import SQ
    for f, r in [(3, 2), (20, 11)]:
        overlaps = (rose.center_x - half - SQ < f * SQ < rose.center_x + half
                    and rose.center_y - half - SQ < r * SQ < rose.center_y + half)
        assert not (rose.visible and overlaps)
    assert rose.visible, "the South-East is free, so the rose is shown there"


def test_wave_strokes_keep_clear_of_the_open_sea_label(window):
    from collections import Counter
    from games.naval_blockade.ui.chart import open_sea_image, open_sea_label_span
    image = open_sea_image(24)
    left, right = open_sea_label_span(image.width)
    pixels = image.load()
    for y in range(image.height):
        row = [pixels[x, y] for x in range(image.width)]
        sea = Counter(row).most_common(1)[0][0]
        assert all(pixels[x, y] == sea for x in range(int(left), int(right) + 1))


def test_frames_are_asked_for_while_the_computer_thinks_and_its_move_plays_out(window, monkeypatch):
    """Idle screens stop drawing (issue 19): what changes with no input event must ask for frames."""
    asked = []
    monkeypatch.setattr(window, "request_redraw", lambda seconds=0.0: asked.append(seconds))
    start = position("l3", "N", "d20", "E", to_move="blockader")
    players = {"runner": "human", "blockader": "computer:random"}
    match, view = open_match(window, start=start, players=players, forced=["H2"] * 10)
    slow = SlowPlayer()
    view.players["blockader"] = slow
    view.on_update(0.02)                  # the worker starts
    asked.clear()
    view.on_update(0.02)                  # still thinking: the dots move
    assert asked, "frames while the computer thinks"
    slow.go.set()
    view.thinker.wait()
    asked.clear()
    view.on_update(0.02)                  # its move arrives: a glide (and dice) to play out
    assert asked and max(asked) > 0.2, "frames for the length of the glide"
    asked.clear()
    view.on_update(0.05)                  # mid-animation
    assert asked


def test_a_notice_asks_for_the_frame_that_takes_it_down(window, monkeypatch):
    asked = []
    monkeypatch.setattr(window, "request_redraw", lambda seconds=0.0: asked.append(seconds))
    match, view = open_match(window, start=position("l3", "N", "d20", "E"))
    view.say("Saved", seconds=1.5)
    assert 1.5 in asked


def test_at_800x600_the_panel_keeps_its_legend_rules_and_log(window):
    testing.resize(window, 800, 600)
    match, view = open_match(window, start=position("l3", "N", "d20", "E"))
    for i in range(10):
        view.log(f"line {i}")
    view.panel.set("prompt", "A long explanation. " * 12)
    testing.draw(window)
    for row in ("legend", "legend-rows", "options", "log-title", "log"):
        assert view.panel.fits(row), f"{row} was dropped at 800x600"
    assert len(view.log_view.shown()) >= 4


def test_the_compass_letters_are_window_text_beside_the_rose(window):
    """Letters inside the rose's picture thinned away when a small window shrank it."""
    testing.resize(window, 800, 600)
    match, view = open_match(window, start=position("l3", "N", "d20", "E", rocks=["d3", "u12"]))
    letters = {label.text: label for label, _, _ in view.chart._rose_labels}
    assert set(letters) == {"N", "E", "S", "W"}
    assert all(label.font_size == 10 for label in letters.values())
    rose_x, rose_y = view.chart.camera.project(view.chart.rose.position)[:2]
    assert letters["N"].y > rose_y > letters["S"].y and letters["W"].x < rose_x < letters["E"].x


def test_new_overlays_redraw_no_cached_chart(window, monkeypatch):
    """The frame after a move or a hover rebuilds the overlay meshes only (issue 19): the cached
    picture of sea and land is not drawn again."""
    match, view = open_match(window, start=position("l3", "N", "d20", "E"))
    testing.draw(window)
    redrawn = []
    monkeypatch.setattr(view, "draw_chart_still", lambda box=None: redrawn.append(box))
    monkeypatch.setattr(view, "draw_base", lambda: redrawn.append("base"))
    hover(window, view, "l4")
    press(window, arcade.key.UP)
    testing.draw(window)
    assert match.state.moves[0] == 1
    assert redrawn == [], "the chart's cached picture was redrawn for new overlays"
    assert len(view.board.under) > 0 and len(view.board.over) > 0
