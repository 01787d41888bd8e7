"""The win entry's tile keypad: where the next tapped tile goes (`Target`) and what each tap does.

Every tap is a plain form post (`action=add:5p`, `remove:hand:5p`, `target:loser-2`, `swap:hand:3:6s:9s`, ...)
that `apply_action` applies to the entry held in the form's own fields, so the keypad
works without JavaScript and HTMX only swaps the re-rendered form.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from django.utils.translation import gettext

from scorekeeper.engine.tiles import BONUS_BASE, format_tiles, parse_tiles, tile_code

from ..display import tiles as tilefaces
from ..display.rulesets import Profile
from .win_fields import MELD_KINDS, MELD_SIZES, TileHand, WinEntry, seat_of

PARTS = ("hand", "winning", "meld", "bonus", "wild")
SUITS = "mpszf"
COPIES = 4  # of each tile in a set; a bonus tile (a flower) is one of a kind


@dataclass(frozen=True)
class Target:
    """Where the next tapped tile goes; its text round-trips: 'hand', 'meld', 'loser-2', 'loser-2-meld'."""

    part: str  # one of PARTS, or "loser"
    seat: int | None = None  # the loser whose tiles these are
    meld: bool = False  # a loser's meld (the winner's melds are the part "meld")

    @classmethod
    def from_text(cls, text: str) -> Target | None:
        if text in PARTS:
            return cls(text)
        seat, _, rest = text.removeprefix("loser-").partition("-")
        if not text.startswith("loser-") or seat_of(seat) is None or rest not in ("", "meld"):
            return None
        return cls("loser", seat_of(seat), rest == "meld")

    @property
    def text(self) -> str:
        if self.part != "loser":
            return self.part
        return f"loser-{self.seat}" + ("-meld" if self.meld else "")

    def __str__(self) -> str:
        return self.text

    @property
    def takes_meld(self) -> bool:
        return self.part == "meld" or self.meld

    @property
    def loser_seat(self) -> int | None:
        return self.seat if self.part == "loser" else None


HAND = Target("hand")


def target_of(entry: WinEntry) -> Target:
    return Target.from_text(entry.target) or HAND


def apply_actions(entry: WinEntry, actions: list[str], profile: Profile) -> None:
    """Taps applied in order (a batch of quick taps, static/js/keypad.js); a save is never one of them."""
    for action in actions:
        if action != "save":
            apply_action(entry, action, profile)


def apply_action(entry: WinEntry, action: str, profile: Profile) -> None:
    verb, _, arg = action.partition(":")
    entry.message = ""
    if verb in ACTIONS:
        ACTIONS[verb](entry, arg, profile)


def used_up(entry: WinEntry) -> set[str]:
    """Tiles whose every copy is on the table already (the winner's and the losers' hands): the keypad
    greys them out, since a fifth copy does not exist."""
    used = Counter(tilefaces.split(entry.winning_tile))
    used.update(code for other in entry.others for code in tilefaces.split(other.winning_tile))
    for hand in [entry.hand, *entry.loser_hands.values(), *(other.hand for other in entry.others)]:
        used.update(hand.codes)
        for _kind, tiles in hand.meld_pairs():
            used.update(tilefaces.split(tiles))
    return {code for code, count in used.items() if count >= COPIES} | set(tilefaces.split(entry.bonus))


def _add(entry: WinEntry, code: str, profile: Profile) -> None:
    if tilefaces.split(code) != [code]:  # only a real tile, as the keypad sends it
        return
    target = target_of(entry)
    if code in used_up(entry) and target.part not in ("wild", "bonus"):  # a bonus tile says it is there
        entry.message = gettext("All four %(tile)s are in the hands already.") % {"tile": tilefaces.face(code).label}
        return
    if target.part == "loser":
        _add_for_loser(entry, target, code, profile)
    else:
        ADDERS[target.part](entry, code, profile)


def _add_to_hand(entry: WinEntry, code: str, profile: Profile) -> None:
    _add_concealed(entry, entry.hand, code, profile.ruleset.hand_size, allow_winning=True)


def _add_winning(entry: WinEntry, code: str, profile: Profile) -> None:
    entry.winning_tile = code
    if len(entry.hand.codes) < entry.hand.needed(profile.ruleset.hand_size):
        entry.target = "hand"


def _add_to_melds(entry: WinEntry, code: str, profile: Profile) -> None:
    _add_meld(entry, entry.hand, code)


def _add_bonus(entry: WinEntry, code: str, profile: Profile) -> None:
    codes = tilefaces.split(entry.bonus)
    if code in codes:
        entry.message = gettext("%(tile)s is already there: each bonus tile is shown once.") % {
            "tile": tilefaces.face(code).label}
    else:
        entry.bonus = tilefaces.join(codes + [code])


def _add_wild(entry: WinEntry, code: str, profile: Profile) -> None:
    entry.wild = code
    entry.target = "hand"
    entry.suit = suit_for(HAND, entry.suit, profile)


ADDERS = {"hand": _add_to_hand, "winning": _add_winning, "meld": _add_to_melds, "bonus": _add_bonus,
          "wild": _add_wild}


def _add_for_loser(entry: WinEntry, target: Target, code: str, profile: Profile) -> None:
    assert target.seat is not None  # Target.from_text: a loser's target names a seat
    loser = entry.loser_hands.setdefault(target.seat, TileHand())
    if target.meld:
        _add_meld(entry, loser, code)
        entry.target = Target("loser", target.seat).text
    else:
        _add_concealed(entry, loser, code, profile.ruleset.hand_size, allow_winning=False)


def _add_concealed(entry: WinEntry, hand: TileHand, code: str, hand_size: int, *, allow_winning: bool) -> None:
    codes = hand.codes
    if not hand.readable:
        hand.concealed += code
        return
    if len(codes) >= hand.needed(hand_size):
        if allow_winning and not entry.winning_tile:
            entry.winning_tile = code
            return
        full = (gettext("The hand already has %(count)d tiles and a winning tile: tap a tile in it to take it out.")
                if allow_winning else
                gettext("The hand already has %(count)d tiles: tap a tile in it to take it out."))
        entry.message = full % {"count": len(codes)}
        return
    hand.concealed = tilefaces.join(codes + [code])
    if allow_winning and len(codes) + 1 == hand.needed(hand_size) and not entry.winning_tile:
        entry.target = "winning"


def _add_meld(entry: WinEntry, hand: TileHand, code: str) -> None:
    number, suit = int(code[0]), code[1]
    kind = entry.meld_kind
    if kind == "chow" and suit not in "mps":
        entry.message = gettext("A chow is three in a row of one suit: pick a number tile.")
        return
    low = min(number, 7)
    tiles = f"{low}{low + 1}{low + 2}{suit}" if kind == "chow" else f"{str(number) * MELD_SIZES[kind]}{suit}"
    hand.melds.append(f"{kind} {tiles}")
    entry.target = "hand"


def _remove(entry: WinEntry, arg: str, profile: Profile) -> None:
    where, _, what = arg.partition(":")
    target = Target.from_text(where)
    if target is None:
        return
    if target.part == "bonus":
        entry.bonus = _without(entry.bonus, what)
        return
    hand = entry.hand if target.part in ("hand", "meld") else entry.loser_hands.get(target.loser_seat or -1)
    if hand is None:
        return
    if target.takes_meld and _index(what) < len(hand.melds):
        del hand.melds[int(what)]
    elif not target.takes_meld:
        hand.concealed = _without(hand.concealed, what)
    if hand is entry.hand and len(hand.codes) < hand.needed(profile.ruleset.hand_size):
        entry.target = "hand"  # a tile taken out is tapped in again before any winning tile


def _swap(entry: WinEntry, arg: str, profile: Profile) -> None:
    """A tile read from a photo replaced by one of the photo's next guesses in one tap (static/js/photo.js, issue
    38): `hand:<index>:<old>:<new>` (the tile at that place in the row, else the first <old>) or
    `winning:0:<old>:<new>`. The tile keeps its place: the row stays in the photo's order."""
    where, _, rest = arg.partition(":")
    index, _, rest = rest.partition(":")
    old, _, new = rest.partition(":")
    if tilefaces.split(new) != [new] or old == new:
        return
    codes, at = entry.hand.codes, _index(index)
    if where == "hand":
        if at >= len(codes) or codes[at] != old:
            at = codes.index(old) if old in codes else -1
        if at < 0:
            return
    elif where != "winning" or entry.winning_tile != old:
        return
    if new in used_up(entry):
        entry.message = gettext("All four %(tile)s are in the hands already.") % {"tile": tilefaces.face(new).label}
    elif where == "winning":
        entry.winning_tile = new
    else:
        codes[at] = new
        entry.hand.concealed = format_tiles(parse_tiles("".join(codes)), sort=False)


