"""The terrain phase on screen: the toss, placing islands and rocks by hand (rule 2 enforced by
the engine's validator and shown in red with its reason), Generate, and the start squares."""

from __future__ import annotations

import arcade

from blockade_screen_helpers import (click_square, hover, open_match, press, reach_start,
                                     reach_terrain, settle, ship_square)
from games.naval_blockade.ui.play_view import PlayView
from games.naval_blockade.ui.terrain_view import TerrainView
from navalgames.ui import testing


def test_toss_winner_is_shown_and_places_the_terrain(window):
    match, view = open_match(window, forced=["toss:blockader"])
    assert isinstance(view, TerrainView)
    view = reach_terrain(window, view)
    assert "toss:blockader" in match.record.actions
    assert match.state.stage == "terrain"
    # the banner comes up as the toss is rolled (with the second ship placed), not only on a resume
    assert view.toss_seconds > 0 and view.toss_banner.text == "The toss: the Blockader wins"
    assert "falls to the Blockader" in view.panel.named["toss"].text.text
    assert "the Runner will move first" in view.panel.named["toss"].text.text
    assert match.state.to_act() == "blockader"


def test_start_squares_by_click_with_refusals_explained(window):
    match, view = open_match(window, forced=["toss:runner"])
    view = reach_start(window, view)
    assert match.state.stage == "start" and match.state.to_act() == "runner"
    click_square(window, view, "m1")
    view = settle(window)
    assert match.state.at[0] == match.state.terrain.grid.parse("m1")
    assert ship_square(view, "runner") == "m1"
    # the Blockader's corner squares heading East off the board are refused, with the reason
    click_square(window, view, "x24")
    assert match.state.stage == "start"
    assert "no legal first move" in view.notice.text
    click_square(window, view, "v23")
    view = settle(window)
    assert match.state.at[1] == match.state.terrain.grid.parse("v23")
    assert ship_square(view, "blockader") == "v23"


def test_generate_places_a_legal_layout_and_play_begins(window):
    match, view = open_match(window, forced=["toss:runner"])
    view = reach_terrain(window, view)
    testing.click_widget(window, view.buttons["generate"])
    view = settle(window)
    assert "generate" in match.record.actions
    assert any(a.startswith("layout:") for a in match.record.actions)
    assert len(match.state.terrain.islands) == 4 and len(match.state.terrain.rocks) == 2
    assert len(view.board.terrain) == 6          # four islands and two rocks drawn as land
    view = reach_start(window, view)
    from blockade_screen_helpers import choose_start
    view = choose_start(window, view)
    assert isinstance(view, PlayView)
    assert match.state.to_act() == "blockader"     # the loser of the toss moves first


def test_an_island_breaking_rule_2_is_red_with_the_reason(window):
    match, view = open_match(window, forced=["toss:runner"])
    view = reach_terrain(window, view)
    press(window, arcade.key.I)                     # the straight pentomino, upright
    hover(window, view, "k4")                       # would reach down into ranks 1-5
    assert "too close to the mainland" in view.ghost_problem
    assert view.panel.named["problem"].text.text == view.ghost_problem
    picture = testing.snapshot(window)
    x, y = _xy(view, "k4")
    red, green, blue = picture.getpixel((x, window.height - y))
    assert red > green + 40 and red > blue + 40, "the refused piece is drawn in red"
    click_square(window, view, "k4")
    assert view.islands == [], "a refused piece is not placed"
    hover(window, view, "k12")
    assert view.ghost_problem == ""
    picture = testing.snapshot(window)
    x, y = _xy(view, "k12")
    red, green, blue = picture.getpixel((x, window.height - y))
    assert green > red + 20, "a piece that fits is drawn in green"


def test_rotate_mirror_and_touching_pieces(window):
    match, view = open_match(window, forced=["toss:runner"])
    view = reach_terrain(window, view)
    press(window, arcade.key.L)
    click_square(window, view, "f10")
    assert len(view.islands) == 1
    first = sorted(view.islands[0])
    press(window, arcade.key.R)
    press(window, arcade.key.M)
    assert (view.turns, view.mirrored) == (1, True)
    hover(window, view, "h11")                     # right next to the first island
    assert "touches" in view.ghost_problem
    press(window, arcade.key.O)                    # a rock
    hover(window, view, "f2")
    assert view.ghost_problem == ""                # rocks may come within one rank of the coast
    hover(window, view, "f1")
    assert "too close to the mainland" in view.ghost_problem
    # a placed island can be picked up again by clicking it
    grid = match.state.terrain.grid
    f, r = first[0]
    click_square(window, view, grid.name(grid.square(f, r)))
    assert view.islands == []


