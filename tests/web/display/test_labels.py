"""The label table (display/labels.py): the one place a unit's or a pattern kind's words live; a unit or kind it
does not know (a new ruleset's) reads as the engine names it."""
from django.utils import translation

from scorekeeper.tables.display import labels


def test_a_known_unit_reads_in_the_readers_words():
    assert labels.figure_words(8, "fan") == "8 fan"
    assert labels.figure_words(8, "faan") == "8 faan"
    with translation.override("zh-hant"):
        assert labels.unit_name("points") != "points"


def test_a_unit_without_words_reads_as_the_engine_names_it():
    assert labels.unit_name("mon") == "mon"
    assert labels.figure_words(8, "mon") == "8 mon"
    assert labels.typing_help("mon", most=None) == "Enter a whole number, like 8."
    assert labels.typing_help("mon", most="1,000") == "Enter a whole number, like 8, at most 1,000."


def test_a_figure_field_is_counted_in_the_rulesets_unit_unless_the_table_says_otherwise():
    assert labels.figure_unit("pattern_fan", "fan") == "fan"
    assert labels.figure_unit("mon", "mon") == "mon"
    assert labels.entered_figure_words(6, "pattern_fan", "fan") == "6 fan before dealer bonus"
    assert labels.figure_fields(("fan", "pattern_fan")) == (
        ("pattern_fan", "Fan of the hand (the app adds the dealer's bonus)"), ("fan", "Fan, dealer bonus included"))
    assert labels.figure_fields(("mon",)) == (("mon", "Mon"),)


def test_a_patterns_kind_gives_its_value_a_unit_where_the_table_has_one():
    assert labels.kind_value(2, "hu") == "2 hu"
    assert labels.kind_value(2, "mon") == "2"
    assert labels.kind_title("points", "faan") == "Faan"
    assert labels.kind_title("bonus", "mon") == "Bonus"


def test_the_formula_is_written_for_the_parts_the_table_knows():
    assert labels.formula({"hu": 24, "tai": 3}) == "24 hu × 2³ = 192"
    assert labels.formula({"base_points": 40, "doubles": 1}) == ""
