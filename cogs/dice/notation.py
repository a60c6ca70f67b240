"""The dice notation as `/help topic:roll` (and `topic:dice`) explains it."""

from __future__ import annotations

#: `/help topic:roll` (and `topic:dice`): the notation, a line per form (README's table, shorter).
NOTATION_HELP: tuple[tuple[str, str], ...] = (
    (
        "Dice and arithmetic",
        "`2d6+3` `(1d8+2)*2` dice and arithmetic · `d%` a percentile die\n"
        "`4dF` Fate dice (-, 0, +) · `d66` `d33` two dice read as tens and units · "
        "`2d66` several table results, never added",
    ),
    (
        "Keep, drop, reroll, explode",
        "`4d6kh3` `4d6kl1` keep the highest 3 / lowest 1 · `4d6pl1` `4d6ph1` drop them · "
        "`6d6k>4` keep those above 4\n"
        "`4d6k3` `4d6d1` Dice Maiden's keep and drop (the reply says how it read them)\n"
        "`4d6rr1` reroll ones until none is left · `4d6ro<3` reroll once · `4d6ra6` add a die once\n"
        "`6d6e6` each 6 adds a die (`6d6!` too, Roll20's way; `6d6!>5` on 5 or more) · "
        "`2d6mi2` `2d6ma5` minimum / maximum per die · "
        "`(1d6,2d4)kh1` the best of a set",
    ),
    (
        "Success pools",
        "`10d6>=4` `10d6 4+` `10d6 t4` count the dice showing 4 or more · `10d6<=2` 2 or less · "
        "`10d6==6` exactly 6\n"
        "`10d6 4+ 1-` ones are failures taken off the successes · `10wh4+` ten D6 hitting on 4+\n"
        "`10d6rr1e6>=4` rerolls and explodes before counting",
    ),
    (
        "Habits",
        "`6 4d6kh3` roll it 6 times in one message · `1d20 adv` `1d20+5 dis` advantage, "
        "disadvantage\n"
        "`2d6+3 # to hit` a label after `#` · a saved roll's name, alone or as `3 fireball`, "
        "`fireball+5`\n"
        "Capitals and spaces around operators are forgiven; a space never joins two numbers "
        "(`10d6 4` is refused, with a suggestion).",
    ),
    (
        "Rerolls and explosions",
        "`4d6rr1` rerolls each 1 until none is left, and `6d6e6` adds a die for every 6. Together they "
        "are one rule, in either order (`10d6rr1e6` rolls as `10d6e6rr1`): every die, each die an "
        "explosion adds included, is rerolled first, then explodes if it ends on a 6. `4d6ro1` "
        "(reroll once), `4d6ra6`, keep and drop apply in the order written.",
    ),
)
