"""Thin views, one module per screen family: read with selectors, write with services, render a page or partial."""
