"""The new-game screen at every size (issue 21): option help in the players' words, wrapped inside
the window; Naval Blockade's options against the computer shown whole at 800x600."""

from __future__ import annotations

import pytest

from navalgames.core.registry import get_game
from navalgames.ui import testing
from navalgames.ui.launcher import GameSetupView


def setup_screen(window, game: str, opponent: str, size=(800, 600)) -> GameSetupView:
    view = GameSetupView(get_game(game))
    view.opponent = opponent
    window.show_view(view)
    testing.resize(window, *size)
    return view


@pytest.fixture
def back_to_normal_size(window):
    yield
    testing.resize(window, 1280, 800)


@pytest.mark.parametrize("game", ["dover-patrol", "naval-blockade"])
def test_option_help_uses_the_players_words_and_wraps_inside_the_window(window, back_to_normal_size, game):
    view = setup_screen(window, game, "human")
    declared = view.variant.options
    assert view.option_rows
    for (name, option), row in zip(declared.items(), view.option_rows):
        testing.click(window, 2, 2)     # away, then onto the row (hover)
        window.dispatch_event("on_mouse_motion", int(row.rect.center_x), int(row.rect.center_y), 0, 0)
        testing.draw(window)
        help_text = view.help_line.text
        assert help_text.startswith(option.label or row.label)
        assert name not in help_text and "rule option" not in help_text
        line = view.help_line
        assert line.content_width <= window.width - 40
        assert line.y >= 0 and line.y + line.content_height <= window.height / 3


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("game,opponent", [("naval-blockade", "computer"), ("dover-patrol", "computer"),
                                           ("dover-patrol", "human")])
def test_every_row_is_shown_whole(window, back_to_normal_size, game, opponent, size):
    view = setup_screen(window, game, opponent, size)
    rows = [*view.rows, *view.option_rows]
    for row in rows:
        label_room = row.width * row.label_share - 16
        assert row.label_width() <= label_room, f"{row.label!r} is cut at {size}"
        box = row.width * (1 - row.label_share) - 4
        for _, value in row.choices[:40]:
            row.value_text.text = value
            assert row.value_text.content_width <= box - 24, f"{row.label}: {value!r} is cut at {size}"
        assert row.rect.bottom >= view.start_button.rect.top and row.rect.right <= view.panel.right
        assert row.value_text.font_size >= 10
    bottoms = sorted(row.rect.bottom for row in rows)
    assert len(set(bottoms)) == len(rows)           # one column: no two rows side by side
