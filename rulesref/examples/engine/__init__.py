"""A small rules engine for the examples printed in the rules: pure Python, no Django.

Start from :class:`~.game.Game`; cards and effects are described with the dataclasses of
:mod:`.definitions`; :func:`.layers.compute` gives every object's characteristics through
the layer system; :mod:`.sba` performs state-based actions; :mod:`.legality` says which
player actions are legal. See docs/examples.md for what is modelled and what is not.
"""
