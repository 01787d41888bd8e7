"""What the win-entry template needs: the entry, its live check, and the keypad laid out."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.urls import reverse
from django.utils.translation import gettext

from scorekeeper.engine import ScoreAnswer

from .. import selectors
from ..display.rulesets import EVENT_LABELS, Profile, get_profile
from ..display.score_lines import dealer_sum
from ..display.tiles import SUIT_TABS, TileFace, face, faces
from ..entry.check import WinCheck, win_check
from ..entry.keypad import Target, keypad_codes, keypad_suits, target_of, used_up
from ..entry.other_wins import MAX_OTHER_WINS, OtherEntry
from ..entry.photo import camera_offered
from ..entry.win_fields import MELD_KINDS, WinEntry, seat_of
from ..models import Hand, Session
from ..replay import HandState


@dataclass
class MeldView:
    index: int
    kind: str
    label: str
    tiles: list[TileFace]


@dataclass
class LoserView:
    seat: int
    name: str
    points: str
    concealed: str
    tiles: list[TileFace]
    melds: list[MeldView]
    uses_tiles: bool
    total: int | None
    score: ScoreAnswer | None
    error: str


@dataclass
class OtherView:
    """一炮多響: one slot for another winner on the discard (the form draws two, those not open hidden, so a
    phone offline opens one with no request)."""

    number: int  # 1 or 2: the slot, as the form's fields name it (`other_winner_<number>`)
    is_open: bool
    winner: int | None
    name: str
    mode: str
    figure: str
    chosen_chip: str
    concealed: list[TileFace]
    melds: list[MeldView]
    winning: TileFace | None
    entry: OtherEntry
    score: ScoreAnswer | None
    error: str
    over_limit: bool  # its figure is past the limit: "Yes, it is right" beside it


def win_context(session: Session, entry: WinEntry, *, editing: Hand | None = None,
                errors: dict[str, str] | None = None) -> dict[str, Any]:
    profile = get_profile(session.ruleset)
    place = selectors.hand_place(session=session, hand_id=editing.pk if editing is not None else None)
    check = win_check(session=session, entry=entry.entered(profile), editing=editing, replay=place.replay)
    names = place.names  # the people in the seats at this hand
    state = check.state
    shown_errors = {("form" if k == "__all__" else k): v for k, v in (errors or {}).items()}
    return {
        "session": session, "profile": profile, "entry": entry, "check": check, "editing": editing,
        "number": place.number, "state": state, "names": names,
        "seats": [(i, name, state.seat_winds[i]) for i, name in enumerate(names)],
        # The responsible select compares seats as ints, like winner_seat and discarder_seat.
        "responsible_choice": seat_of(entry.responsible),
        "responsible_seats": entry.responsible_seats(profile),
        "dealer_name": names[state.dealer], "streak": state.continuations, "errors": shown_errors,
        "deal_json": None if editing else _deal_json(session, state, place.number, profile, names),
        "post_url": reverse("hand_edit", args=[editing.pk]) if editing else reverse("win_new", args=[session.pk]),
        "preview_url": reverse("win_preview", args=[session.pk]), "photo_url": _photo_url(session),
        "cancel_url": reverse("history", args=[session.pk]) if editing else
        reverse("win_new", args=[session.pk]) + "?cancel=1",
        # Offline the draft cannot be dropped (the server keeps it): Cancel goes back at once.
        "offline_cancel_url": reverse("history" if editing else "session", args=[session.pk]),
        "label": place.label,
        "concealed": _marking_wilds(faces(entry.hand.concealed), entry.wild if profile.wild_label else ""),
        "needed": entry.hand.needed(profile.ruleset.hand_size),
        "melds": _melds(entry.hand.meld_pairs()),
        "winning": _one_face(entry.winning_tile), "wild": _one_face(entry.wild), "bonus_tiles": faces(entry.bonus),
        **_table_choices(entry, profile, session.options),
        "people_line": _people_line(entry, names, shown_errors),
        # A refused save names the figure's problem; the live check names a figure past the limit.
        "figure_error": shown_errors.get("figure") or (check.errors.get("figure", "") if check.over_limit else ""),
        "figure_sum_text": dealer_sum(check.figure_sum[0], check.figure_sum[1], state.continuations,
                                      profile.dealer_word) if check.figure_sum else "",
        # What is missing, in the bar above Save; a figure's own problem is said beside the figure instead.
        "hints": [m for k, m in check.errors.items()
                  if not (k == "tiles" and entry.mode == "tiles") and not (k == "figure" and check.over_limit)],
        "losers": _losers(entry, check, names, shown_errors) if profile.ruleset.payoff.loser_points else [],
        **_keypad(entry, profile, names), **_others(session, entry, check, names, shown_errors),
    }


def _others(session: Session, entry: WinEntry, check: WinCheck, names: list[str],
            errors: dict[str, str]) -> dict[str, Any]:
    """一炮多響 (taiwan's house option `several_winners`): the other winners' slots, and what the preview and the
    tiles card say of who is being entered."""
    several = bool(session.options.get("several_winners")) or bool(entry.others)
    if not several:
        return {"several": False, "others": []}
    chips = [str(value) for value in get_profile(session.ruleset).ruleset.figures_at(session.options)]
    views = []
    for number in range(1, MAX_OTHER_WINS + 1):
        other = entry.others[number - 1] if number <= len(entry.others) else OtherEntry()
        seat = other.winner_seat
        views.append(OtherView(
            number, number <= len(entry.others), seat, names[seat] if seat is not None else "", other.mode,
            other.figure, other.figure if other.mode == "figure" and other.figure in chips else "",
            faces(other.hand.concealed), _melds(other.hand.meld_pairs()), _one_face(other.winning_tile), other,
            # beside the row once a save was refused; meanwhile the bar above Save says what is missing
            check.other_scores.get(number),
            errors.get(f"other_{number}") or (check.errors.get(f"other_{number}", "")
                                              if number in check.other_over_limit else ""),
            number in check.other_over_limit))
    open_count = len(entry.others)
    return {"several": True, "others": views, "can_add_other": open_count < MAX_OTHER_WINS,
            "several_open": open_count > 0,
            "winner_name": names[entry.winner_seat] if entry.winner_seat is not None else ""}


def _photo_url(session: Session) -> str:
    """Where the keypad sends a photo of the tiles (issue 38), where this server reads photos (the camera extra)."""
    return reverse("session_photo", args=[session.pk]) if camera_offered() else ""


def _keypad(entry: WinEntry, profile: Profile, names: list[str]) -> dict[str, Any]:
    target = target_of(entry)
    suits = keypad_suits(target, profile)
    suit = entry.suit if entry.suit in suits else suits[0]
    loser = target.loser_seat
    keys_for = "bonus" if target.part == "bonus" else "hand"
    key_sets = {name: keypad_suits(Target(name), profile) for name in ("hand", "bonus")
                if name == "hand" or profile.ruleset.bonus_tiles}
    spent = set() if target.part == "wild" else used_up(entry)
    # Without JavaScript each tap reloads the page: come back to the tiles, not the top.
    anchor = "#tiles-card" if entry.mode == "tiles" else "#keypad"
    return {
        "target": target.text, "meld_target": target.takes_meld, "suit": suit,
        "status": keypad_status(entry, profile, names),
        "keypad_anchor": anchor,
        # Every suit's keys are on the page, and the bonus tiles', the others hidden: a suit tab or a new
        # target switches them at once, offline too (static/js/keypad.js).
        "keys_for": keys_for,
        # Called by the template only when the keys are drawn, not when they come from its cache.
        "key_groups": lambda: [(name, s, [face(code) for code in keypad_codes(Target(name), profile) if code[1] == s])
                               for name, set_suits in key_sets.items() for s in set_suits],
        "used_up": spent,
        # What the keys show, but the language and the form's URL: their cache key (win.html).
        "keys_drawn": "|".join([profile.ruleset.key, target.text, str(target.takes_meld), entry.meld_kind, suit,
                                keys_for, anchor, *sorted(spent)]),
        "suit_tabs": [(name, s, glyph, label) for name, set_suits in key_sets.items()
                      for s, glyph, label in SUIT_TABS if s in set_suits],
        "hand_suits": "".join(key_sets["hand"]), "bonus_suits": "".join(keypad_suits(Target("bonus"), profile)),
        "meld_kinds": list(MELD_KINDS.items()),
        "loser_target": loser, "loser_target_name": names[loser] if loser is not None else "",
    }


def _deal_json(session: Session, state: HandState, number: int, profile: Profile, names: list[str]) -> str:
    """A new win's form kept offline shows the hand and dealer after the hands waiting (offline_screen.js)."""
    return selectors.deal_json(session=session, state=state, hand_number=number, profile=profile, names=names)


def _people_line(entry: WinEntry, names: list[str], errors: dict[str, str]) -> str:
    """Who won how, in one line, once both are chosen on the keypad's screen; "" to show the choices."""
    winner, discarder = entry.winner_seat, entry.discarder_seat
    if entry.mode != "tiles" or winner is None or "winner" in errors or "how" in errors:
        return ""
    if entry.self_drawn:
        return gettext("%(winner)s won self-drawn") % {"winner": names[winner]}
    if discarder is None or discarder == winner:
        return ""
    return gettext("%(winner)s won on %(discarder)s's discard") % {"winner": names[winner],
                                                                  "discarder": names[discarder]}


def _table_choices(entry: WinEntry, profile: Profile, options: dict[str, Any]) -> dict[str, Any]:
    """The usual figures at this table as chips, in two rows (app.css: .figure-chips.cols-N), the limit's
    marked; any other figure stays in the "Other" field. The events a win says (by tiles, and by figure where
    they change who pays); the bonus tiles it is entered with at this table (none without flowers)."""
    chips = [str(value) for value in profile.ruleset.figures_at(options)]
    limit = profile.ruleset.limit_at(options)
    chosen = entry.figure if entry.figure in chips else ""
    return {"figure_chips": chips, "chosen_chip": chosen, "figure_typed": "" if chosen else entry.figure,
            "chip_columns": -(-len(chips) // 2), "limit_chip": str(limit) if limit is not None else "",
            "chips_drawn": " ".join([*chips, "chosen", chosen, "limit", str(limit)]),  # their cache key
            # By tiles a ticked event that does not fit stays, named beside the events (check._events_misfit).
            "events": [(e, EVENT_LABELS[e]) for e in profile.ruleset.events
                       if entry.fits_how(e) or e in entry.events],
            "figure_events": [(e, EVENT_LABELS[e]) for e in profile.ruleset.payoff.figure_events
                              if entry.fits_how(e)],
            "bonus_kind": profile.ruleset.bonus_tiles_at(options)}


def keypad_status(entry: WinEntry, profile: Profile, names: list[str]) -> str:
    """What the next tap does, in words."""
    meld = str(MELD_KINDS.get(entry.meld_kind, "")).lower()
    target = target_of(entry)
    if target.loser_seat is not None:
        return (gettext("Tap the tile for %(name)s's %(meld)s") if target.takes_meld
                else gettext("Adding to %(name)s's hand")) % {"name": names[target.loser_seat], "meld": meld}
    if target.takes_meld:
        return gettext("Tap the lowest tile of the chow") if entry.meld_kind == "chow" else \
            gettext("Tap the tile of the %(meld)s") % {"meld": meld}
    if target.part == "bonus":
        return gettext("Tap each flower or season") if profile.ruleset.bonus_tiles == "flowers" else \
            gettext("Tap each wind or red dragon shown")
    if target.part == "wild":
        return gettext("Tap the %(wild)s") % {"wild": profile.wild_label.lower()}
    complete = len(entry.hand.codes) >= entry.hand.needed(profile.ruleset.hand_size)
    if complete and _one_face(entry.winning_tile):
        return gettext("The hand is complete: tap a tile above to take it out")
    return gettext("Tap the winning tile") if target.part == "winning" or complete else \
        gettext("Tap the tiles in the hand")


def _losers(entry: WinEntry, check: WinCheck, names: list[str], errors: dict[str, str]) -> list[LoserView]:
    out = []
    for seat in entry.losers():
        hand = entry.loser_hands.get(seat)
        out.append(LoserView(
            seat, names[seat], entry.loser_points.get(seat, ""), hand.concealed if hand else "",
            faces(hand.concealed) if hand else [], _melds(hand.meld_pairs()) if hand else [],
            entry.loser_uses_tiles(seat), check.loser_totals.get(seat), check.loser_scores.get(seat),
            errors.get(f"loser_{seat}", ""),
        ))
    return out


def _melds(pairs: list[tuple[str, str]]) -> list[MeldView]:
    return [MeldView(i, kind, str(MELD_KINDS.get(kind, kind)), faces(tiles)) for i, (kind, tiles) in enumerate(pairs)]


def _marking_wilds(tiles: list[TileFace], wild: str) -> list[TileFace]:
    """Golds (fujian) and fortune tiles (taizhou: copies of the indicator) drawn as wilds."""
    return [face(t.code + "*") if t.code == wild else t for t in tiles]


def _one_face(text: str) -> TileFace | None:
    found = faces(text)
    return found[0] if len(found) == 1 else None
