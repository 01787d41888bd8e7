"""How the screens say things: tiles, money, names in the reader's language, charts, ruleset labels."""
