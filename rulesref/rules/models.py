"""The reference: games, editions, entries and what hangs off them (DESIGN.md §3)."""

from __future__ import annotations

from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from rulesref.core.languages import language_choices


class Game(models.Model):
    """A game: a row per game of ``rules_data/games.toml`` (mirrored there on import), and the
    games that imports registered (``import_rules --game-name``), which exist only here."""

    slug = models.SlugField(_("slug"), unique=True)
    name = models.CharField(_("name"), max_length=200)
    # The language its rules are written in (a content language code).
    original_language = models.CharField(_("original language"), max_length=20, blank=True)
    # The numbering scheme of its rules: a name of rulesref.rules.parsers.numbers.SCHEMES.
    numbering = models.CharField(_("numbering"), max_length=20, blank=True)
    # language code → the game's name in that language.
    names = models.JSONField(_("names"), default=dict, blank=True)
    # Registered by an import (not a game of rules_data/games.toml).
    registered = models.BooleanField(_("registered by an import"), default=False)

    class Meta:
        ordering = ["slug"]
        verbose_name = _("game")
        verbose_name_plural = _("games")

    def __str__(self) -> str:
        return self.name


class EditionQuerySet(models.QuerySet):
    """Every way of fetching editions: by game and language, the one a (game, language, slug) names,
    the newest, with their game and source edition, for listing, with counts."""

    def for_game(self, game: str) -> EditionQuerySet:
        return self.filter(game__slug=game)

    def in_language(self, language: str) -> EditionQuerySet:
        return self.filter(language=language)

    def with_source(self) -> EditionQuerySet:
        """With the game and the edition a translation follows, in the same query."""
        return self.select_related("game", "translates")

    def for_pages(self) -> EditionQuerySet:
        """What pages hold: :meth:`with_source`, without the import reports (large, never shown there)."""
        return self.with_source().defer("report", "translates__report")

    def newest_first(self) -> EditionQuerySet:
        # Editions without a known date (a slug such as "ja-viewer") sort last.
        return self.order_by(models.F("effective_date").desc(nulls_last=True), "-imported_at")

    def by_game_and_language(self) -> EditionQuerySet:
        """Per game, per language, newest first (then by slug): the order of listings."""
        return self.order_by("game__slug", "language", models.F("effective_date").desc(nulls_last=True), "slug")

    def newest(self, game: str, language: str) -> Edition | None:
        return self.for_game(game).in_language(language).newest_first().first()

    def named(self, game: str, language: str, slug: str) -> Edition | None:
        """The edition of (game, language, slug), its identity, with its source (:meth:`with_source`)."""
        return self.for_game(game).in_language(language).filter(slug=slug).with_source().first()

    def languages(self) -> set[str]:
        """The languages these editions are in."""
        return set(self.values_list("language", flat=True))


