"""Following whole chapters that moved between two editions (pure functions, no database).

The Comprehensive Rules of 2009-07 (Magic 2010) renumbered the rules: chapter 4 "Spells, Abilities, and
Effects" became chapter 6, its state-based effects 420 became 704 in chapter 7, and the zone rules 217.2 …
became sections 401 …, each rule reworded ("in play" became "the battlefield"). These editions are small
synthetic copies of that move.
"""

from rulesref.rules.alignment import Item, align_editions, counts, similarity


def tree(*rows, start=0):
    """Items from (kind, number, text), each under the entry its number belongs to: a section under its
    chapter (420 under 4), a rule under its section (420.5 under 420), a subrule under its rule."""
    found, by_number = [], {}
    for i, (kind, number, text) in enumerate(rows):
        stem = {
            "chapter": None,
            "section": number[:1],
            "rule": number.split(".")[0],
            "subrule": number.rstrip("abcdefghijkmnpqrstuvwxyz"),
        }[kind]
        item = Item(id=start + i, kind=kind, number=number, text=text, parent=by_number.get(stem))
        by_number[number] = item.id
        found.append(item)
    return found


OLD = tree(
    ("chapter", "2", "Parts of a Card"),
    ("section", "217", "Zones"),
    ("rule", "217.2", "Library"),
    ("subrule", "217.2a", "When a game begins, each player's deck becomes his or her library."),
    ("subrule", "217.2b", "Each library must be kept in a single face-down pile."),
    ("chapter", "4", "Spells, Abilities, and Effects"),
    ("section", "400", "General"),
    ("rule", "400.1", "An ability is something an object does or can do. Abilities generate effects."),
    ("section", "420", "State-Based Effects"),
    ("rule", "420.1", "State-based effects are a special category that apply only to those conditions listed below."),
    ("rule", "420.2", "State-based effects are always active and are not controlled by any player."),
    ("rule", "420.5", "The state-based effects are as follows:"),
    ("subrule", "420.5a", "A player with 0 or less life loses the game."),
    ("subrule", "420.5b", "A creature with toughness 0 or less is put into its owner's graveyard."),
    ("subrule", "420.5c", "A token in a zone other than the in-play zone ceases to exist."),
    ("subrule", "420.5d", "A player with ten or more poison counters loses the game."),
)
NEW = tree(
    ("chapter", "4", "Zones"),
    ("section", "400", "General"),
    ("rule", "400.1", "A zone is a place where objects can be during a game."),
    ("section", "401", "Library"),
    ("rule", "401.1", "When a game begins, each player's deck becomes his or her library."),
    ("rule", "401.2", "Each library must be kept in a single face-down pile."),
    ("chapter", "6", "Spells, Abilities, and Effects"),
    ("section", "600", "General"),
    ("rule", "600.1", "An ability is something an object does or can do."),
    ("chapter", "7", "Additional Rules"),
    ("section", "704", "State-Based Actions"),
    ("rule", "704.1", "State-based actions are game actions that happen automatically whenever conditions are met."),
    ("rule", "704.2", "State-based actions are always active and are not controlled by any player."),
    ("rule", "704.5", "The state-based actions are as follows:"),
    ("subrule", "704.5a", "If a player has 0 or less life, he or she loses the game."),
    ("subrule", "704.5b", "If a player has ten or more poison counters, he or she loses the game."),
    ("subrule", "704.5c", "If a token is phased out, or is in a zone other than the battlefield, it ceases to exist."),
    ("subrule", "704.5f", "If a creature has toughness 0 or less, it's put into its owner's graveyard."),
    start=100,
)


def described(links):
    number = {item.id: item.number for item in (*OLD, *NEW)}
    return sorted((number[link.source], number[link.target], link.method, link.relation, link.score) for link in links)


