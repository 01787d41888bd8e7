"""Request-level support the views share: who may do what (access, grants), the typed request and the answers
after a POST (requests), a form refused because another phone saved first (conflict), drafts kept on the phone,
the live URL's token, limits on heavy reads, a busy database, guest sessions and the scripts' words. Below the
views and the presenters; above the services."""
