"""The Dover Patrol deployment and hand-over screens, driven by synthetic events (issues 19, 21):
Random after the booklet, the harbour-mouth Mine warning, a half-made deployment kept through
Menu, Continue and closing the window, words for who shares the screen, text at every size, and
redraws asked for while the computer deploys.
"""

from __future__ import annotations

import arcade
import pytest
from dover_screen_helpers import click_button, drag, hand_over, open_match, settle

from games.dover_patrol.ui.deploy import DeployView
from games.dover_patrol.ui.guide import kind_guide
from games.dover_patrol.ui.handover import HandOverView
from games.dover_patrol.ui.play import PlayView
from navalgames.core.records import read_record
from navalgames.ui import testing

HOT_SEAT = {"south": "human", "north": "human"}
VS_COMPUTER = {"south": "human", "north": "computer:random"}


def autosaved(window):
    files = list(window.store.autosave_dir.glob("*.yaml"))
    assert len(files) == 1, files
    return read_record(files[0])


def tray_centre(view, code: str) -> tuple[float, float]:
    left, bottom, width, height = dict(view.tray_slots)[code]
    return left + width / 2, bottom + height / 2


def panel_words(view) -> str:
    return " ".join(text.text for text in view.panel.texts)


# --- Random: the computer's booklet-minded deployer ------------------------------------------------

def test_random_never_mines_the_harbour_mouth_and_is_always_ready(window):
    from games.dover_patrol.ai import harbour_mouth_squares
    match, view = open_match(window, players=VS_COMPUTER)
    rules = match.state.rules
    mouth = {rules.names[sq] for sq in harbour_mouth_squares(rules, 0)}
    assert mouth == {"a3", "a4", "a5", "b4"}        # a3 is the mouth, a4 just outside, a5 and b4 wall a4
    layouts = set()
    for _ in range(40):
        testing.press(window, arcade.key.R)
        assert not view.problems() and not view.mouth_mines(), view.placement
        assert "Your fleet is ready" in view.status_text
        layouts.add(tuple(sorted(view.placement.items())))
    assert len(layouts) > 30                         # still a different fleet nearly every time


# --- Ready warns about a Mine in or at the mouth ----------------------------------------------------

def mine_in_the_mouth(window, view) -> None:
    """Random, then drag a Mine onto a3 (the ship there goes to the Mine's square)."""
    click_button(window, view, "random")
    mine = next(sq for sq, code in view.placement.items() if code == "MI")
    drag(window, view.board.screen_centre(mine), view.board.screen_centre("a3"))
    assert view.placement["a3"] == "MI" and not view.problems()


def test_ready_with_a_mine_in_the_harbour_mouth_asks_before_deploying(window):
    match, view = open_match(window, players=VS_COMPUTER)
    mine_in_the_mouth(window, view)
    assert "a3" in view.status_text and "Your fleet is ready" not in view.status_text
    testing.press(window, arcade.key.ENTER)
    assert view.question is not None and "a3" in view.question.text and "anyway" in view.question.text
    assert match.state.phase == "setup" and not match.record.actions
    testing.press(window, arcade.key.N)             # Move it: back to the deployment, nothing played
    assert view.question is None and window.current_view is view and not match.record.actions
    click_button(window, view, "ready")
    assert view.question is not None
    testing.press(window, arcade.key.Y)             # Deploy anyway
    assert match.record.actions and match.record.actions[0].startswith("deploy")
    assert isinstance(settle(window), PlayView)


@pytest.mark.parametrize("variant", ["capture-the-base", "first-capture"])
def test_where_entering_the_base_wins_a_mine_on_the_doorway_is_told_of_but_not_questioned(window, variant):
    # No flag has to come home there, and a Mine on the doorway keeps enemy ships out: hard
    # deploys so itself (docs/computer.md, twenty-fifth session). Ready says what it does and
    # deploys at once.
    match, view = open_match(window, players=VS_COMPUTER, variant=variant)
    mine_in_the_mouth(window, view)
    assert view.mouth_mines() == ["a3"]
    assert "Your fleet is ready" in view.status_text and "Mine Sweeper" in view.status_text
    assert "flag" not in view.status_text
    testing.press(window, arcade.key.ENTER)
    assert view.question is None and match.record.actions[0].startswith("deploy")


