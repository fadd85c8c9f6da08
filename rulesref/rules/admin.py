from django.contrib import admin

from .models import (
    Card,
    CardName,
    Concept,
    CrossReference,
    Edition,
    EditionAlignment,
    Entry,
    EntryLink,
    Example,
    Game,
    GlossaryEntry,
    Term,
    TermForm,
)


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ["slug", "name", "original_language", "numbering", "registered"]


@admin.register(Edition)
class EditionAdmin(admin.ModelAdmin):
    list_display = ["game", "language", "slug", "name", "effective_date", "format", "translates", "imported_at"]
    list_filter = ["game", "language", "format"]
    search_fields = ["slug", "name", "source_name"]
    raw_id_fields = ["translates"]


class ExampleInline(admin.TabularInline):
    model = Example
    extra = 0


class CrossReferenceInline(admin.TabularInline):
    model = CrossReference
    fk_name = "entry"
    extra = 0
    raw_id_fields = ["target"]


@admin.register(Entry)
class EntryAdmin(admin.ModelAdmin):
    list_display = ["number", "kind", "edition", "title", "position", "duplicate_of"]
    list_filter = ["kind", "edition__game", "edition__language", "edition"]
    search_fields = ["number", "title", "text"]
    raw_id_fields = ["parent", "duplicate_of", "edition"]
    inlines = [ExampleInline, CrossReferenceInline]


@admin.register(Example)
class ExampleAdmin(admin.ModelAdmin):
    list_display = ["entry", "order", "scenario"]
    raw_id_fields = ["entry"]


@admin.register(CrossReference)
class CrossReferenceAdmin(admin.ModelAdmin):
    list_display = ["entry", "target_number", "target"]
    list_filter = ["entry__edition"]
    raw_id_fields = ["entry", "target"]


@admin.register(GlossaryEntry)
class GlossaryEntryAdmin(admin.ModelAdmin):
    list_display = ["term", "edition", "position"]
    list_filter = ["edition"]
    search_fields = ["term", "definition"]


class TermFormInline(admin.TabularInline):
    model = TermForm
    extra = 0


@admin.register(Term)
class TermAdmin(admin.ModelAdmin):
    list_display = ["key", "game"]
    list_filter = ["game"]
    search_fields = ["key", "forms__form"]
    inlines = [TermFormInline]


class CardNameInline(admin.TabularInline):
    model = CardName
    extra = 0


@admin.register(Card)
class CardAdmin(admin.ModelAdmin):
    list_display = ["key", "game"]
    list_filter = ["game"]
    search_fields = ["key", "names__name"]
    inlines = [CardNameInline]


@admin.register(Concept)
class ConceptAdmin(admin.ModelAdmin):
    list_display = ["__str__", "game"]
    list_filter = ["game"]


@admin.register(EditionAlignment)
class EditionAlignmentAdmin(admin.ModelAdmin):
    list_display = ["source", "target", "kind", "counts"]
    list_filter = ["game", "kind"]


@admin.register(EntryLink)
class EntryLinkAdmin(admin.ModelAdmin):
    """Every non-trivial link, for review: sort by score to see the least sure first."""

    list_display = ["source", "target", "method", "relation", "score"]
    list_filter = ["alignment", "method", "relation"]
    raw_id_fields = ["alignment", "source", "target"]
    ordering = ["score"]
