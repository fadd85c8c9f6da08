"""Sentence vectors: the NumPy encoder against the reference implementation, the cache, the vectors a
build writes, a question answered by meaning, and a damaged vectors file."""

import logging

import numpy as np
import pytest

from rulesref.search import execution, names, search, semantic, service
from rulesref.search.generations import forget_generations, open_generation

TEXTS = [
    "how much life do players start with",
    "103.4. Each player begins the game with a starting life total of 20.",
    "Trample. A creature with trample can deal excess combat damage to the player it's attacking.",
    "",
]


def test_the_numpy_encoder_gives_the_vectors_of_the_reference_implementation():
    from sentence_transformers import SentenceTransformer

    reference = SentenceTransformer(str(semantic.model_dir()), device="cpu").encode(TEXTS, normalize_embeddings=True)
    ours = semantic.encoder().encode(TEXTS)
    assert ours.shape == (4, semantic.DIMENSIONS)
    assert ours.dtype == np.float32
    assert np.allclose(ours, reference, atol=1e-5)


def test_a_question_is_nearest_to_the_rule_that_answers_it_in_other_words():
    question, answer, other, _ = semantic.encoder().encode(TEXTS)
    assert float(question @ answer) > float(question @ other)
    assert round(float(question @ answer), 2) == 0.75


def test_the_cache_gives_back_what_it_was_given_and_a_damaged_cache_is_passed_over(tmp_path):
    cache = semantic.VectorCache(tmp_path / "cache.sqlite3")
    first = cache.vectors(TEXTS[:2])
    done = []
    again = cache.vectors(TEXTS[:3], progress=done.append)
    assert np.array_equal(again[:2], first)
    # Two from the cache, one encoded.
    assert done == [2, 1]
    (tmp_path / "cache.sqlite3").write_bytes(b"not a database" * 100)
    assert np.allclose(semantic.VectorCache(tmp_path / "cache.sqlite3").vectors(TEXTS[:2]), first, atol=1e-6)


def test_a_build_writes_one_vector_per_english_document(search_index):
    generation = open_generation()
    vectors = generation.vectors("en")
    index = generation["en"]
    assert vectors.shape == (index.doc_count, semantic.DIMENSIONS)
    kinds = index.columns["kind"]
    encoded = [doc for doc in range(index.doc_count) if np.any(vectors[doc])]
    assert {kinds[doc] for doc in encoded} == set(semantic.KINDS)
    assert not any(np.any(vectors[doc]) for doc in range(index.doc_count) if kinds[doc] in ("chapter", "note"))
    # Only English is encoded.
    assert generation.vectors("zh-hans") is None
    assert not names.semantic_file(generation.path, "zh-hans").exists()


QUESTION = "do I get my mana back if my spell gets countered"


def test_a_question_is_answered_by_the_rule_that_means_it(search_index):
    # 701.5b: "… The player who cast the countered spell or activated the countered ability doesn't get
    # a "refund" of any costs that were paid." It says neither "mana" nor "back".
    assert [hit.number for hit in search(QUESTION).hits[:3]] == ["701.5b", "603.10e", "605.4a"]


def test_without_the_vectors_the_question_is_answered_by_its_words_alone(search_index, caplog):
    path = names.semantic_file(open_generation().path, "en")
    saved = path.read_bytes()
    try:
        # Same size, so the generation opens; the file cannot be read as vectors.
        path.write_bytes(b"\0" * len(saved))
        forget_generations()
        service.clear_cache()
        with caplog.at_level(logging.WARNING, logger="rulesref.search.generations"):
            results = search(QUESTION)
        assert results.error is None
        assert [hit.number for hit in results.hits[:3]] == ["202.3b", "712.8c", "701.5b"]
        assert [message.split(":")[0] for message in caplog.messages] == [str(path)]
    finally:
        path.write_bytes(saved)
        forget_generations()
        service.clear_cache()


@pytest.mark.parametrize(
    ("query", "english"),
    [
        (QUESTION, True),
        ("what happens to a token that leaves the battlefield", True),
        ("una creatura con costituzione 0 muore", False),
        ("жетон покидает поле боя что будет", False),
        ("衍生物离开战场会怎样", False),
    ],
)
def test_only_a_question_in_english_is_asked_by_meaning(search_index, query, english):
    assert execution.reads_as(open_generation(), "en", query) is english


def test_a_model_that_cannot_be_loaded_leaves_questions_to_their_words(search_index, tmp_path, monkeypatch, caplog):
    from rulesref.search.store import build_generation

    (tmp_path / "config.json").write_text("{}", encoding="utf-8")
    (tmp_path / "model.safetensors").write_bytes(b"damaged")
    monkeypatch.setattr(semantic, "model_dir", lambda: tmp_path)
    for name, value in (("_encoder", None), ("_failure", None)):
        monkeypatch.setattr(semantic, name, value)
    with caplog.at_level(logging.WARNING, logger="rulesref.search.semantic"):
        build_generation()
        forget_generations()
        service.clear_cache()
        results = search(QUESTION)
    generation = open_generation()
    assert not names.semantic_file(generation.path, "en").exists()
    assert generation.vectors("en") is None
    assert results.error is None
    assert [hit.number for hit in results.hits[:3]] == ["202.3b", "712.8c", "701.5b"]
    # Said once, naming the file.
    assert len(caplog.messages) == 1
    assert caplog.messages[0] == (
        "sentence vectors are not used: the model cannot be loaded: "
        f"{tmp_path / 'model.safetensors'}: SafetensorError: Error while deserializing header: header too small"
    )
    forget_generations()
    service.clear_cache()