def test_a_mine_beside_the_flag_inside_the_harbour_is_no_mouth(window):
    match, view = open_match(window, players=VS_COMPUTER)
    click_button(window, view, "random")
    mine = next(sq for sq, code in view.placement.items() if code == "MI")
    drag(window, view.board.screen_centre(mine), view.board.screen_centre("b1"))
    assert view.placement["b1"] == "MI" and not view.mouth_mines()
    testing.press(window, arcade.key.ENTER)
    assert view.question is None and match.record.actions


def test_mines_walling_in_the_square_outside_the_mouth_are_warned_of_but_one_alone_is_not(window):
    match, view = open_match(window, players=VS_COMPUTER)
    click_button(window, view, "preset:forward-mines")     # the booklet's own: a Mine on a5, b4 open
    assert view.placement["a5"] == "MI" and view.placement.get("b4") != "MI"
    assert not view.mouth_mines() and "Your fleet is ready" in view.status_text
    mine = next(sq for sq, code in view.placement.items() if code == "MI" and sq != "a5")
    drag(window, view.board.screen_centre(mine), view.board.screen_centre("b4"))
    assert view.mouth_mines() == ["a5", "b4"] and "Mines on a5 and b4" in view.status_text
    testing.press(window, arcade.key.ENTER)
    assert view.question is not None and not match.record.actions


# --- a half-made deployment is kept ---------------------------------------------------------------

def place_three(window, view) -> dict[str, str]:
    drag(window, tray_centre(view, "10"), view.board.screen_centre("d2"))
    drag(window, tray_centre(view, "MI"), view.board.screen_centre("e5"))
    drag(window, tray_centre(view, "SS"), view.board.screen_centre("b3"))
    assert view.placement == {"d2": "10", "e5": "MI", "b3": "SS"}
    return dict(view.placement)


def test_menu_keeps_a_half_made_deployment_and_continue_brings_it_back(window):
    from navalgames.ui.continue_view import ContinueView
    from navalgames.ui.launcher import LauncherView
    match, view = open_match(window, players=VS_COMPUTER)
    placed = place_three(window, view)
    click_button(window, view, "menu")
    assert isinstance(window.current_view, LauncherView)
    assert autosaved(window).drafts == {"south": placed}

    listing = ContinueView()
    window.show_view(listing)
    testing.draw(window)
    [entry] = [e for e in window.store.entries() if e.record and e.record.game_uid == match.record.game_uid]
    listing.resume(entry)
    resumed = window.current_view
    assert isinstance(resumed, DeployView) and resumed.side == "south" and resumed.placement == placed
    assert "as you left it" in resumed.message


def test_closing_the_window_keeps_the_deployment(window, monkeypatch):
    match, view = open_match(window, players=VS_COMPUTER)
    place_three(window, view)
    # one more ship placed by click and the window closed before any frame is drawn
    x, y = tray_centre(view, "9")
    window.dispatch_event("on_mouse_press", int(x), int(y), arcade.MOUSE_BUTTON_LEFT, 0)
    window.dispatch_event("on_mouse_release", int(x), int(y), arcade.MOUSE_BUTTON_LEFT, 0)
    x, y = view.board.screen_centre("f4")
    window.dispatch_event("on_mouse_press", int(x), int(y), arcade.MOUSE_BUTTON_LEFT, 0)
    window.dispatch_events()
    assert view.placement["f4"] == "9"
    monkeypatch.setattr(window, "on_close", lambda: None)   # the tests' one window stays open
    window.dispatch_event("on_close")
    window.dispatch_events()
    assert autosaved(window).drafts == {"south": {"d2": "10", "e5": "MI", "b3": "SS", "f4": "9"}}


def test_ready_drops_the_draft_and_a_hot_seat_draft_stays_with_its_side(window):
    match, cover = open_match(window, players=HOT_SEAT)
    view = hand_over(window)
    assert isinstance(view, DeployView) and view.side == "south"
    click_button(window, view, "random")
    assert autosaved(window).drafts["south"] == view.placement
    click_button(window, view, "ready")
    assert autosaved(window).drafts == {}            # played: the draft is gone, the deploy is an action
    view = hand_over(window)
    assert isinstance(view, DeployView) and view.side == "north" and view.placement == {}
    drag(window, tray_centre(view, "10"), view.board.screen_centre("d11"))
    assert autosaved(window).drafts == {"north": {"d11": "10"}}