def _clear(entry: WinEntry, arg: str, profile: Profile) -> None:
    target = Target.from_text(arg)
    if arg == "winning":
        entry.winning_tile, entry.target = "", "winning"
    elif arg == "wild":
        entry.wild = ""
    elif arg == "tiles":
        entry.hand, entry.winning_tile, entry.bonus, entry.target = TileHand(), "", "", "hand"
    elif target is not None and target.loser_seat is not None and not target.meld:
        entry.loser_hands[target.loser_seat] = TileHand()


def _choose_target(entry: WinEntry, arg: str, profile: Profile) -> None:
    target = Target.from_text(arg)
    if target is not None and not target.meld:
        entry.target = target.text
        entry.suit = suit_for(target, entry.suit, profile)


def _choose_suit(entry: WinEntry, arg: str, profile: Profile) -> None:
    if len(arg) == 1 and arg in SUITS:
        entry.suit = arg


def _choose_meld_kind(entry: WinEntry, arg: str, profile: Profile) -> None:
    if arg not in MELD_KINDS:
        return
    entry.meld_kind = arg
    loser = target_of(entry).loser_seat
    target = Target("meld") if loser is None else Target("loser", loser, meld=True)
    entry.target = target.text
    entry.suit = suit_for(target, entry.suit, profile)


