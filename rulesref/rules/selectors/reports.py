"""What an import report says about the store: cross-references left unresolved, and every aligned pair
the edition is part of (with a translation's numbering against its source's)."""

from __future__ import annotations

from collections import Counter

from django.db.models import Q

from ..models import CrossReference, Edition, EditionAlignment, Entry


def unresolved_references(edition: Edition) -> list[dict]:
    """Cross-references of ``edition`` to numbers it does not contain, in source order."""
    return [
        {"entry": number, "target": target}
        for number, target in CrossReference.objects.filter(entry__edition=edition, target__isnull=True)
        .order_by("entry__order", "id")
        .values_list("entry__number", "target_number")
    ]


def _numbered(edition: Edition) -> list[str]:
    return list(Entry.objects.in_edition(edition).rules().in_source_order().values_list("number", flat=True))


def numbering_differences(translation: Edition, source: Edition) -> dict:
    """Rule numbers of a translation against its source edition.

    Any difference is worth a translator's look: Duskmourn's English file prints
    702.175 twice where the Chinese follows the corrected 702.176.
    """
    ours, theirs = _numbered(translation), _numbered(source)
    ours_set, theirs_set = set(ours), set(theirs)
    ours_count, theirs_count = Counter(ours), Counter(theirs)
    return {
        "only_in_translation": [n for n in dict.fromkeys(ours) if n not in theirs_set],
        "only_in_source": [n for n in dict.fromkeys(theirs) if n not in ours_set],
        "repeated_in_translation": [n for n in dict.fromkeys(ours) if ours_count[n] > 1],
        "repeated_in_source": [n for n in dict.fromkeys(theirs) if theirs_count[n] > 1],
    }


def alignment_summary(edition: Edition) -> list[dict]:
    """Every aligned pair ``edition`` is part of: which editions, how paired, the counts."""
    pairs = (
        EditionAlignment.objects.filter(Q(source=edition) | Q(target=edition))
        .select_related("source", "target")
        .order_by("kind", "source__language", "source__effective_date", "target__language")
    )
    summary = []
    for pair in pairs:
        item = {
            "source": f"{pair.source.language}:{pair.source.slug}",
            "target": f"{pair.target.language}:{pair.target.slug}",
            "kind": pair.kind,
            "counts": pair.counts,
        }
        if pair.kind == EditionAlignment.Kind.TRANSLATION:
            item["basis"] = "inferred" if pair.target.translates_inferred else "stated"
            if pair.target.translates_inferred:
                item["fit"] = pair.target.report.get("source_fit", {})
            item.update(numbering_differences(pair.target, pair.source))
        summary.append(item)
    return summary
