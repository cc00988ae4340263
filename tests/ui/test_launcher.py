"""The launcher, driven headless by synthetic mouse and keyboard events through the real window.

The registry is monkeypatched to hold toy games (launcher_toy.py), so these tests check the
launcher's own behaviour while the real games are being written.
"""

from __future__ import annotations

import arcade
import pytest
import yaml

import launcher_toy as toy
from navalgames.core import registry
from navalgames.core.records import GameRecord
from navalgames.ui import testing
from navalgames.ui.launcher import GameSetupView, LauncherView


@pytest.fixture
def games(monkeypatch):
    """Register the toy games in place of whatever is installed."""
    installed = {
        "toy": toy.spec(),
        "broken": toy.spec(id="broken", title="Broken Fleet", engine="launcher_toy:BROKEN_ENGINE"),
    }
    monkeypatch.setattr(registry, "discover_games", lambda: dict(installed))
    toy.ToyView.opened.clear()
    return installed


def show_launcher(window) -> LauncherView:
    window.show_launcher()
    testing.draw(window)
    return window.current_view


def open_game(window, title: str) -> GameSetupView:
    launcher = show_launcher(window)
    card = next(c for c in launcher.cards if c.title.text == title)
    testing.click_widget(window, card)
    view = window.current_view
    assert isinstance(view, GameSetupView)
    return view


def row(view: GameSetupView, label: str):
    return next(r for r in (*view.rows, *view.option_rows) if r.label_text.text == label)


def test_the_main_screen_has_a_card_per_registered_game(window, games):
    launcher = show_launcher(window)
    assert [c.title.text for c in launcher.cards] == ["Toy Fleet", "Broken Fleet"]
    toy_card, broken_card = launcher.cards
    assert toy_card.year.text == "1901" and toy_card.description.text == "A toy game for tests."
    assert "2 variants" in toy_card.note.text and not toy_card.note_is_problem
    assert broken_card.note.text == "Broken Fleet's rules are not ready yet." and broken_card.note_is_problem
    assert [b.text for b in launcher.buttons] == ["Continue", "Play online", "Rules", "Settings", "Quit"]


def test_click_through_game_variant_opponent_and_start(window, games):
    view = open_game(window, "Toy Fleet")
    variant = row(view, "Variant")
    testing.click_widget(window, variant, where=0.95)          # the right arrow: next variant
    assert view.variant_id == "short"
    testing.click_widget(window, row(view, "Opponent"), where=0.95)
    assert view.opponent == "computer"
    testing.click_widget(window, row(view, "Computer's strength"), where=0.95)   # normal -> hard
    testing.click_widget(window, row(view, "You command"), where=0.95)           # red -> blue
    testing.click_widget(window, view.start_button)

    assert isinstance(window.current_view, toy.ToyView)
    match = toy.ToyView.opened[-1]
    assert match.record.game == "toy" and match.record.variant == "short"
    assert match.record.players == {"red": "computer:hard", "blue": "human"}
    assert match.record.options == {"max_moves": 100}
    assert match.store is window.store


def test_a_left_arrow_click_goes_back_one_value(window, games):
    view = open_game(window, "Toy Fleet")
    testing.click_widget(window, row(view, "Opponent"), where=0.95)
    strength = row(view, "Computer's strength")
    testing.click_widget(window, strength, where=strength.label_share + 0.03)   # the value box's left arrow
    assert view.level == "easy"


def test_rule_options_of_every_kind_reach_the_match(window, games):
    view = open_game(window, "Toy Fleet")
    assert view.options() == {"rough_seas": False, "flag_rule": "carry", "max_moves": 100}
    testing.click_widget(window, row(view, "Rough seas slow every ship"), where=0.95)
    testing.click_widget(window, row(view, "How a flag is won"), where=0.95)
    moves = row(view, "Moves allowed each side")
    view.set_focus(moves)
    for _ in range(5):
        testing.press(window, arcade.key.RIGHT)
    testing.press(window, arcade.key.LEFT)
    assert view.options() == {"rough_seas": True, "flag_rule": "touch", "max_moves": 104}
    testing.click_widget(window, view.start_button)
    assert toy.ToyView.opened[-1].record.options == {"rough_seas": True, "flag_rule": "touch", "max_moves": 104}


