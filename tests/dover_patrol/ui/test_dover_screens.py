"""Dover Patrol on screen, driven by synthetic clicks and keys on the hidden test window.

Issue 5: deploy at random, start a game, move and attack by clicks, the hand-over screen between
two players on one screen, enemy pieces drawn as backs until seen, save and resume, the computer
thinking off the UI thread, undo, resign, the game-over replay.
"""

from __future__ import annotations

import arcade
import pytest
from dover_screen_helpers import (click_button, click_square, deploy_at_random, drag, hand_over, open_match,
                                  position, settle, spec)

from games.dover_patrol.rules import Move
from games.dover_patrol.ui.deploy import DeployView
from games.dover_patrol.ui.formations import load_formations
from games.dover_patrol.ui.gameover import GameOverView
from games.dover_patrol.ui.handover import HandOverView
from games.dover_patrol.ui.play import PlayView
from navalgames.core.match import Match, replay
from navalgames.core.records import read_record
from navalgames.ui import testing

HOT_SEAT = {"south": "human", "north": "human"}
VS_COMPUTER = {"south": "human", "north": "computer:random"}


def start_hot_seat(window) -> tuple[Match, PlayView]:
    """A game on one screen, both fleets deployed at random through the deployment screens."""
    match, view = open_match(window, players=HOT_SEAT)
    assert isinstance(view, HandOverView) and view.heading == "South to deploy"
    view = hand_over(window)
    assert isinstance(view, DeployView) and view.side == "south"
    view = deploy_at_random(window)
    assert isinstance(view, HandOverView) and view.heading == "North to deploy"
    view = hand_over(window)
    assert isinstance(view, DeployView) and view.side == "north"
    view = deploy_at_random(window)
    if match.state.to_act() == "south":
        assert isinstance(view, HandOverView)   # South moves first: he takes the screen from North
        view = hand_over(window)
    assert isinstance(view, PlayView) and view.board.viewer == match.state.to_act()
    return match, view


def covers_everything(cover) -> bool:
    """A covering screen shows no piece face: only the called side's emblem (a back and a flag)."""
    from games.dover_patrol.ui.textures import piece_textures
    textures = piece_textures(False)
    emblems = {textures[f"back-{cover.side}"], textures[f"flag-{cover.side}"]}
    return all(sprite.texture in emblems for sprite in cover.canvas.sprites)


def plain_move(view) -> Move:
    """A one-square move without an attack, of the side at the screen."""
    state = view.session.state
    actions = state.legal_actions()
    attacking = {(a.frm, a.to) for a in actions if isinstance(a, Move) and a.attack >= 0}
    return next(a for a in actions if isinstance(a, Move) and a.attack < 0
                and abs(a.to - a.frm) in (1, state.rules.files) and (a.frm, a.to) not in attacking)


def enemy_sprites_are_backs(view) -> None:
    me = view.board.viewer
    obs = view.session.state.observation(me)
    names = view.session.rules.names
    backs = 0
    for piece in obs.enemy():
        sprite = view.board.piece_at[names[piece.square]]
        if piece.kind is None:
            assert sprite.texture is view.board.textures[f"back-{piece.side}"]
            backs += 1
        else:
            assert sprite.texture is view.board.textures[f"seen-{piece.side}-{piece.kind}"]
    for piece in obs.own():
        assert view.board.piece_at[names[piece.square]].texture is view.board.textures[f"face-{me}-{piece.kind}"]
    assert backs > 0


def test_hot_seat_deploy_at_random_then_move_by_clicks_and_hand_over(window):
    match, view = start_hot_seat(window)
    assert len(match.record.actions) == 2 and match.state.phase == "play"
    mover = match.state.to_act()
    assert view.board.viewer == mover
    enemy_sprites_are_backs(view)

    move = plain_move(view)
    names = match.state.rules.names
    click_square(window, view, names[move.frm])
    assert view.selected == names[move.frm]
    assert names[move.to] in view.destinations()
    click_square(window, view, names[move.to])
    assert match.record.actions[-1] == str(move)

    cover = settle(window)
    assert isinstance(cover, HandOverView)
    assert cover.side != mover
    assert covers_everything(cover)
    assert any(str(move) in line for line in cover.news)
    view = hand_over(window)
    assert isinstance(view, PlayView) and view.board.viewer == cover.side
    enemy_sprites_are_backs(view)


