"""Word-level differences for alphabetic scripts, character-level for Chinese and Japanese."""

from rulesref.compare.textdiff import DELETE, EQUAL, INSERT, Piece, by_character, diff_texts, units


def rebuild(pieces, keep):
    return "".join(piece.text for piece in pieces if piece.op in (EQUAL, keep))


def test_a_changed_word_is_one_deletion_and_one_insertion_with_the_rest_shared():
    pieces = diff_texts("Mentre [questa creatura] entra nel campo di battaglia", "Quando [questa creatura] entra")
    assert pieces == [
        Piece(DELETE, "Mentre"),
        Piece(INSERT, "Quando"),
        Piece(EQUAL, " [questa creatura] entra"),
        Piece(DELETE, " nel campo di battaglia"),
    ]


def test_a_cited_rule_number_is_one_unit():
    pieces = diff_texts("(Vedi regola 706.2)", "(Vedi regola 707.2)")
    assert [p for p in pieces if p.op != EQUAL] == [Piece(DELETE, "706.2"), Piece(INSERT, "707.2")]
    assert units("rule 208.2a, 704.5aa", by_character=False) == ["rule", " ", "208.2a", ",", " ", "704.5aa"]


def test_japanese_is_compared_character_by_character():
    pieces = diff_texts("クリーチャーが戦場に出るに際し", "クリーチャーが出るに際し", by_character=True)
    assert pieces == [Piece(EQUAL, "クリーチャーが"), Piece(DELETE, "戦場に"), Piece(EQUAL, "出るに際し")]
    # Latin words and numbers inside CJK text stay whole.
    assert units("见规则613。Veteran", by_character=True) == ["见", "规", "则", "613", "。", "Veteran"]


def test_changes_separated_by_a_space_read_as_one_change():
    pieces = diff_texts("a red big dog", "a blue small dog")
    assert pieces == [Piece(EQUAL, "a "), Piece(DELETE, "red big"), Piece(INSERT, "blue small"), Piece(EQUAL, " dog")]


def test_the_pieces_rebuild_both_texts():
    old = "Queste abilità sono scritte “Mentre [questa creatura] entra nel campo di battaglia...”, (Vedi 706.2)."
    new = "Tale abilità è formulata “Quando [questa creatura] entra...,” (Vedi regola 707.2.)"
    pieces = diff_texts(old, new)
    assert rebuild(pieces, DELETE) == old
    assert rebuild(pieces, INSERT) == new


def test_which_scripts_are_compared_by_character():
    assert (by_character("Jpan"), by_character("Hans"), by_character("Latn"), by_character("Cyrl")) == (
        True,
        True,
        False,
        False,
    )
