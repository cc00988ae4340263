"""Rule options: declared in data with a default, checked when chosen, resolved over defaults."""

import pytest

from navalgames.core.data import DataError, Node
from navalgames.core.options import RuleOption, resolve_options

DECLARED = {
    "attack_contact": RuleOption("attack_contact", "facing", "which pieces may attack",
                                 choices=("facing", "any")),
    "fb_jump_over_ships": RuleOption("fb_jump_over_ships", False, "jump over ships"),
    "max_moves": RuleOption("max_moves", 100, "moves per side", minimum=10, maximum=500),
}


def test_defaults_when_nothing_is_chosen():
    assert resolve_options(DECLARED, None) == {"attack_contact": "facing",
                                               "fb_jump_over_ships": False, "max_moves": 100}


def test_overrides_replace_defaults():
    values = resolve_options(DECLARED, {"max_moves": 40, "fb_jump_over_ships": True})
    assert values["max_moves"] == 40 and values["fb_jump_over_ships"] is True


@pytest.mark.parametrize("overrides, message", [
    ({"attack_contact": "behind"}, "expected one of facing, any"),
    ({"fb_jump_over_ships": "yes"}, "expected true or false"),
    ({"max_moves": 5}, "at least 10"),
    ({"max_moves": 501}, "at most 500"),
    ({"max_moves": True}, "expected a whole number"),
    ({"max_move": 40}, "unknown rule option 'max_move': this variant has attack_contact"),
])
def test_bad_choices_are_refused_with_the_reason(overrides, message):
    with pytest.raises(ValueError, match=message):
        resolve_options(DECLARED, overrides)


def test_option_from_data():
    option = RuleOption.from_node("board_size", Node(
        {"default": 24, "description": "squares a side", "choices": [20, 24]}, "variant.yaml", "options.board_size"))
    assert option == RuleOption("board_size", 24, "squares a side", choices=(20, 24))


def test_option_may_carry_a_short_label_for_the_launcher():
    option = RuleOption.from_node("graze_blocks", Node(
        {"default": False, "description": "A line that only touches an island's corner is blocked",
         "label": "Grazing shots blocked"}, "variant.yaml", "options.graze_blocks"))
    assert option.label == "Grazing shots blocked"


def test_option_whose_default_is_not_allowed_is_a_data_error():
    with pytest.raises(DataError, match="variant.yaml: options.size.default: default is not allowed"):
        RuleOption.from_node("size", Node({"default": 30, "description": "d", "choices": [20, 24]},
                                          "variant.yaml", "options.size"))


def test_option_with_unknown_key_is_a_data_error():
    with pytest.raises(DataError, match="unknown key 'defualt'"):
        RuleOption.from_node("x", Node({"defualt": 1, "description": "d"}, "v.yaml", "options.x"))