def test_numbers_stop_at_their_limits_and_usual_rules_restores_defaults(window, games):
    view = open_game(window, "Toy Fleet")
    moves = row(view, "Moves allowed each side")
    view.set_focus(moves)
    for _ in range(100):
        testing.press(window, arcade.key.LEFT)
    assert view.options()["max_moves"] == 10                   # the option's minimum
    testing.click_widget(window, view.defaults_button)
    assert view.options()["max_moves"] == 100


def test_option_rows_are_named_briefly_and_explained_in_the_help_line():
    from navalgames.core.options import RuleOption
    from navalgames.ui.launcher import option_label
    long = "Guns reach a target at most this many squares away, counting files plus ranks"
    assert option_label("max_range", RuleOption("max_range", 10, long)) == "Max range"
    assert option_label("max_range", RuleOption("max_range", 10, long, label="Gun range")) == "Gun range"
    assert option_label("rough", RuleOption("rough", False, "Rough seas.")) == "Rough seas"


def test_a_long_option_label_is_cut_to_fit_its_row(window, games):
    view = open_game(window, "Toy Fleet")
    rough = row(view, "Rough seas slow every ship")
    rough.label = "Rough seas slow every ship, and the wind blows the smoke of the funnels all over the board"
    rough.trigger_render()
    testing.draw(window)
    assert rough.label_text.text.endswith("…")
    assert rough.label_text.content_width <= rough.width * rough.label_share


def test_changing_variant_keeps_options_both_variants_share(window, games):
    view = open_game(window, "Toy Fleet")
    view.set_option("max_moves", 150)
    view.set_option("rough_seas", True)
    view.set_variant("short")
    assert view.options() == {"max_moves": 150}


def test_keyboard_alone_starts_a_game(window, games):
    show_launcher(window)
    testing.press(window, arcade.key.TAB)                       # focus the first card
    testing.press(window, arcade.key.ENTER)
    view = window.current_view
    assert isinstance(view, GameSetupView) and view.spec.id == "toy"
    assert view.focused is view.start_button                   # Enter again would start at once
    for _ in range(4):                                          # Usual rules, Rules, Back, then
        testing.press(window, arcade.key.TAB)                   # round to the first row
    assert view.focused is row(view, "Variant")
    testing.press(window, arcade.key.RIGHT)                     # change the variant
    testing.press(window, arcade.key.DOWN)
    testing.press(window, arcade.key.ENTER)                     # opponent: the computer
    assert view.variant_id == "short" and view.opponent == "computer"
    testing.press(window, arcade.key.TAB, arcade.key.MOD_SHIFT)
    testing.press(window, arcade.key.TAB)
    assert view.focused.key == "Opponent"                      # focus survived the rebuild
    view.set_focus(view.start_button)
    testing.press(window, arcade.key.ENTER)
    assert isinstance(window.current_view, toy.ToyView)
    assert toy.ToyView.opened[-1].record.players == {"red": "human", "blue": "computer:normal"}


def test_the_new_game_screen_remembers_last_time(window, games, tmp_path):
    view = open_game(window, "Toy Fleet")
    view.set_variant("short")
    view.set_opponent("computer")
    view.level, view.human_side = "hard", "blue"
    view.set_option("max_moves", 42)
    testing.click_widget(window, view.start_button)
    again = open_game(window, "Toy Fleet")
    assert again.choices() == {"variant": "short", "opponent": "computer", "level": "hard", "side": "blue",
                               "options": {"max_moves": 42}}
    # a file that no longer fits (variant gone, value out of range) is quietly ignored
    (tmp_path / "home" / "config" / "launcher.yaml").write_text(
        "toy: {variant: long, level: godlike, options: {max_moves: 9999, rough_seas: true}}\n")
    third = open_game(window, "Toy Fleet")
    assert third.variant_id == "classic" and third.level == "normal"
    assert third.options() == {"rough_seas": True, "flag_rule": "carry", "max_moves": 100}
    (tmp_path / "home" / "config" / "launcher.yaml").write_text("[not: a mapping")
    assert open_game(window, "Toy Fleet").variant_id == "classic"


