"""Continue (issue 21): moves leave out setup steps and dice, in older saves too."""

from __future__ import annotations

from navalgames.ui import testing
from navalgames.ui.continue_view import ContinueView


def test_an_older_save_shows_its_moves_without_setup_steps_or_dice_and_keeps_counting(window):
    from games.naval_blockade.ui.screenshot import demo_match
    match = demo_match("play", window)         # start squares, the toss, the layout, then moves
    record = match.record
    moves = record.decisions
    assert 0 < moves < len(record.actions) - 3
    for path in window.store.autosave_dir.glob("*.yaml"):
        path.unlink()
    record.decisions = None                    # as saves were written before the count was kept
    window.store.save(record)
    view = ContinueView()
    window.show_view(view)
    testing.draw(window)
    (row,) = view.rows
    assert f"{moves} moves" in row.details.text
    testing.click_widget(window, row)          # resumed: the count goes on from there
    resumed = window.current_view.match
    assert resumed.record.decisions == moves
