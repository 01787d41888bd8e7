""""The session changed — here is the latest": what a form says when another phone saved first.

Every screen that saves (a win, a draw or an on-the-spot payment, a delete, quick entry, a seat change) is
refused when the session moved on after its form was built (services.SaveRefused `changed`; quick entry's
services.SessionChanged). Each shows the same
notice (templates/tables/_changed.html: the hand being changed as it now is, the balances, the last hands),
keeps what was typed on a form rebuilt on the latest revision, so that saving again goes through, and says
so in its status (web.requests.refusal_status): all of that is made here, once.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.http import HttpResponse, QueryDict
from django.shortcuts import render

from .. import selectors
from ..models import Hand, Session
from ..selectors import HandRow, Standings
from .requests import Request, refusal_status


@dataclass(frozen=True)
class Conflict:
    """Another phone changed the session: the session as it now is, and the hand being changed, if any."""

    standings: Standings  # the balances and the last hands now, with the replay they were read from
    row: HandRow | None

    @property
    def session(self) -> Session:
        return self.standings.session

    @property
    def notice(self) -> dict[str, Any]:
        """What templates/tables/_changed.html shows."""
        return {"changed": self.standings, "changed_row": self.row}

    @property
    def revision(self) -> str:
        return str(self.session.revision)

    def rebased(self, data: QueryDict) -> QueryDict:
        """The posted form as typed, now built from the latest revision: saving again goes through."""
        data = data.copy()
        data["revision"] = self.revision
        return data


def session_changed(session: Session, hand: Hand | None = None) -> Conflict:
    """The session read again, with the hand being changed (if any) as it now is."""
    session = selectors.session_get(pk=session.pk)
    standings = selectors.session_standings(session=session, recent=3)
    row = None
    if hand is not None and hand.pk in standings.replay.hand_ids:
        fresh = Hand.objects.get(pk=hand.pk)
        row = selectors.hand_rows(session=session, replay=standings.replay, hands=[fresh])[0]
    return Conflict(standings, row)


def hand_gone(hand: Hand) -> bool:
    """The hand being changed was deleted meanwhile (maybe by the other phone): there is nothing to redraw."""
    return not Hand.objects.live().filter(pk=hand.pk).exists()


def form_page(request: Request, template: str, context: dict[str, Any], conflict: Conflict | None = None, *,
              invalid: bool = False) -> HttpResponse:
    """A form's page, under the notice when another phone changed the session, with the status that says why
    it was refused."""
    notice = conflict.notice if conflict is not None else {}
    return render(request, template, context | notice,
                  status=refusal_status(request, changed=conflict is not None, invalid=invalid))