def test_a_hand_made_layout_is_played_as_one_terrain_action(window):
    match, view = open_match(window, forced=["toss:blockader"])
    view = reach_terrain(window, view)
    for letter, square in ((arcade.key.X, "f10"), (arcade.key.I, "p10"), (arcade.key.U, "h18"),
                           (arcade.key.W, "s19")):
        press(window, letter)
        click_square(window, view, square)
    press(window, arcade.key.O)
    click_square(window, view, "k4")
    click_square(window, view, "t4")
    assert (len(view.islands), len(view.rocks)) == (4, 2)
    press(window, arcade.key.ENTER)
    view = settle(window)
    assert any(a.startswith("terrain i:") for a in match.record.actions)
    assert match.state.stage in ("start", "move")
    assert len(match.state.terrain.islands) == 4 and len(match.state.terrain.rocks) == 2


def test_the_computer_places_terrain_when_it_wins_the_toss(window):
    players = {"runner": "human", "blockader": "computer:random"}
    match, view = open_match(window, players=players, forced=["toss:blockader"])
    for _ in range(3):
        if match.state.stage == "start" and match.state.to_act() == "runner":
            click_square(window, view, "m1")
        view = settle(window)
        view.wait_for_computer()
        view = settle(window)
    assert len(match.state.terrain.islands) == 4, "the computer laid out the terrain"
    assert match.state.at[0] == match.state.terrain.grid.parse("m1")
    assert match.state.at[1] >= 0, "and chose its start square"


def _xy(view, name):
    from blockade_screen_helpers import square_xy
    return square_xy(view, name)


def test_generate_says_so_and_disables_the_buttons_until_the_layout_is_drawn(window):
    match, view = open_match(window, forced=["toss:runner"])
    view = reach_terrain(window, view)
    testing.click_widget(window, view.buttons["generate"])
    # the click is taken at once: words in the panel, buttons off, nothing played yet
    assert "Drawing a random layout" in view.panel.named["problem"].text.text
    assert view.buttons["generate"].disabled and view.buttons["clear"].disabled
    assert "generate" not in match.record.actions
    view.on_update(1 / 60)          # the frame saying so has been drawn: the job runs
    view = settle(window)
    assert "generate" in match.record.actions
    assert len(match.state.terrain.islands) == 4


def test_clear_is_not_where_resign_is_on_the_play_screen(window):
    match, view = open_match(window, forced=["toss:runner"])
    view = reach_terrain(window, view)
    testing.draw(window)
    clear = view.buttons["clear"].rect
    view = reach_start(window, view)
    from blockade_screen_helpers import choose_start
    view = choose_start(window, view)
    assert isinstance(view, PlayView)
    testing.draw(window)
    resign = view.buttons["resign"].rect
    assert clear.right <= resign.left or clear.left >= resign.right \
        or clear.top <= resign.bottom or clear.bottom >= resign.top


def test_the_terrain_screen_has_rules(window, monkeypatch):
    calls = []
    monkeypatch.setattr(window, "show_rules_overlay", lambda: calls.append(1))
    match, view = open_match(window, forced=["toss:runner"])
    testing.click_widget(window, view.buttons["rules"])
    assert calls == [1]


def test_the_red_start_squares_say_why(window):
    match, view = open_match(window, forced=["toss:runner"])
    view = reach_start(window, view)
    click_square(window, view, "m1")
    view = settle(window)
    assert match.state.to_act() == "blockader"
    words = view.panel.named["problem"].text.text
    assert "x24" in words and "a24" in words and "no legal first move" in words


def test_panel_text_wraps_to_the_panel_at_800x600(window):
    testing.resize(window, 800, 600)
    match, view = open_match(window, forced=["toss:runner"])
    testing.draw(window)
    right = view.panel.rect.right
    for row in view.panel.rows:
        text = row.text
        if text is not None and text.visible and text.text:
            assert text.x + text.content_width <= right, f"{row.name} runs past the panel"


def test_at_800x600_every_terrain_button_shown_lies_in_the_panel(window):
    testing.resize(window, 800, 600)
    match, view = open_match(window, forced=["toss:runner"])
    view = reach_terrain(window, view)
    testing.draw(window)
    panel = view.panel.rect
    for name, button in view.buttons.items():
        if button.visible:
            r = button.rect
            assert panel.left <= r.left and r.right <= panel.right and r.bottom >= panel.bottom, name
    assert view.buttons["generate"].visible, "Generate keeps its place in a small window"
