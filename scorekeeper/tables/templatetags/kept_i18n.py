"""Django's `i18n` tag library, its `{% translate %}` and `{% blocktranslate %}` remembering their catalogue
lookups. A builtin of the template engine (settings.TEMPLATES), so the app's templates have its tags without
loading anything; none of them loads `i18n`, which would put Django's own tags back (tests/web/display).

A page's words were a fifth of its drawing: the session screen asks for some 60 of them, and each one
asked rebuilt its message id (a `trimmed` block runs a regular expression over it) and looked it up
through the language's catalogues again. The translation of a message depends only on the active
language and the message, both fixed for a node: it is looked up once per process and language, and
kept. What a block puts into it (its variables, escaped as Django escapes them) is still worked out on
every drawing, as is anything whose translation depends on a value: a plural's count, a message context
or a message that is a variable, and `{% translate %}` with filters.
"""
from __future__ import annotations

from typing import TypeVar

from django import template
from django.template import Context
from django.template.base import Node, Parser, Token, render_value_in_context
from django.templatetags import i18n as django_i18n
from django.utils import translation
from django.utils.safestring import SafeString

register = template.Library()
register.tags.update(django_i18n.register.tags)
register.filters.update(django_i18n.register.filters)


class KeptTranslateNode(django_i18n.TranslateNode):
    """`{% translate "literal" %}`: Django's own string, worked out once per language and kept with the node."""

    def render(self, context: Context) -> str:
        if not self._literal():
            return str(super().render(context))
        kept: dict[tuple[str | None, bool], str] = self.__dict__.setdefault("_kept", {})
        key = (translation.get_language(), context.autoescape)
        value = kept.get(key)
        if value is None:
            scratch = Context(autoescape=context.autoescape)
            drawn = super().render(scratch)
            value = kept[key] = scratch[self.asvar] if self.asvar else drawn
        if self.asvar:
            context[self.asvar] = value
            return ""
        return value

    def _literal(self) -> bool:
        """Whether nothing but the language decides what it shows: a literal, no filters, no message context."""
        expression = self.filter_expression
        return (not expression.filters and not self.message_context
                and isinstance(getattr(expression.var, "literal", None), str))


class KeptBlockTranslateNode(django_i18n.BlockTranslateNode):
    """`{% blocktranslate %}` without a plural or a message context: its translated text is looked up once per
    language and kept with the node; its variables are filled in on every drawing, as Django fills them."""

    def render(self, context: Context, nested: bool = False) -> str:
        if nested or self.plural or self.message_context:
            return str(super().render(context, nested))
        kept: dict[str | None, tuple[str, list[str]]] = self.__dict__.setdefault("_kept", {})
        language = translation.get_language()
        found = kept.get(language)
        if found is None:
            message, names = self.render_token_list(self.singular)
            found = kept[language] = (translation.gettext(message), names)
        text, names = found
        context.update({name: value.resolve(context) for name, value in self.extra_context.items()})
        missing = context.template.engine.string_if_invalid if context.template else ""
        data = {name: render_value_in_context(context[name] if name in context
                                              else (missing % name if "%s" in missing else missing), context)
                for name in names}
        context.pop()
        try:
            result = text % data
        except (KeyError, ValueError):  # a translation that does not fit its variables: Django's own answer
            return str(super().render(context))
        if self.asvar:
            context[self.asvar] = SafeString(result)
            return ""
        return result


Kept = TypeVar("Kept", KeptTranslateNode, KeptBlockTranslateNode)


def _kept(node: Node, kind: type[Kept]) -> Kept:
    """Django's node for the tag, as ours: the same attributes, parsed by Django."""
    kept = object.__new__(kind)
    kept.__dict__.update(node.__dict__)
    return kept


@register.tag("translate")
@register.tag("trans")
def do_translate(parser: Parser, token: Token) -> KeptTranslateNode:
    return _kept(django_i18n.do_translate(parser, token), KeptTranslateNode)


@register.tag("blocktranslate")
@register.tag("blocktrans")
def do_block_translate(parser: Parser, token: Token) -> KeptBlockTranslateNode:
    return _kept(django_i18n.do_block_translate(parser, token), KeptBlockTranslateNode)
