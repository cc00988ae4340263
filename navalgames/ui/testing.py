"""Driving a hidden NavalWindow from tests: draw a frame, click, press keys, grab the picture.

Events go through the window exactly as a player's would (pyglet queues them while no event
loop runs; ``dispatch_events()`` delivers them), so the screens' own handlers are tested. Draw a
frame before reading widget positions: arcade.gui lays widgets out while drawing.
"""

from __future__ import annotations

from typing import Callable

import arcade
from PIL import Image


def draw(window: arcade.Window) -> None:
    window.switch_to()
    window.dispatch_event("on_draw")
    window.dispatch_events()


def click(window: arcade.Window, x: float, y: float, button: int = arcade.MOUSE_BUTTON_LEFT) -> None:
    """Press and release the mouse at (x, y), then draw a frame so the result is laid out."""
    window.dispatch_event("on_mouse_motion", int(x), int(y), 0, 0)
    window.dispatch_event("on_mouse_press", int(x), int(y), button, 0)
    window.dispatch_event("on_mouse_release", int(x), int(y), button, 0)
    window.dispatch_events()
    draw(window)


def click_widget(window: arcade.Window, widget, where: float = 0.5) -> None:
    """Click a widget; ``where`` is how far across it (0 = left edge, 1 = right edge)."""
    draw(window)
    rect = widget.rect
    click(window, rect.left + 1 + (rect.width - 2) * where, rect.center_y)


def press(window: arcade.Window, symbol: int, modifiers: int = 0) -> None:
    window.dispatch_event("on_key_press", symbol, modifiers)
    window.dispatch_event("on_key_release", symbol, modifiers)
    window.dispatch_events()
    draw(window)


def scroll(window: arcade.Window, x: float, y: float, clicks: float) -> None:
    window.dispatch_event("on_mouse_scroll", int(x), int(y), 0, clicks)
    window.dispatch_events()
    draw(window)


def resize(window: arcade.Window, width: int, height: int) -> None:
    """Resize as a player dragging the window edge would, as far as the screens can tell.

    A headless pyglet window ignores set_size (its drawing surface keeps the size it was made
    with), so the size it reports is set directly and on_resize is sent: layouts are checked at
    any size; pictures stay clipped to the original surface.
    """
    window.set_size(width, height)
    if window.get_size() != (width, height):
        window._width, window._height = width, height
    window.dispatch_event("on_resize", width, height)
    window.dispatch_events()
    draw(window)


def snapshot(window: arcade.Window) -> Image.Image:
    """The window's picture after drawing one frame."""
    draw(window)
    width, height = window.get_framebuffer_size()
    return arcade.get_image(0, 0, width, height).convert("RGB")


def colour_count(image: Image.Image) -> int:
    """How many distinct colours a picture has (a blank screen has one)."""
    colours = image.getcolors(maxcolors=1 << 24)
    return len(colours) if colours is not None else 1 << 24


def run_loop(window: arcade.Window, seconds: float, events: dict[float, Callable[[], object]] | None = None) -> int:
    """Run the real event loop for ``seconds`` (as the launcher does) and return the frames drawn.

    ``events`` maps a time in seconds from the start to a call made then (a synthetic event,
    a request_redraw...). Used to check that idle screens draw nothing and that input, window
    events and requests do draw.
    """
    import pyglet
    from navalgames.ui.app import run_event_loop
    window.switch_to()
    start = window.frames_drawn
    for at, call in (events or {}).items():
        pyglet.clock.schedule_once(lambda dt, call=call: call(), at)
    pyglet.clock.schedule_once(lambda dt: pyglet.app.exit(), seconds)
    try:
        run_event_loop()
    finally:
        pyglet.window.Window._enable_event_queue = True   # as before the loop: tests queue events
    return window.frames_drawn - start