def test_escape_goes_back_to_the_main_screen(window, games):
    open_game(window, "Toy Fleet")
    testing.press(window, arcade.key.ESCAPE)
    assert isinstance(window.current_view, LauncherView)


def test_a_game_whose_engine_is_not_ready_says_so_and_does_not_start(window, games):
    view = open_game(window, "Broken Fleet")
    assert view.start_button.disabled
    assert view.message_text.text == "Broken Fleet's rules are not ready yet."
    assert "No module named 'games.toy.rules'" in view.detail_text.text
    testing.click_widget(window, view.start_button)
    assert window.current_view is view and toy.ToyView.opened == []


@pytest.mark.parametrize("view_ref", [None, "launcher_toy:no_such_view", "games.no_such_module:make_view"])
def test_a_game_without_screens_says_so(window, games, view_ref):
    games["toy"] = toy.spec(view=view_ref)
    launcher = show_launcher(window)
    assert launcher.cards[0].note.text == "Toy Fleet's screens are not ready yet."
    view = open_game(window, "Toy Fleet")
    assert view.start_button.disabled
    assert view.message_text.text == "Toy Fleet's screens are not ready yet."


def test_a_game_that_fails_to_start_explains_in_a_line(window, games):
    games["toy"] = toy.spec(engine="launcher_toy:FAILING_ENGINE")
    view = open_game(window, "Toy Fleet")
    testing.click_widget(window, view.start_button)
    assert window.current_view is view
    assert view.message_text.text == ("Toy Fleet could not start: cannot start the game "
                                      "(the toy fleet is still in dry dock)")


def test_a_screen_that_crashes_on_opening_is_reported_not_fatal(window, games, monkeypatch):
    def exploding_view(window, match):
        raise RuntimeError("texture atlas full")
    monkeypatch.setattr(toy, "make_view", exploding_view)
    view = open_game(window, "Toy Fleet")
    testing.click_widget(window, view.start_button)
    assert window.current_view is view
    assert view.message_text.text == "Toy Fleet's screen could not open: texture atlas full"


def test_start_match_can_be_replaced_to_watch_what_starts(window, games, monkeypatch):
    started = []
    monkeypatch.setattr(window, "start_match", lambda match: started.append(match) or object())
    view = open_game(window, "Toy Fleet")
    testing.click_widget(window, view.start_button)
    assert [m.record.variant for m in started] == ["classic"]


def test_no_games_installed(window, monkeypatch):
    monkeypatch.setattr(registry, "discover_games", lambda: {})
    launcher = show_launcher(window)
    assert launcher.cards == [] and launcher.empty.text == "No games are installed."


def test_the_launcher_renders_a_picture_that_is_not_blank(window, games):
    show_launcher(window)
    image = testing.snapshot(window)
    assert image.size == (1280, 800)
    assert testing.colour_count(image) > 500             # art, text and chart, not a flat fill
    launcher = window.current_view
    title_y = 800 - int(launcher.title.y) - 20           # image rows run top-down
    row = [image.getpixel((x, title_y)) for x in range(400, 880)]
    assert any(abs(r - 236) < 40 and abs(g - 204) < 40 and b < 180 for r, g, b in row), \
        "the brass title should show"


def test_redrawing_a_widget_leaves_the_picture_unchanged(window, games):
    view = open_game(window, "Toy Fleet")
    first = testing.snapshot(window)
    for _ in range(3):   # arcade.gui redraws changed widgets over the old picture
        for widget in view.focus_order:
            widget.trigger_render()
        testing.draw(window)
    assert testing.snapshot(window).tobytes() == first.tobytes()


