"""A hidden button lying over a shown one takes none of its clicks (found as Naval Blockade's
Refuse doing nothing: the hidden No of the resign question lay on top of it)."""

from __future__ import annotations

import arcade
from arcade.gui import UIManager

from navalgames.ui import testing
from navalgames.ui.widgets import Button


class TwoButtons(arcade.View):
    def __init__(self, palette) -> None:
        super().__init__()
        self.clicked: list[str] = []
        self.ui = UIManager()
        self.shown = Button("Refuse", lambda: self.clicked.append("shown"), palette)
        self.hidden = Button("No", lambda: self.clicked.append("hidden"), palette)
        for button in (self.shown, self.hidden):     # the hidden one added last: on top
            button.rect = button.rect.move(100 - button.rect.left, 100 - button.rect.bottom)
            self.ui.add(button)
        self.hidden.visible = False

    def on_show_view(self) -> None:
        self.ui.enable()

    def on_hide_view(self) -> None:
        self.ui.disable()

    def on_draw(self) -> None:
        self.clear()
        self.ui.draw()


def test_a_hidden_button_over_a_shown_one_leaves_it_the_click(window):
    view = TwoButtons(window.palette)
    window.show_view(view)
    testing.click_widget(window, view.shown)
    assert view.clicked == ["shown"]