def test_drag_a_ship_to_move_it(window):
    match, view = start_hot_seat(window)
    move = plain_move(view)
    names = match.state.rules.names
    drag(window, view.board.screen_centre(names[move.frm]), view.board.screen_centre(names[move.to]))
    assert match.record.actions[-1] == str(move)


def test_attack_by_clicks_reveals_both_pieces_and_is_logged(window):
    start = position({"b5": "7", "d2": "1", "e3": "MI"}, {"b7": "6", "g11": "1", "h12": "2"})
    match, view = open_match(window, players=HOT_SEAT, start=start)
    view = hand_over(window)
    assert isinstance(view, PlayView)
    assert view.board.piece_at["b7"].texture is view.board.textures["back-north"]
    click_square(window, view, "b5")
    click_square(window, view, "b6")
    assert view.pending is not None and view.targets() == ["b7"]
    assert view.panel.find("no_attack").enabled
    click_square(window, view, "b7")
    assert match.record.actions[-1] == "b5-b6xb7"
    assert any("North's Battle Cruiser sunk" in line.text for line in view.session.log)
    assert view.board.effects            # the sinking is animated
    testing.draw(window)
    assert view.board.piece_at["b6"].texture is view.board.textures["face-south-7"]


def test_no_attack_declines_with_the_plain_move(window):
    start = position({"b5": "7", "d2": "1", "e3": "MI"}, {"b7": "6", "g11": "1", "h12": "2"})
    match, view = open_match(window, players=HOT_SEAT, start=start)
    view = hand_over(window)
    click_square(window, view, "b5")
    click_square(window, view, "b6")
    testing.press(window, arcade.key.N)
    assert match.record.actions[-1] == "b5-b6"


def test_compulsory_attack_offers_no_decline(window):
    start = position({"e2": "7", "a1": "1", "h2": "MI"}, {"e4": "6", "g11": "1", "h12": "2"},
                     variant="capture-the-base")
    match, view = open_match(window, players=HOT_SEAT, start=start, variant="capture-the-base")
    view = hand_over(window)
    click_square(window, view, "e2")
    click_square(window, view, "e3")
    assert view.pending is not None and view.pending[3] is None
    assert not view.panel.find("no_attack").enabled
    testing.press(window, arcade.key.N)
    assert match.record.actions == []     # N does nothing: the attack must be made
    click_square(window, view, "e4")
    assert match.record.actions[-1] == "e2-e3xe4"


def test_flags_carrier_must_exit_and_hands_the_flag_by_clicks(window):
    # South's 5 stands on North's base f12 with North's flag: it must leave the base first.
    start = position({"f12": "5", "a1": "1", "c3": "MI"}, {"a12": "2", "b12": "MI", "h1": "1"},
                     flags={"south": "base", "north": "f12"})
    match, view = open_match(window, players=HOT_SEAT, start=start)
    view = hand_over(window)
    assert view.selected == "f12"            # the compulsory exit is chosen for the player
    exits = set(view.destinations())
    assert exits and exits <= {"f11", "g12"}
    assert "Must leave" in view.instruction() or "must leave the base" in view.instruction()
    assert any(s.texture is view.board.textures["exit"] for s in view.board.overlay)
    assert any(s.texture is view.board.textures["flag-north"] for s in view.board._flag_sprites)


def test_flag_transfer_is_an_action_on_the_carrier(window):
    start = position({"d6": "5", "d5": "4", "a1": "1", "c3": "MI"}, {"a12": "2", "b12": "MI", "h1": "1"},
                     flags={"south": "base", "north": "d6"}, transfer={"south": [["d6", "d5"]]})
    match, view = open_match(window, players=HOT_SEAT, start=start)
    view = hand_over(window)
    click_square(window, view, "d6")
    assert view.handoffs() == ["d5"]
    click_square(window, view, "d5")
    assert match.record.actions[-1] == "d6>d5"