def _choose_mode(entry: WinEntry, arg: str, profile: Profile) -> None:
    if arg in ("tiles", "figure"):
        entry.mode = arg


def _choose_winner(entry: WinEntry, arg: str, profile: Profile) -> None:
    """一炮多響: another winner's tiles are tapped next (`winner:<k>`, k from 1: the form's other winners)."""
    if arg in ("1", "2"):
        entry.swap_in(int(arg))
        entry.suit = suit_for(HAND, entry.suit, profile)


ACTIONS = {"add": _add, "remove": _remove, "swap": _swap, "clear": _clear, "target": _choose_target,
           "suit": _choose_suit, "meldkind": _choose_meld_kind, "mode": _choose_mode, "winner": _choose_winner}


def _index(text: str) -> int:
    """A meld's index as the form sends it; a huge number for anything else (nothing is removed)."""
    return int(text) if text.isascii() and text.isdigit() and len(text) < 4 else 1 << 30


def _without(notation: str, code: str) -> str:
    codes = tilefaces.split(notation)
    if code not in codes:
        return notation
    codes.remove(code)
    return tilefaces.join(codes)


def suit_for(target: Target, suit: str, profile: Profile) -> str:
    """The keypad opens on a suit the target can take."""
    allowed = keypad_suits(target, profile)
    return suit if suit in allowed else allowed[0]


def keypad_codes(target: Target, profile: Profile) -> list[str]:
    """The tiles the keypad offers for what is being entered."""
    if target.part == "bonus":
        if profile.ruleset.bonus_tiles == "winds_red":
            return ["1z", "2z", "3z", "4z", "7z"]
        return [tile_code(BONUS_BASE + i) for i in range(8)]
    kinds = sorted(k for k in profile.ruleset.tile_set if k < BONUS_BASE)
    if profile.ruleset.bonus_tiles == "winds_red":  # fujian.md: winds and red dragons are bonus tiles only
        kinds = [k for k in kinds if k < 27]
    return [tile_code(k) for k in kinds]


def keypad_suits(target: Target, profile: Profile) -> list[str]:
    return list(dict.fromkeys(code[1] for code in keypad_codes(target, profile)))
