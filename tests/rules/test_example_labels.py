"""Lettered example labels ("Example A:", "Beispiel B:", "Exemple C :", "例C:") as the rulebook prints
them: stored with the example, shown on the rule page, in the side-by-side table and in what the
edition diff compares; an example printed with the language's own label ("Example:") keeps it.

The files are small rulebook-layout texts written here; the expected labels are read from them with
a regex of the test's own, not from the parser.
"""

import html as html_lib
import re

import pytest

from rulesref.compare.editiondiff import entry_content
from rulesref.rules.models import Edition, Entry, Example
from rulesref.rules.services import edition_import

pytestmark = pytest.mark.django_db

# The game row plays no part in how an example's label is stored or shown.
GAME = "mtg"
EDITION = "2027-03-02"

# "{label}" stands for the language's example word; "{a}" and "{b}" for its lettered labels.
RULEBOOK = """\
1.   CONCEPTS
   1.1. General
        1.1.1. A game is played by two players.
        1.1.2. Each player draws cards.
              {a} A player has 3 cards.
              {b} A player has 4
              cards.
        1.1.3. A turn has phases.
              {label} The first player skips drawing.
"""

# language: its example word as printed before a letter, the space before the colon, the colon, and
# its label without a letter (as the Lorcana rulebooks print them).
LANGUAGES = {
    "en": ("Example ", "", ":", "Example:"),
    "de": ("Beispiel ", "", ":", "Beispiel:"),
    "fr": ("Exemple ", " ", ":", "Exemple :"),
    "ja": ("例", "", ":", "例："),
}
LETTERED = re.compile(r"^\s*((?:Example|Beispiel|Exemple|例) ?[A-Z] ?:)", re.MULTILINE)


def rulebook(language: str, letters: str = "AB") -> str:
    word, space, colon, label = LANGUAGES[language]
    a, b = (f"{word}{letter}{space}{colon}" for letter in letters)
    return RULEBOOK.format(a=a, b=b, label=label)


def write(tmp_path, language: str, text: str):
    path = tmp_path / f"rules_{language}.txt"
    path.write_text(text, encoding="utf-8")
    return path


def import_rulebook(path, language: str):
    return edition_import(path=path, game=GAME, language=language, edition=EDITION, format="rulebook-layout")


def stored(language: str, number: str) -> list[tuple[str, str]]:
    examples = Example.objects.filter(
        entry__edition__language=language, entry__edition__slug=EDITION, entry__number=number
    ).order_by("order")
    return list(examples.values_list("label", "text"))


def labels_on_page(client, language: str, number: str) -> list[str]:
    entry = Entry.objects.get(edition__language=language, edition__slug=EDITION, number=number)
    response = client.get(entry.get_absolute_url())
    assert response.status_code == 200
    own = re.search(r'<section class="own-text".*?</section>', response.content.decode(), re.S)[0]
    return [html_lib.unescape(label) for label in re.findall(r'<span class="label">(.*?)</span>', own)]


def test_lettered_labels_are_stored_and_shown_on_the_rule_page(tmp_path, client):
    text = rulebook("en")
    printed = LETTERED.findall(text)
    assert printed == ["Example A:", "Example B:"]
    import_rulebook(write(tmp_path, "en", text), "en")
    assert stored("en", "1.1.2") == [(printed[0], "A player has 3 cards."), (printed[1], "A player has 4 cards.")]
    # Printed with the language's own label: nothing more to keep.
    assert stored("en", "1.1.3") == [("", "The first player skips drawing.")]
    assert labels_on_page(client, "en", "1.1.2") == ["Example A:", "Example B:"]
    assert labels_on_page(client, "en", "1.1.3") == ["Example:"]


def test_a_changed_label_alone_updates_that_example_row(tmp_path):
    path = write(tmp_path, "en", rulebook("en"))
    import_rulebook(path, "en")
    fields = ("pk", "entry_id", "order", "text", "position", "label")
    before = {row[0]: row for row in Example.objects.values_list(*fields)}
    path.write_text(rulebook("en", letters="AC"), encoding="utf-8")
    report = import_rulebook(path, "en")
    after = {row[0]: row for row in Example.objects.values_list(*fields)}
    assert report.changed is True
    assert report.rows.as_json() == {"created": 0, "updated": 0, "deleted": 0, "examples": 1, "references": 0}
    assert set(after) == set(before)
    changed = [pk for pk in after if after[pk] != before[pk]]
    assert [(before[pk][-1], after[pk][-1]) for pk in changed] == [("Example B:", "Example C:")]
    assert stored("en", "1.1.2")[1] == ("Example C:", "A player has 4 cards.")


@pytest.mark.parametrize(
    ("language", "labels", "default"),
    [
        ("de", ["Beispiel A:", "Beispiel B:"], "Beispiel:"),
        ("fr", ["Exemple A :", "Exemple B :"], "Exemple :"),
        ("ja", ["例A:", "例B:"], "例："),
    ],
)
def test_german_french_and_japanese_lettered_labels(tmp_path, client, language, labels, default):
    text = rulebook(language)
    assert LETTERED.findall(text) == labels
    import_rulebook(write(tmp_path, language, text), language)
    assert [label for label, _ in stored(language, "1.1.2")] == labels
    assert stored(language, "1.1.3") == [("", "The first player skips drawing.")]
    assert labels_on_page(client, language, "1.1.2") == labels
    assert labels_on_page(client, language, "1.1.3") == [default]


def test_a_label_is_escaped_on_the_page(tmp_path, client):
    import_rulebook(write(tmp_path, "en", rulebook("en")), "en")
    Example.objects.filter(label="Example A:").update(label="Example <A>:")
    entry = Entry.objects.get(edition__slug=EDITION, number="1.1.2")
    page = client.get(entry.get_absolute_url()).content.decode()
    assert '<span class="label">Example &lt;A&gt;:</span>' in page
    assert "<A>" not in page


def test_side_by_side_and_the_edition_diff_show_the_printed_labels(tmp_path, client):
    import_rulebook(write(tmp_path, "en", rulebook("en")), "en")
    import_rulebook(write(tmp_path, "de", rulebook("de")), "de")
    response = client.get(f"/compare/?game={GAME}&c=en:{EDITION}&c=de:{EDITION}&scope=1.1")
    assert response.status_code == 200
    cells = re.findall(r'<td lang="(en|de)" class="example">(.*?)</td>', response.content.decode(), re.S)
    assert cells == [
        ("en", '<span class="label">Example A:</span> A player has 3 cards.'),
        ("de", '<span class="label">Beispiel A:</span> A player has 3 cards.'),
        ("en", '<span class="label">Example B:</span> A player has 4 cards.'),
        ("de", '<span class="label">Beispiel B:</span> A player has 4 cards.'),
        # The language's own label is not repeated in the table (its row says "Example 1").
        ("en", "The first player skips drawing."),
        ("de", "The first player skips drawing."),
    ]
    edition = Edition.objects.get(language="en", slug=EDITION)
    assert entry_content(Entry.objects.get(edition=edition, number="1.1.2")) == (
        "Each player draws cards.\nExample A: A player has 3 cards.\nExample B: A player has 4 cards."
    )
    assert entry_content(Entry.objects.get(edition=edition, number="1.1.3")) == (
        "A turn has phases.\nExample: The first player skips drawing."
    )