@pytest.mark.parametrize("size", [(800, 600), (1024, 640), (1920, 1080), (2560, 1000)])
def test_resizing_keeps_every_widget_on_screen_and_apart(window, games, size):
    view = open_game(window, "Toy Fleet")
    view.set_opponent("computer")
    for screen in (view, show_launcher(window)):
        window.show_view(screen)
        testing.resize(window, *size)
        widgets = [w for w in screen.focus_order if w.visible]
        for w in widgets:
            assert 0 <= w.rect.left and w.rect.right <= size[0] and 0 <= w.rect.bottom and w.rect.top <= size[1], \
                f"{w.key or w} is off screen at {size}"
        for i, a in enumerate(widgets):
            for b in widgets[i + 1:]:
                overlap = (min(a.rect.right, b.rect.right) - max(a.rect.left, b.rect.left),
                           min(a.rect.top, b.rect.top) - max(a.rect.bottom, b.rect.bottom))
                assert min(overlap) <= 0, f"{a.key} overlaps {b.key} at {size}"


def test_continue_lists_games_newest_first_and_a_corrupt_file_last_without_crashing(window, games):
    store = window.store
    older = GameRecord(game="toy", variant="classic", players={"red": "human", "blue": "computer:easy"},
                       actions=["sail", "wait", "sail"])
    newer = GameRecord(game="toy", variant="short", actions=["wait"])
    import os
    os.utime(store.save(older, "older"), (1_000, 1_000))
    os.utime(store.autosave(newer), (2_000, 2_000))
    broken = store.saves_dir / "broken.yaml"
    broken.write_text("kind: navalgames-record\nformat: [")

    show_launcher(window)
    launcher = window.current_view
    assert launcher.buttons[0].text == "Continue  (3)"
    testing.click_widget(window, launcher.buttons[0])
    view = window.current_view
    headings = [r.heading.text for r in view.rows]
    assert headings == ["Toy Fleet  —  Short game", "Toy Fleet  —  Classic", "broken.yaml"]
    assert view.rows[2].problem and "not a readable save" in view.rows[2].details.text.lower()
    assert view.rows[2].tag.text == "Cannot be opened" and view.deletes[2].text == "Delete"
    assert "3 moves" in view.rows[1].details.text and "computer (easy)" in view.rows[1].details.text
    assert view.rows[0].tag.text == "Autosave"

    testing.click_widget(window, view.rows[2])
    assert window.current_view is view and view.message_text.text.startswith("broken.yaml cannot be opened")
    testing.click_widget(window, view.rows[1])
    assert isinstance(window.current_view, toy.ToyView)
    resumed = toy.ToyView.opened[-1]
    assert resumed.state.moves == ["sail", "wait", "sail"] and resumed.store is store


def test_continue_reports_a_save_whose_moves_no_longer_replay(window, games):
    window.store.save(GameRecord(game="toy", variant="classic", actions=["sail", "fly"]), "odd")
    from navalgames.ui.continue_view import ContinueView
    window.show_view(ContinueView())
    view = window.current_view
    testing.click_widget(window, view.rows[0])
    assert window.current_view is view
    assert view.message_text.text == "odd.yaml: action 2 'fly' cannot be replayed: 'fly' is not a toy move"


def test_continue_deletes_only_after_confirmation(window, games):
    path = window.store.save(GameRecord(game="toy", variant="classic"), "keep-or-not")
    from navalgames.ui.continue_view import ContinueView
    window.show_view(ContinueView())
    view = window.current_view
    testing.click_widget(window, view.deletes[0])
    assert path.exists() and view.deletes[0].text == "Sure?"
    testing.click_widget(window, view.deletes[0])
    assert not path.exists() and view.rows == []


