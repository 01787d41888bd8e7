"""Writes. Every hand enters through `hands.hands_append`; each write holds the session's row (session_lock).
A form and the offline queue save through the same service per kind of entry (win_record, draw_record,
spot_record, seat_change_record, hand_delete, hand_restore), each refusing as `SaveRefused`."""
from .guests import TOKEN_USED, guest_session_create, guest_sessions_claim, session_again
from .hands import (
                    hand_delete,
                    hand_replace,
                    hand_restore,
                    hands_append,
)
from .imports import session_restore
from .offline_queue import queue_send
from .plain_hands import draw_record, spot_record
from .quick_entry import quick_entry_apply, quick_entry_preview
from .recovery import recovery_code_issue, recovery_code_redeem
from .refusal import SaveRefused
from .seats import seat_change_record
from .session_lock import SessionChanged
from .sessions import (
                    player_get_or_create,
                    session_create,
                    session_finish,
                    session_remember_entry_mode,
                    session_reopen,
                    session_set_confirming,
                    session_set_paying,
                    share_link_create,
                    share_link_revoke,
)
from .wins import WinRecorded, win_record

__all__ = [
    "TOKEN_USED", "SaveRefused", "SessionChanged", "draw_record", "spot_record", "guest_session_create",
    "guest_sessions_claim", "hand_delete", "hand_replace", "hand_restore",
    "hands_append", "player_get_or_create", "queue_send", "quick_entry_apply", "quick_entry_preview",
    "recovery_code_issue", "recovery_code_redeem", "session_again", "session_create", "session_finish",
    "session_remember_entry_mode", "session_reopen", "session_restore", "session_set_confirming",
    "session_set_paying", "share_link_create", "share_link_revoke", "seat_change_record", "WinRecorded", "win_record",
]
