"""The read-only JSON API under ``/api/v1/`` (django-ninja): the reference, search and the workbench's
reads as data, for bots, rules apps and card sites. See docs/api.md."""