def test_a_long_continue_list_scrolls_to_keep_the_focus_in_view(window, games):
    for i in range(30):
        window.store.save(GameRecord(game="toy", variant="classic", actions=["wait"] * i), f"game-{i:02}")
    from navalgames.ui.continue_view import ContinueView
    window.show_view(ContinueView())
    view = window.current_view
    assert len(view.rows) == 30 and view.visible_rows < 30
    for _ in range(2 * view.visible_rows + 2):
        testing.press(window, arcade.key.DOWN)
    focused = view.focused
    assert focused in view.rows or focused in view.deletes
    assert focused.visible and 0 <= focused.rect.bottom and focused.rect.top <= 800


def test_continue_lists_one_entry_per_game_and_finished_games_after_the_others(window, games):
    """Issue 21: a save and its own autosave are one game; finished games come last."""
    import os
    store = window.store
    playing = GameRecord(game="toy", variant="classic", actions=["sail"])
    saved = store.save(playing)
    playing.actions.append("wait")
    auto = store.autosave(playing)
    over = GameRecord(game="toy", variant="short", actions=["sail"], result={"winner": "red", "reason": "won"})
    os.utime(saved, (1_000, 1_000))
    os.utime(auto, (2_000, 2_000))
    os.utime(store.autosave(over), (3_000, 3_000))    # newest, but finished
    show_launcher(window)
    assert window.current_view.buttons[0].text == "Continue  (2)"
    testing.click_widget(window, window.current_view.buttons[0])
    view = window.current_view
    assert [r.heading.text for r in view.rows] == ["Toy Fleet  —  Classic", "Toy Fleet  —  Short game"]
    assert view.rows[0].tag.text == "Saved + autosaved"
    assert view.rows[1].tag.text.startswith("Finished") and "Red won" in view.rows[1].details.text
    testing.click_widget(window, view.deletes[0])
    assert "this game (2 files" in view.message_text.text and saved.exists() and auto.exists()
    testing.click_widget(window, view.deletes[0])
    assert not saved.exists() and not auto.exists()
    assert [r.heading.text for r in view.rows] == ["Toy Fleet  —  Short game"]


def test_hostile_autosaves_neither_stop_the_launcher_nor_continue(window, games):
    """Issue 20, case 2: each of these once stopped the launcher or the Continue screen."""
    store = window.store
    store.autosave_dir.mkdir(parents=True)
    good = yaml.safe_load(GameRecord(game="toy", variant="classic").to_yaml())
    bomb = "".join(f"{c}: &{c} [" + ", ".join([f"*{p}"] * 9) + "]\n" for p, c in zip("abcdefgh", "bcdefghi"))
    files = {"deep.yaml": "[" * 500,
             "seed.yaml": yaml.safe_dump({**good, "seed": 1}).replace("seed: 1", "seed: " + "9" * 4301),
             "result.yaml": yaml.safe_dump({**good, "result": "south"}),
             "bomb.yaml": "a: &a [x, x, x, x, x, x, x, x, x]\n" + bomb + yaml.safe_dump(good)}
    for name, text in files.items():
        (store.autosave_dir / name).write_text(text)
    (store.autosave_dir / "x.yaml").symlink_to(store.root / "nowhere.yaml")
    show_launcher(window)
    assert window.current_view.buttons[0].text == "Continue  (5)"
    testing.click_widget(window, window.current_view.buttons[0])
    view = window.current_view
    testing.draw(window)
    reasons = {r.heading.text: r.details.text for r in view.rows}
    assert set(reasons) == set(files) | {"x.yaml"}
    assert all(r.problem and len(r.details.text) < 120 for r in view.rows)
    assert reasons["deep.yaml"].startswith("Not a readable save: nested deeper than")
    assert "aliases" in reasons["bomb.yaml"] and "4301 digits" in reasons["seed.yaml"]
    assert "'result' must be" in reasons["result.yaml"]
    assert [d.text for d in view.deletes] == ["Delete"] * 5