class Edition(models.Model):
    """One published edition of one game's rules in one language."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="editions", verbose_name=_("game"))
    language = models.CharField(_("language"), max_length=10, choices=language_choices)
    # The effective date as YYYY-MM-DD, or a slug where the source states no date.
    slug = models.SlugField(_("edition"), max_length=60)
    effective_date = models.DateField(_("effective date"), null=True, blank=True)
    name = models.CharField(_("name"), max_length=300, blank=True)
    translates = models.ForeignKey(
        "self",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="translations",
        verbose_name=_("translates"),
        help_text=_("The source edition this translation follows."),
    )
    # "en:2024-09-20": the source edition named at import, kept so that the link
    # is made as soon as that edition is imported too.
    translates_key = models.CharField(_("translates (as given)"), max_length=80, blank=True)
    # True when the source states no edition it translates and alignment chose the
    # best-fitting one (the import report shows the scores of every candidate).
    translates_inferred = models.BooleanField(_("source edition inferred"), default=False)
    revision = models.CharField(_("revision"), max_length=60, blank=True)
    source_name = models.CharField(_("source file"), max_length=500)
    source_sha256 = models.CharField(_("source sha256"), max_length=64)
    format = models.CharField(_("format"), max_length=40)
    imported_at = models.DateTimeField(_("imported at"))
    # The parser's report: warnings and deliberately skipped lines.
    report = models.JSONField(_("import report"), default=dict, blank=True)

    objects = EditionQuerySet.as_manager()

    class Meta:
        ordering = ["game__slug", "language", "-effective_date"]
        constraints = [
            models.UniqueConstraint(fields=["game", "language", "slug"], name="unique_edition_per_game_language"),
        ]
        verbose_name = _("edition")
        verbose_name_plural = _("editions")

    def __str__(self) -> str:
        return f"{self.game.slug} {self.language} {self.slug}"

    def get_absolute_url(self) -> str:
        return reverse("rules:edition-detail", args=[self.game.slug, self.language, self.slug])


class Concept(models.Model):
    """A rule's identity through editions and languages: the entries that express it.

    Built at import from the alignment links (see ``alignment.py``); ids are reused
    when a re-import keeps a rule, so what is bound to a concept survives.
    """

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="concepts", verbose_name=_("game"))

    class Meta:
        ordering = ["pk"]
        verbose_name = _("concept")
        verbose_name_plural = _("concepts")

    def __str__(self) -> str:
        return f"{self.game.slug}:c{self.pk}"


class EntryQuerySet(models.QuerySet):
    def in_edition(self, edition: Edition) -> EntryQuerySet:
        return self.filter(edition=edition)

    def by_number(self, number: str) -> EntryQuerySet:
        return self.filter(number=number)

    def numbered(self) -> EntryQuerySet:
        return self.exclude(kind=Entry.Kind.NOTE)

    def rules(self) -> EntryQuerySet:
        return self.filter(kind__in=[Entry.Kind.RULE, Entry.Kind.SUBRULE])

    def in_source_order(self) -> EntryQuerySet:
        return self.order_by("order")

    def for_display(self) -> EntryQuerySet:
        """What a page needs to show entries: their edition and game, examples, references."""
        return (
            self.select_related("edition__game")
            .defer("edition__report")
            .prefetch_related("examples", "cross_references")
        )


class Entry(models.Model):
    """One numbered unit of one edition (or an unnumbered note), as printed."""

    class Kind(models.TextChoices):
        CHAPTER = "chapter", _("chapter")
        SECTION = "section", _("section")
        RULE = "rule", _("rule")
        SUBRULE = "subrule", _("subrule")
        NOTE = "note", _("note")

    edition = models.ForeignKey(Edition, on_delete=models.CASCADE, related_name="entries", verbose_name=_("edition"))
    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices)
    number = models.CharField(_("number"), max_length=40, blank=True, db_index=True)
    sort_key = models.CharField(_("sort key"), max_length=80, blank=True)
    parent = models.ForeignKey(
        "self", on_delete=models.CASCADE, null=True, blank=True, related_name="children", verbose_name=_("parent")
    )
    title = models.CharField(_("title"), max_length=500, blank=True)
    text = models.TextField(_("text"), blank=True)
    position = models.PositiveIntegerField(_("source line"))
    order = models.PositiveIntegerField(_("order in source"))
    duplicate_of = models.ForeignKey(
        "self",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="duplicates",
        verbose_name=_("duplicate of"),
        help_text=_("Set when the source prints this number a second time; both entries are kept."),
    )
    changed_by_publisher = models.BooleanField(
        _("marked as changed by the publisher"),
        default=False,
        help_text=_("The source marks this entry's text as new, changed or moved (a PDF prints it in colour)."),
    )
    concept = models.ForeignKey(
        Concept, on_delete=models.SET_NULL, null=True, blank=True, related_name="entries", verbose_name=_("concept")
    )

    objects = EntryQuerySet.as_manager()

    class Meta:
        ordering = ["edition", "order"]
        indexes = [
            models.Index(fields=["edition", "order"]),
            models.Index(fields=["edition", "number"]),
            models.Index(fields=["edition", "sort_key"]),
        ]
        verbose_name = _("entry")
        verbose_name_plural = _("entries")

    def __str__(self) -> str:
        label = self.number or self.get_kind_display()
        return f"{label} ({self.edition})"

    def get_absolute_url(self) -> str:
        """A numbered entry's own page; a note is shown on its parent's page (or the contents)."""
        if self.number and self.kind != Entry.Kind.NOTE:
            edition = self.edition
            return reverse("rules:entry-detail", args=[edition.game.slug, edition.language, edition.slug, self.number])
        page = self.parent.get_absolute_url() if self.parent_id else self.edition.get_absolute_url()
        return f"{page}#{self.anchor}"

    @property
    def anchor(self) -> str:
        if self.number:
            suffix = f"-{self.order}" if self.duplicate_of_id else ""
            return f"r{self.number}{suffix}"
        return f"n{self.order}"


class EditionAlignment(models.Model):
    """Two editions whose entries were paired: a translation and its source, or two
    consecutive editions of one language. Recomputed when either is re-imported."""

    class Kind(models.TextChoices):
        TRANSLATION = "translation", _("translation and its source")
        SUCCESSOR = "successor", _("consecutive editions")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="alignments", verbose_name=_("game"))
    source = models.ForeignKey(
        Edition, on_delete=models.CASCADE, related_name="alignments_as_source", verbose_name=_("source or older")
    )
    target = models.ForeignKey(
        Edition, on_delete=models.CASCADE, related_name="alignments_as_target", verbose_name=_("translation or newer")
    )
    kind = models.CharField(_("kind"), max_length=20, choices=Kind.choices)
    # The sha256 of both sources when the links were computed: a re-import recomputes them.
    source_sha256 = models.CharField(max_length=64)
    target_sha256 = models.CharField(max_length=64)
    counts = models.JSONField(_("counts"), default=dict)

    class Meta:
        ordering = ["game", "source", "target"]
        constraints = [models.UniqueConstraint(fields=["source", "target"], name="unique_alignment_pair")]
        verbose_name = _("edition alignment")
        verbose_name_plural = _("edition alignments")

    def __str__(self) -> str:
        return f"{self.source} → {self.target}"


class EntryLink(models.Model):
    """One entry of an aligned pair of editions paired with one of the other, with how and how sure."""

    class Method(models.TextChoices):
        NUMBER = "number", _("same number")
        TEXT = "text", _("text similarity")
        SOURCE = "source", _("as their source editions pair")
        TRANSLATION = "translation", _("translation, same number")
        POSITION = "position", _("translation, same position")
        STRUCTURE = "structure", _("translation, by structure")
        PARENT = "parent", _("moved with its parent")
        CHILDREN = "children", _("where its children went")
        RENAMED = "renamed", _("text similarity, renamed terms read")

    class Relation(models.TextChoices):
        SAME = "same", _("same number")
        MOVED = "moved", _("moved or renumbered")
        SPLIT = "split", _("split from")
        MERGED = "merged", _("merged into")

    alignment = models.ForeignKey(
        EditionAlignment, on_delete=models.CASCADE, related_name="links", verbose_name=_("alignment")
    )
    source = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="links_out", verbose_name=_("source"))
    target = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="links_in", verbose_name=_("target"))
    method = models.CharField(_("method"), max_length=20, choices=Method.choices)
    relation = models.CharField(_("relation"), max_length=10, choices=Relation.choices)
    score = models.FloatField(_("score"))

    class Meta:
        ordering = ["alignment", "source"]
        verbose_name = _("entry link")
        verbose_name_plural = _("entry links")

    def __str__(self) -> str:
        return f"{self.source.number} → {self.target.number} ({self.method}, {self.score:.2f})"


class Example(models.Model):
    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="examples", verbose_name=_("entry"))
    order = models.PositiveSmallIntegerField(_("order"))
    text = models.TextField(_("text"))
    position = models.PositiveIntegerField(_("source line"))
    # The label as printed when it says more than the language's own ("Example A:", "例C:");
    # blank: the language's label ("Example:"), which pages show in its place.
    label = models.CharField(_("printed label"), max_length=40, blank=True)
    # Key of an executable scenario in rules_data/examples/, when one is linked.
    scenario = models.CharField(_("scenario"), max_length=100, blank=True)

    class Meta:
        ordering = ["entry", "order"]
        verbose_name = _("example")
        verbose_name_plural = _("examples")

    def __str__(self) -> str:
        return f"{self.entry} example {self.order + 1}"


class CrossReference(models.Model):
    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="cross_references", verbose_name=_("entry"))
    target_number = models.CharField(_("target number"), max_length=40)
    text = models.CharField(_("citing text"), max_length=500)
    # The target in the same edition; null while that edition has no such number.
    target = models.ForeignKey(
        Entry, on_delete=models.SET_NULL, null=True, blank=True, related_name="cited_by", verbose_name=_("target")
    )

    class Meta:
        ordering = ["entry", "id"]
        verbose_name = _("cross-reference")
        verbose_name_plural = _("cross-references")

    def __str__(self) -> str:
        return f"{self.entry.number} → {self.target_number}"


class GlossaryEntry(models.Model):
    edition = models.ForeignKey(Edition, on_delete=models.CASCADE, related_name="glossary", verbose_name=_("edition"))
    term = models.CharField(_("term"), max_length=300)
    definition = models.TextField(_("definition"))
    position = models.PositiveIntegerField(_("source line"))
    rules = models.JSONField(_("referenced rules"), default=list, blank=True)
    # "" for the glossary printed in the edition's own rules file; otherwise the format of the
    # separate glossary file it came from (``berserk-glossary-rst``). Both are kept side by side.
    source = models.CharField(_("glossary source"), max_length=40, blank=True, default="")

    class Meta:
        ordering = ["edition", "source", "position"]
        verbose_name = _("glossary entry")
        verbose_name_plural = _("glossary entries")

    def __str__(self) -> str:
        return self.term


class Term(models.Model):
    """One concept (``toughness``) with its forms per language, from rules_data/glossary."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="terms", verbose_name=_("game"))
    key = models.SlugField(_("key"), max_length=100)
    note = models.TextField(_("note"), blank=True)

    class Meta:
        ordering = ["game", "key"]
        constraints = [models.UniqueConstraint(fields=["game", "key"], name="unique_term_per_game")]
        verbose_name = _("term")
        verbose_name_plural = _("terms")

    def __str__(self) -> str:
        return self.key