def test_a_draft_that_does_not_fit_goes_back_to_the_tray_with_a_message(window):
    from games.dover_patrol.ui.session import Session
    from navalgames.core.match import Match
    from dover_screen_helpers import spec
    match = Match.new(spec(), "classic", seed=5, players=VS_COMPUTER, store=window.store)
    match.record.drafts = {"south": {"d2": "10", "d3": "10", "e9": "SS", "zz": "MI", "a1": "XX"}}
    view = DeployView(Session(window, match), "south")
    assert view.placement == {"d2": "10"}
    assert "4 ships" in view.message and "tray" in view.message


# --- issue 19: "North cannot see this screen" only when North shares it ---------------------------------

def test_the_screen_warns_of_the_other_player_only_when_one_shares_it(window):
    match, view = open_match(window, players=VS_COMPUTER)
    assert "see this screen" not in panel_words(view)
    match, cover = open_match(window, players=HOT_SEAT)
    view = hand_over(window)
    assert "North must not see this screen" in panel_words(view)


# --- text at every size ----------------------------------------------------------------------------

def assert_text_fits(texts, left: float, right: float, bottom: float = 0, top: float = 1e9) -> None:
    for text in texts:
        assert text.x == int(text.x) and text.y == int(text.y), (text.text, text.x, text.y)   # whole pixels
        assert left - 1 <= text.left and text.left + text.content_width <= right + 1, (text.text, text.left)
        assert bottom - 1 <= text.bottom and text.bottom + text.content_height <= top + 1, (text.text, text.bottom)


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080), (1024, 640)])
def test_deployment_panel_text_fits_on_whole_pixels_at_every_size(window, size):
    match, view = open_match(window, players=VS_COMPUTER)
    testing.resize(window, *size)
    panel = view.layout.panel
    for code in ("SS", "6", "MS"):                   # the guide of a pointed-at ship, whole
        x, y = tray_centre(view, code)
        window.dispatch_event("on_mouse_motion", int(x), int(y), 0, 0)
        testing.draw(window)
        assert view.guide_text == kind_guide(match.state.rules, code)
        assert_text_fits(view.panel.texts, panel.left, panel.right, 0, panel.top)
        for button in view.panel.buttons:            # every label inside its button
            label = next(t for t in view.panel.texts if t.text.startswith(button.label)
                         and abs(t.x - button.centre[0]) <= 1)
            left, bottom, width, height = button.rect
            assert left <= label.left and label.left + label.content_width <= left + width, button.label
    mine_in_the_mouth(window, view)                  # the longest status there is still fits
    assert_text_fits(view.panel.texts, panel.left, panel.right, 0, panel.top)
    tray_bottom = min(b for _, (l, b, w, h) in view.tray_slots)
    assert all(t.bottom + t.content_height <= tray_bottom for t in view.panel.texts if "harbour" in t.text)


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)])
def test_hand_over_text_stays_on_its_band_at_every_size(window, size):
    testing.resize(window, *size)
    news = ["North moved g9-g8.",
            "South's Submarine on e5 attacked North's Flagship on e6: the Flagship is sunk and the "
            "Submarine survives it, to the cheers of the whole fleet.",
            "North's Destroyer on d7 ran onto South's Mine on d6 and was blown up with it, the Mine too.",
            "North moved a10-a9 and picked up South's flag from the harbour."]
    cover = HandOverView("south", "north", news, lambda: None, False, "South to play")
    window.show_view(cover)
    testing.draw(window)
    band = [s for s in cover.canvas.shapes if s.width >= size[0] - 1 and s.height > 20]
    assert len(band) == 1
    assert_text_fits(cover.canvas.texts, 0, size[0], band[0].bottom, band[0].top)
    assert any("cheers" in t.text for t in cover.canvas.texts)


# --- the computer's deployment: redraws asked for while it is awaited ------------------------------------

def test_waiting_for_the_computer_to_deploy_asks_for_redraws(window, monkeypatch):
    asked = []
    monkeypatch.setattr(window, "request_redraw", lambda seconds=0.0: asked.append(seconds))
    match, view = open_match(window, players={"south": "computer:random", "north": "human"})
    assert isinstance(view, DeployView) and view.side == "north"
    assert match.state.to_act() == "south"
    view.on_update(0.01)                             # the computer starts thinking
    assert asked
    view.session.thinker.wait()
    asked.clear()
    view.on_update(0.01)                             # its deployment arrives: drawn without an input event
    assert asked and match.state.to_act() == "north"