def test_against_the_computer_no_hand_over_and_it_answers_off_the_ui_thread(window):
    match, view = open_match(window, players=VS_COMPUTER)
    assert isinstance(view, DeployView) and view.side == "south"
    view = deploy_at_random(window)
    assert isinstance(view, PlayView)
    if match.state.to_act() == "north":          # the lot gave the computer the first move
        view = settle(window)
    if view.reveal is not None:                   # its first move was an attack: put it away
        testing.press(window, arcade.key.SPACE)
    assert match.state.to_act() == "south"
    before = len(match.record.actions)
    move = plain_move(view)
    names = match.state.rules.names
    click_square(window, view, names[move.frm])
    click_square(window, view, names[move.to])
    assert match.state.to_act() == "north"
    assert "Random player" in view.thinking_words()     # the stand-in says what it is
    view.on_update(0.01)
    assert view.session.thinker.busy                    # thinking on its own thread...
    testing.draw(window)                                # ...while the window goes on drawing
    view = settle(window)
    assert isinstance(view, PlayView)          # never a hand-over against the computer
    assert len(match.record.actions) == before + 2 and match.state.to_act() == "south"
    if view.reveal is not None:               # the computer's reply was an attack, shown face up
        testing.press(window, arcade.key.SPACE)
    # an undo takes both moves back, unless they showed South an enemy ship he did not know
    learned = view.session.known_enemies(before) < view.session.known_enemies(before + 2)
    click_button(window, view, "undo")
    if learned:
        assert len(match.record.actions) == before + 2 and "No undo" in view.error
    else:
        assert len(match.record.actions) == before and match.state.to_act() == "south"


def test_save_button_and_resume_from_the_autosave(window):
    match, view = start_hot_seat(window)
    move = plain_move(view)
    names = match.state.rules.names
    click_square(window, view, names[move.frm])
    click_square(window, view, names[move.to])
    view = hand_over(window)
    click_button(window, view, "save")
    saved = list(window.store.saves_dir.glob("*.yaml"))
    assert len(saved) == 1 and read_record(saved[0]).actions == match.record.actions

    auto = read_record(next(window.store.autosave_dir.glob("*.yaml")))
    assert auto.actions == match.record.actions
    resumed = Match(spec(), auto, window.store, state=replay(auto))
    cover = window.start_match(resumed)
    assert isinstance(cover, HandOverView)      # a resumed game on one screen starts covered
    view = hand_over(window)
    assert isinstance(view, PlayView)
    assert view.session.state.to_position() == match.state.to_position()
    assert [l.text for l in view.session.log] == [l.text for l in window.current_view.session.log]


def test_resign_leads_to_game_over_with_a_replay(window):
    match, view = start_hot_seat(window)
    for _ in range(2):
        move = plain_move(view)
        names = match.state.rules.names
        click_square(window, view, names[move.frm])
        click_square(window, view, names[move.to])
        view = hand_over(window)
    loser = match.state.to_act()
    testing.press(window, arcade.key.R)
    assert view.question is not None
    testing.press(window, arcade.key.Y)
    over = settle(window)
    assert isinstance(over, GameOverView)
    assert match.record.result["winner"] != loser and "resigned" in match.record.result["reason"]
    # every piece turned up
    backs = {over.board.textures["back-south"], over.board.textures["back-north"]}
    assert len(over.board.pieces) >= 78 and not any(s.texture in backs for s in over.board.pieces)
    last = dict(over.board.picture.tokens)
    click_button(window, over, "back")
    assert over.step == over.total - 1
    assert over.board.picture.tokens != last
    testing.press(window, arcade.key.HOME)
    assert over.step == over.first == 2
    click_button(window, over, "new_game")
    assert window.current_view is not over


def test_deployment_tray_drag_return_swap_and_ready(window):
    match, view = open_match(window, players=VS_COMPUTER)
    assert not view.panel.find("ready").enabled
    slot = dict(view.tray_slots)["10"]
    drag(window, (slot[0] + slot[2] / 2, slot[1] + slot[3] / 2), view.board.screen_centre("d2"))
    assert view.placement == {"d2": "10"}
    slot = dict(view.tray_slots)["MI"]
    drag(window, (slot[0] + slot[2] / 2, slot[1] + slot[3] / 2), view.board.screen_centre("e2"))
    drag(window, view.board.screen_centre("d2"), view.board.screen_centre("e2"))
    assert view.placement == {"e2": "10", "d2": "MI"}            # swapped
    click_square(window, view, "d2", arcade.MOUSE_BUTTON_RIGHT)
    assert view.placement == {"e2": "10"}                         # back to the tray
    drag(window, view.board.screen_centre("e2"), view.board.screen_centre("e9"))
    assert view.placement == {"e2": "10"}                         # outside the setup squares: stays
    assert "still in the tray" in view.problems()[0]
    drag(window, view.board.screen_centre("e2"), (view.layout.panel.left + 100, 400))
    assert view.placement == {}                                   # dropped on the panel: back to the tray
    click_button(window, view, "random")
    assert view.panel.find("ready").enabled and not view.problems()


