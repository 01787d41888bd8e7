// The scripts' words come from Django's JavaScriptCatalog (views/script_words.py), a classic script that
// base.html loads before every module: it defines the globals gettext, ngettext and interpolate in the
// page's language. `fill` fills a text's %(name)s blanks by name.
export function fill(text, params) { return interpolate(text, params || {}, true); }
