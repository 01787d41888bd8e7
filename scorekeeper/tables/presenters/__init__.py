"""What a screen shows, made for its template: a page's context or its rendered answer (the win form, the
Settle-up page, the session's standings, the offline queue's answer, what changed after an edit). Below the
views, which decide; above the request-level support (web)."""
