"""Dover Patrol played online: the ordinary screens, with the game kept on a server.

``OnlineSession`` is the Session the screens already use, fed by a RemoteMatch: the player at
this screen commands one side (a spectator none), the other side is played at another machine
and its moves arrive like the computer's (``poll_computer``), there is no hand-over and no undo,
and draw offers and resignation go to the server.
"""

from __future__ import annotations

from navalgames.core.state import Event, Outcome

from .session import SIDES, Session, other


class OnlineSession(Session):
    online = True

    def __init__(self, window, match) -> None:
        super().__init__(window, match)
        self.computers = {}
        self.humans = [match.side] if match.side else []
        self.hot_seat = False
        self.answered_offer = None          # the draw offer (its seq) already answered here

    # --- who is who -----------------------------------------------------------------------------
    def label(self, side: str) -> str:
        return "you" if side == self.match.side else "your opponent"

    def result(self) -> Outcome | None:
        return self.match.outcome()

    def viewer(self) -> str:
        return self.match.side or "south"

    def human_to_act(self) -> str | None:
        return self.match.side if self.match.my_turn() else None

    def needs_hand_over(self) -> bool:
        return False

    def computer_to_act(self) -> str | None:
        """The side being played at the other machine, while it is its turn."""
        side = self.state.to_act()
        return side if side in SIDES and side != self.match.side and self.result() is None else None

    # --- the log: built from the events the server sends -----------------------------------------
    def rebuild_log(self) -> None:
        if self.match.finished:          # the whole record is known now
            super().rebuild_log()
            return
        self.log = []                    # the steps so far (a resumed game's come from the server)
        for step in self.match.steps:
            self.log_step(step)

    def log_step(self, step) -> None:
        """One step's lines, numbered by its place in the record (deployments and the lot: 0)."""
        setup = [e for e in step.events if e.kind in ("deploy", "lot")]
        self.add_events(0, setup)
        self.add_events(step.seq, [e for e in step.events if e not in setup])

    def deployed_count(self) -> int:
        if self.match.finished:
            return super().deployed_count()
        return len(self.state.observation(self.viewer()).deployed)

    # --- playing ------------------------------------------------------------------------------------
    def play(self, action) -> list[Event]:
        self.notice = ""
        return self.match.play(action)    # the events come back through poll_computer

    def poll_computer(self) -> tuple[list[Event], str] | None:
        """What arrived from the server: (events, the server's refusal if any), or None."""
        was_finished, logged = self.match.finished, len(self.match.steps)
        events = self.match.poll()
        if events is None:
            return None
        if self.match.finished and not was_finished:
            self.rebuild_log()
        else:
            for step in self.match.steps[logged:]:
                self.log_step(step)
        for event in events:
            if event.kind in ("attack", "explosion", "aground", "capture", "deposit", "flag", "over",
                              "lot", "transfer", "pickup", "draw"):
                self.notice = event.text
        return events, self.match.problem

    def can_undo(self) -> bool:
        return False

    def end_by_agreement(self, winner: str | None, reason: str) -> None:
        """Resigning (or accepting the opponent's draw) is the server's to record."""
        if winner is None:
            self.match.answer_draw(True)
        else:
            self.match.resign()
        self.notice = "Sent to the server…"

    # --- what the panel says about the connection -------------------------------------------------
    def status_line(self) -> str:
        return self.match.status_line()

    def draw_offered_to_me(self) -> bool:
        offer = self.match.draw_offer
        return bool(offer and self.match.side and offer == other(self.match.side))


def answer_draw_offer(view) -> None:
    """The opponent offers a draw: ask the player at this screen, once per offer."""
    s = view.session
    offer = (s.match.draw_offer, s.match.message.get("seq"))
    if view.question is not None or not s.draw_offered_to_me() or s.answered_offer == offer:
        return
    s.answered_offer = offer

    def answer(accept: bool):
        def run() -> None:
            s.match.answer_draw(accept)
            view.error = "" if accept else "You declined the draw."
        return run
    view.ask(f"{s.match.draw_offer.title()} offers a draw. Do you accept?",
             [("Accept", "Y", answer(True)), ("Play on", "N", answer(False))])