class TermForm(models.Model):
    term = models.ForeignKey(Term, on_delete=models.CASCADE, related_name="forms", verbose_name=_("term"))
    language = models.CharField(_("language"), max_length=10, choices=language_choices)
    form = models.CharField(_("form"), max_length=200)
    preferred = models.BooleanField(_("preferred"), default=False)

    class Meta:
        ordering = ["term", "language", "-preferred", "form"]
        constraints = [
            models.UniqueConstraint(fields=["term", "language", "form"], name="unique_term_form"),
        ]
        verbose_name = _("term form")
        verbose_name_plural = _("term forms")

    def __str__(self) -> str:
        return f"{self.form} ({self.language})"


class Card(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="cards", verbose_name=_("game"))
    key = models.SlugField(_("key"), max_length=200)

    class Meta:
        ordering = ["game", "key"]
        constraints = [models.UniqueConstraint(fields=["game", "key"], name="unique_card_per_game")]
        verbose_name = _("card")
        verbose_name_plural = _("cards")

    def __str__(self) -> str:
        return self.key


class CardName(models.Model):
    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="names", verbose_name=_("card"))
    language = models.CharField(_("language"), max_length=10, choices=language_choices)
    name = models.CharField(_("name"), max_length=300)

    class Meta:
        ordering = ["card", "language"]
        constraints = [models.UniqueConstraint(fields=["card", "language", "name"], name="unique_card_name")]
        verbose_name = _("card name")
        verbose_name_plural = _("card names")

    def __str__(self) -> str:
        return f"{self.name} ({self.language})"