def test_a_formation_saved_by_name_is_offered_in_the_next_game(window):
    match, view = open_match(window, players=VS_COMPUTER)
    click_button(window, view, "random")
    chosen = dict(view.placement)
    testing.press(window, arcade.key.F)
    for letter in "Wall":
        window.dispatch_event("on_text", letter)
    window.dispatch_events()
    testing.press(window, arcade.key.ENTER)
    assert view.prompt is None and "saved" in view.message
    match2, view2 = open_match(window, players={"south": "computer:random", "north": "human"}, seed=9)
    assert isinstance(view2, DeployView) and view2.side == "north"
    click_button(window, view2, "formation:Wall")
    # the formation was saved from South's seat: North gets it turned round
    rules = match2.state.rules
    turned = {rules.names[rules.board.rotate(rules.grid.parse(sq))]: code for sq, code in chosen.items()}
    assert view2.placement == turned and not view2.problems()


def test_a_loaded_formation_can_be_forgotten_with_a_second_click(window):
    match, view = open_match(window, players=VS_COMPUTER)
    click_button(window, view, "random")
    view.store_formation("Screen")
    view.store_formation("Wall")
    click_button(window, view, "formation:Screen")
    click_button(window, view, "forget_formation")
    assert {f.name for f in load_formations()} == {"Screen", "Wall"}   # the first click only asks
    assert "again" in view.message
    click_button(window, view, "forget_formation")
    assert {f.name for f in load_formations()} == {"Wall"}
    view.on_draw()
    assert view.panel.find("formation:Screen") is None and view.panel.find("forget_formation") is None


def test_fleet_orders_several_moves_then_end_turn(window):
    start = position({"b4": "3", "d4": "4", "a1": "1"}, {"b10": "2", "g11": "5", "h12": "1"},
                     variant="fleet-orders")
    match, view = open_match(window, players=HOT_SEAT, start=start, variant="fleet-orders")
    view = hand_over(window)
    assert not view.panel.find("end_turn").enabled
    click_square(window, view, "b4")
    click_square(window, view, "b5")
    click_square(window, view, "d4")
    click_square(window, view, "d5")
    assert match.record.actions == ["b4-b5", "d4-d5"] and match.state.to_act() == "south"
    click_button(window, view, "end_turn")
    assert match.record.actions[-1] == "end"
    assert isinstance(settle(window), HandOverView)


@pytest.mark.parametrize("size", [(1000, 700), (1600, 900)])
def test_clicks_land_on_the_right_squares_after_a_resize(window, size):
    match, view = start_hot_seat(window)
    testing.resize(window, *size)
    for square in ("a1", "h12", "d6"):
        assert view.board.square_at(*view.board.screen_centre(square)) == square
    right_of_board = view.board.pixel_rect.right
    assert view.layout.panel.left >= right_of_board


def test_a_resumed_finished_game_opens_on_game_over(window):
    match, view = start_hot_seat(window)
    view.session.end_by_agreement("north", "South resigned")
    auto = read_record(next(window.store.autosave_dir.glob("*.yaml")))
    assert auto.result == {"winner": "north", "reason": "South resigned"}
    resumed = Match(spec(), auto, window.store, state=replay(auto))
    assert isinstance(window.start_match(resumed), GameOverView)


def test_draw_offer_on_one_screen_is_answered_on_a_covered_screen(window):
    from games.dover_patrol.ui.handover import AnswerView
    match, view = start_hot_seat(window)
    offering = match.state.to_act()
    testing.press(window, arcade.key.D)
    testing.press(window, arcade.key.Y)                       # yes, offer it
    answer = window.current_view
    assert isinstance(answer, AnswerView) and answer.side != offering
    assert covers_everything(answer)
    answer.on_update(1.0)
    testing.press(window, arcade.key.N)                       # declined: the offerer gets the screen back
    view = hand_over(window)
    assert isinstance(view, PlayView) and match.record.result is None
    testing.press(window, arcade.key.D)
    testing.press(window, arcade.key.Y)
    window.current_view.on_update(1.0)
    testing.press(window, arcade.key.Y)
    over = settle(window)
    assert isinstance(over, GameOverView) and match.record.result["winner"] == "none"


def test_colour_blind_setting_reaches_the_board(window):
    window.settings.colour_blind = True
    match, view = open_match(window, players=VS_COMPUTER)
    assert view.pal.name == "colour-blind"
    assert view.board.textures["back-north"] is not view.board.textures.get("face-north-10")
    from games.dover_patrol.ui.textures import piece_textures
    assert view.board.textures is piece_textures(True)
