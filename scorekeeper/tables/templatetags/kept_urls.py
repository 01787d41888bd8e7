"""`{% url %}` as Django's, its answers remembered (display/urls.py). A builtin of the template engine
(settings.TEMPLATES), so every template's `{% url %}` is this one, with nothing to load."""
from __future__ import annotations

from django import template
from django.template import Context
from django.template.defaulttags import URLNode
from django.template.defaulttags import url as django_url
from django.urls import NoReverseMatch
from django.utils.html import conditional_escape

from ..display.urls import reverse_kept

register = template.Library()


class KeptURLNode(URLNode):
    def render(self, context: Context) -> str:
        args = [arg.resolve(context) for arg in self.args]
        kwargs = {key: value.resolve(context) for key, value in self.kwargs.items()}
        url = ""
        try:
            url = reverse_kept(self.view_name.resolve(context), args, kwargs, _current_app(context))
        except NoReverseMatch:
            if self.asvar is None:
                raise
        if self.asvar:
            context[self.asvar] = url
            return ""
        return str(conditional_escape(url)) if context.autoescape else url


def _current_app(context: Context) -> str | None:
    request = getattr(context, "request", None)
    app = getattr(request, "current_app", None)
    if app is None:
        app = getattr(getattr(request, "resolver_match", None), "namespace", None)
    return app


@register.tag
def url(parser: template.base.Parser, token: template.base.Token) -> KeptURLNode:
    node = django_url(parser, token)
    return KeptURLNode(node.view_name, node.args, node.kwargs, node.asvar)
