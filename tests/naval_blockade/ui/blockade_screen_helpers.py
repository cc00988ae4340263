"""Helpers for the Blockade screen tests: matches from positions, clicks on chart squares."""

from __future__ import annotations

import arcade

from games.naval_blockade.ui.chart import square_centre
from navalgames.core.match import Match
from navalgames.core.registry import get_game
from navalgames.ui import testing

ISLANDS = [["e15", "e16", "e17", "f16", "d16"], ["r7", "r8", "r9", "s8", "q8"],
           ["p18", "q18", "r18", "s18", "t18"], ["c8", "c9", "d8", "d9", "d10"]]
ROCKS = ["j6", "u12"]


def position(runner: str, runner_heading: str, blockader: str, blockader_heading: str,
             to_move: str = "runner", islands=None, rocks=None, **extra) -> dict:
    pos = {"game": "naval-blockade", "to_move": to_move, "toss_winner": "blockader",
           "runner": {"at": runner, "heading": runner_heading},
           "blockader": {"at": blockader, "heading": blockader_heading},
           "islands": islands if islands is not None else ISLANDS,
           "rocks": rocks if rocks is not None else ROCKS}
    pos.update(extra)
    return pos


def open_match(window, start=None, players=None, forced=(), seed: int = 7) -> tuple[Match, arcade.View]:
    """A new match (from ``start`` if given) on the window's screens, its first frame drawn."""
    match = Match.new(get_game("naval-blockade"), "standard", seed=seed, start=start, players=players,
                      store=window.store, forced_dice=forced)
    view = window.start_match(match)
    testing.draw(window)
    return match, view


def current(window) -> arcade.View:
    return window.current_view


def settle(window) -> arcade.View:
    """Play out every animation and draw a frame; the screen showing afterwards."""
    for _ in range(20):
        view = window.current_view
        if hasattr(view, "finish_animations"):
            view.finish_animations()
        testing.draw(window)
        if window.current_view is view:
            return view
    return window.current_view


def square_xy(view, name: str) -> tuple[int, int]:
    """Window pixel of the centre of square ``name`` (e.g. ``k12``)."""
    grid = view.match.state.terrain.grid
    f, r = grid.coords(grid.parse(name))
    x, y = view.chart.camera.project(square_centre(f, r))
    return int(x), int(y)


def hover(window, view, name: str) -> None:
    x, y = square_xy(view, name)
    window.dispatch_event("on_mouse_motion", x, y, 0, 0)
    window.dispatch_events()
    testing.draw(window)


def click_square(window, view, name: str, button: int = arcade.MOUSE_BUTTON_LEFT) -> None:
    x, y = square_xy(view, name)
    testing.click(window, x, y, button)


def press(window, symbol: int) -> arcade.View:
    testing.press(window, symbol)
    return settle(window)


def ship_square(view, side: str) -> str:
    """The square under a ship's sprite, by name (what the player sees)."""
    sprite = view.board.ship_sprite[side]
    square = view.chart.layout.square_at(*sprite.position)
    grid = view.match.state.terrain.grid
    return grid.name(grid.square(*square))


def choose_start(window, view, runner: str = "m1", blockader: str = "v23"):
    """Click the start squares while the engine asks for them (before or after the terrain)."""
    for _ in range(2):
        state = view.match.state
        if state.stage != "start":
            break
        click_square(window, view, runner if state.to_act() == "runner" else blockader)
        view = settle(window)
    return view


def reach_terrain(window, view):
    """On to the terrain phase, choosing the start squares first if the engine asks for them."""
    return choose_start(window, view)


def reach_start(window, view):
    """On to the start squares, generating the terrain first if the engine asks for it."""
    if view.match.state.stage == "terrain":
        testing.click_widget(window, view.buttons["generate"])
        view = settle(window)
    return view