def test_a_chapter_that_moved_is_followed_rule_by_rule_with_method_and_score():
    """420 → 704 with its rules, reworded and reordered; the zone rule 217.2 "Library" → section 401 by
    where its subrules went (``children``); 400 "General" → 600 "General", the abilities' general section,
    not the zones' 400 of the same number (``parent``: chapter 4 became 6); 420.5c → 704.5c, 0.70 alike,
    under the paired 420.5 → 704.5 (``parent``). 420 stays paired with 704 of another chapter: no section
    of chapter 6 is as alike."""
    links = align_editions(OLD, NEW)
    assert described(links) == [
        ("217", "4", "text", "moved", 1.0),
        ("217.2", "401", "children", "moved", 1.0),
        ("217.2a", "401.1", "text", "moved", 1.0),
        ("217.2b", "401.2", "text", "moved", 1.0),
        ("4", "6", "text", "moved", 1.0),
        ("400", "600", "parent", "moved", 1.0),
        ("400.1", "600.1", "text", "moved", 0.7778),
        ("420", "704", "text", "moved", 0.7895),
        ("420.1", "704.1", "text", "moved", 0.6339),
        ("420.2", "704.2", "text", "moved", 0.9467),
        ("420.5", "704.5", "text", "moved", 0.8974),
        ("420.5a", "704.5a", "text", "moved", 0.8119),
        ("420.5b", "704.5f", "text", "moved", 0.9241),
        ("420.5c", "704.5c", "parent", "moved", 0.702),
        ("420.5d", "704.5b", "text", "moved", 0.8504),
    ]
    # Chapter 2 is gone; chapter 7, 400 and 400.1 (the zones') are new.
    assert counts(links, OLD, NEW) == {
        "same_number": 0,
        "moved": 15,
        "split": 0,
        "merged": 0,
        "added": 3,
        "removed": 1,
    }


def test_an_entry_follows_its_children_only_where_most_of_them_went():
    """Two of 217.2's three subrules went under 401: enough (two, and at least half); 217.3's only subrule
    is not: one child is no evidence."""
    old = tree(
        ("section", "217", "Zones"),
        ("rule", "217.2", "Library"),
        ("subrule", "217.2a", "When a game begins, each player's deck becomes his or her library."),
        ("subrule", "217.2b", "Players may shuffle their libraries at any time they like."),
        ("subrule", "217.2c", "Each library must be kept in a single face-down pile."),
        ("rule", "217.3", "Hand"),
        ("subrule", "217.3a", "The hand is where a player holds cards that have been drawn."),
    )
    new = tree(
        ("chapter", "4", "Zones"),
        ("section", "401", "Library"),
        ("rule", "401.1", "When a game begins, each player's deck becomes his or her library."),
        ("rule", "401.2", "Each library must be kept in a single face-down pile."),
        ("section", "402", "Hand"),
        ("rule", "402.1", "The hand is where a player holds cards that have been drawn."),
        start=100,
    )
    number = {item.id: item.number for item in (*old, *new)}
    assert sorted(
        (number[link.source], number[link.target], link.method, link.score) for link in align_editions(old, new)
    ) == [
        ("217", "4", "text", 1.0),
        ("217.2", "401", "children", 0.6667),
        ("217.2a", "401.1", "text", 1.0),
        ("217.2c", "401.2", "text", 1.0),
        ("217.3a", "402.1", "text", 1.0),
    ]


PERMANENTS = ("artifact", "creature", "enchantment", "land", "planeswalker", "token", "Aura", "Equipment")


def test_a_term_renamed_throughout_is_learnt_and_read_into_the_unpaired_rules():
    """Eight rules that say "removed from the game" in 2009-05 and "exiled" in M10 pair by number; that
    rename read into the rest, the moved 217.7f (0.5 alike as printed: too unlike to pair by text alone)
    pairs with 406.8 as ``renamed``, with its similarity after the reading."""
    old_rows = [("section", "212", "Permanents")]
    new_rows = [("section", "212", "Permanents")]
    for i, name in enumerate(PERMANENTS, start=1):
        old_rows.append(("rule", f"212.{i}", f"An {name} removed from the game is no longer a permanent."))
        new_rows.append(("rule", f"212.{i}", f"An {name} exiled is no longer a permanent."))
    card = "A card removed from the game stays removed from the game."
    old_rows += [("section", "217", "Removed from the Game"), ("rule", "217.7f", card)]
    new_rows = [("section", "406", "Exile"), ("rule", "406.8", "A card exiled stays exiled."), *new_rows]
    old, new = tree(*old_rows), tree(*new_rows, start=100)
    assert similarity(old[-1].text, new[1].text) == 0.5
    number = {item.id: item.number for item in (*old, *new)}
    links = {(number[link.source], number[link.target]): link for link in align_editions(old, new)}
    assert [(f"212.{i}", f"212.{i}") in links for i in range(1, 9)] == [True] * 8
    link = links[("217.7f", "406.8")]
    assert (link.method, link.relation, link.score) == ("renamed", "moved", 1.0)
