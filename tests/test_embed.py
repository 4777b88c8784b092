"""The encoders: the ONNX backend against torch, identities, lazy loading."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from index.build.builder import Report, embedding_text, ingest, parse_all, talk_sentences
from index.encoders import embed, onnx_encoder
from index.encoders.embed import HashingEmbedder, LazyEmbedder
from index.search.kb import KnowledgeBase
from index.store import disk as store
from index.store.manifest import Manifest
from ingest.merge import merge_talks
from talkbase.core.errors import InputError, ModelMismatch, TalkbaseError
from tests.conftest import BLOG, DIGEST, PROGRAMS

MINILM = "sentence-transformers/all-MiniLM-L6-v2"


def demo_texts() -> list[str]:
    """Every text ingest embeds for the demo programs: talk texts and sentences."""
    docs = parse_all([PROGRAMS], None, Report())
    talks = merge_talks(t for d in docs for t in d.talks)
    return list(
        dict.fromkeys(
            [embedding_text(t) for t in talks] + [s for t in talks for s in talk_sentences(t)]
        )
    )


# -- the real ONNX path -------------------------------------------------------------


@pytest.mark.model
def test_default_encoder_is_int8_onnx_without_torch(real_embedder):
    assert isinstance(real_embedder, onnx_encoder.OnnxEmbedder)
    model, backend, digest = real_embedder.identity.split("|")
    assert model == MINILM and backend.startswith("onnx-") and len(digest) == 12
    config = onnx_encoder.cpu_config()
    assert backend == (f"onnx-int8-{config}" if config else "onnx-fp32")
    assert real_embedder.identity == embed.identity()  # known without loading
    vecs = real_embedder.embed(
        [
            "fault-tolerant collectives",
            "all-reduce that survives a failing GPU",
            "a recipe for sourdough bread",
            "x " * 2000,
        ]
    )
    assert vecs.shape == (4, 384) and vecs.dtype == np.float32
    assert np.allclose(np.linalg.norm(vecs, axis=1), 1.0, atol=1e-5)
    assert vecs[0] @ vecs[1] > vecs[0] @ vecs[2] + 0.1  # meaning, not noise
    assert real_embedder.embed([]).shape == (0, 384)


@pytest.mark.model
def test_batching_by_length_does_not_change_vectors(real_embedder):
    texts = demo_texts()[:40]
    fp32 = embed._load(MINILM, "cpu", "onnx")
    together = fp32.embed(texts)
    alone = np.vstack([fp32.embed([t]) for t in texts[:8]])
    assert np.abs(together[:8] - alone).max() < 1e-4  # padding is masked out, order kept
    # int8 quantizes activations per batch, so a batch moves a vector a little
    cos = np.sum(
        real_embedder.embed(texts)[:8] * np.vstack([real_embedder.embed([t]) for t in texts[:8]]),
        axis=1,
    )
    assert cos.min() > 0.98


@pytest.mark.model
def test_an_int8_vector_is_the_same_alone_or_among_others(monkeypatch):
    """Int8 runs one text per call; several calls go side by side on one-thread
    sessions (TALKBASE_ENCODER_WORKERS); a text alone runs on one thread when short
    (a query: onnx_encoder.SOLO_TOKENS), on every core when long: each text gets
    the same vector every way."""
    int8 = embed._load(MINILM, "cpu", "onnx-int8")
    if int8.batch_size != 1:  # no int8 config for this CPU: fp32, tested above
        pytest.skip("this CPU runs the fp32 encoder")
    texts = demo_texts()[:24] + ["fault-tolerant collectives", "talks on Wednesday"]
    sizes = [len(e.ids) for e in int8._tokenizer.encode_batch(texts)]
    # both ways of running a text alone: one thread, and every core
    assert min(sizes) <= onnx_encoder.SOLO_TOKENS < max(sizes)
    alone = np.vstack([int8.embed([t]) for t in texts])
    for n in ("2", "3", "1"):
        monkeypatch.setenv("TALKBASE_ENCODER_WORKERS", n)
        together = int8.embed(texts)
        assert together.shape == alone.shape
        assert np.sum(together * alone, axis=1).min() >= 0.9999, n


@pytest.mark.model
def test_int8_onnx_stays_within_cosine_098_of_torch_fp32_on_every_demo_text(real_embedder):
    texts = demo_texts()
    assert len(texts) > 200
    torch_fp32 = embed._load(MINILM, "cpu", "torch")
    assert isinstance(torch_fp32, embed.SentenceTransformerEmbedder)
    cos = np.sum(real_embedder.embed(texts) * torch_fp32.embed(texts), axis=1)
    worst = int(np.argmin(cos))
    assert cos.min() >= 0.98, f"cosine {cos.min():.4f} on {texts[worst][:80]!r}"
    assert cos.mean() >= 0.99
    fp32 = embed._load(MINILM, "cpu", "onnx")  # the export itself is exact
    assert np.sum(fp32.embed(texts[:50]) * torch_fp32.embed(texts[:50]), axis=1).min() > 0.9999


# -- identities ----------------------------------------------------------------------


def test_identity_names_model_backend_and_model_hash():
    ident = embed.identity(MINILM, "onnx")
    assert ident.startswith(f"{MINILM}|onnx-fp32|")
    assert embed.identity(MINILM, "torch").startswith(f"{MINILM}|torch-fp32|")
    assert ident.split("|")[2] == embed.identity(MINILM, "torch").split("|")[2]
    assert embed.identity(MINILM, "onnx-int8-avx2").split("|")[1] == "onnx-int8-avx2"
    assert embed.identity("hashing") == "hashing"
    assert embed.describe(ident)["backend"] == "onnx-fp32"
    with pytest.raises(TalkbaseError, match="onnx-int8-avx512_vnni"):
        onnx_encoder.quantization_for("onnx-int8-sse2")


def test_encoder_setting_is_checked(monkeypatch):
    monkeypatch.setenv("TALKBASE_ENCODER", "tensorflow")
    with pytest.raises(TalkbaseError, match="TALKBASE_ENCODER"):
        embed.encoder_setting()


def test_model_hash_follows_the_files(tmp_path, monkeypatch):
    monkeypatch.setenv("TALKBASE_ENCODER_CACHE", str(tmp_path / "cache"))
    model = tmp_path / "model"
    model.mkdir()
    (model / "config.json").write_text("{}")
    (model / "README.md").write_text("not part of the model")
    first = onnx_encoder.model_hash(model)
    assert onnx_encoder.model_hash(model) == first  # remembered
    (model / "README.md").write_text("still not part of the model")
    assert onnx_encoder.model_hash(model) == first
    (model / "config.json").write_text('{"hidden_size": 1}')
    assert onnx_encoder.model_hash(model) != first
    p = onnx_encoder.Plan(model, first, "int8-avx2")
    assert (
        p.onnx_path
        == tmp_path
        / "cache"
        / f"model-{first[:16]}"
        / f"model-int8-avx2-{onnx_encoder.RECIPE}.onnx"
    )


def test_hashing_model_setting_selects_the_hashing_embedder(monkeypatch):
    monkeypatch.setenv("TALKBASE_MODEL", "hashing")
    e = embed.load()
    assert isinstance(e, HashingEmbedder) and e.name == "hashing" and e.identity == "hashing"
    assert LazyEmbedder().identity == "hashing"


def test_a_base_refuses_queries_from_another_encoder(tmp_path, monkeypatch):
    """Built as int8 ONNX, asked through torch: one sentence, before any model loads."""
    built = embed.identity(MINILM, "onnx-int8-avx2")
    home = tmp_path / "home"
    ingest([DIGEST], home, HashingEmbedder(name=MINILM, identity=built))
    manifest = store.require(home).manifest
    assert manifest.encoder == built and manifest.model == MINILM
    assert manifest.encoder_info["backend"] == "onnx-int8-avx2"

    def no_loading(*args):
        raise AssertionError("the model must not load")

    monkeypatch.setattr(embed, "_load", no_loading)  # (load() calls it)
    monkeypatch.setenv("TALKBASE_ENCODER", "torch")
    with KnowledgeBase(home) as kb, pytest.raises(ModelMismatch) as caught:
        kb.search("collectives", mode="dense")
    sentence = caught.value.sentence()
    assert "run as onnx-int8-avx2" in sentence and "torch-fp32 is configured" in sentence
    assert "TALKBASE_ENCODER=onnx-int8-avx2" in sentence and "--rebuild" in sentence
    with pytest.raises(ModelMismatch):
        KnowledgeBase(home, HashingEmbedder(name=MINILM, identity=embed.identity(MINILM, "onnx")))
    with pytest.raises(ModelMismatch, match="TALKBASE_ENCODER=onnx-int8-avx2"):
        ingest([DIGEST], home, LazyEmbedder())  # torch configured: no mixing in one base


def test_a_base_of_another_int8_config_is_served_and_grown_its_own_way(tmp_path, monkeypatch):
    """TALKBASE_ENCODER=onnx-int8 (the default) leaves the int8 config to the CPU; a
    base built with another one (on another CPU family, or "avx2" before "avx2_s8")
    is queried and added to with the base's config, so its vectors never mix. A
    config named in the setting is kept as asked."""
    built = embed.identity(MINILM, "onnx-int8-avx2")
    home = tmp_path / "home"
    ingest([DIGEST], home, HashingEmbedder(384, name=MINILM, identity=built))
    monkeypatch.setenv("TALKBASE_ENCODER", "onnx-int8")
    assert embed.identity(MINILM) != built  # no CPU picks "avx2" now
    assert embed.kept_encoder(MINILM, built) == "onnx-int8-avx2"
    loaded: list[str] = []

    def fake_load(name: str, device: str, encoder: str) -> HashingEmbedder:
        loaded.append(encoder)
        return HashingEmbedder(384, name=name, identity=embed.identity(name, encoder))

    monkeypatch.setattr(embed, "_load", fake_load)
    with KnowledgeBase(home) as kb:
        assert kb.search("collectives", mode="dense")
    assert loaded == ["onnx-int8-avx2"]
    lazy = LazyEmbedder()
    ingest([BLOG], home, lazy)  # a new document: embedded the base's way
    assert lazy.identity == built and loaded[-1] == "onnx-int8-avx2"
    assert store.require(home).manifest.encoder == built
    monkeypatch.setenv("TALKBASE_ENCODER", "onnx-int8-avx512_vnni")
    assert embed.kept_encoder(MINILM, built) is None
    with KnowledgeBase(home) as kb, pytest.raises(ModelMismatch):
        kb.search("collectives", mode="dense")
    monkeypatch.setenv("TALKBASE_ENCODER", "onnx-int8")
    other_model = built.replace(MINILM, "sentence-transformers/other")
    assert embed.kept_encoder(MINILM, other_model) is None
    assert embed.kept_encoder(MINILM, built[:-4] + "0000") is None  # other model files
    assert embed.kept_encoder(MINILM, f"{MINILM}|onnx-int8-avx9|{built[-12:]}") is None


def test_embeddings_cache_is_reused_only_with_the_same_identity(tmp_path):
    home = tmp_path / "home"
    a = HashingEmbedder(name=MINILM, identity=f"{MINILM}|onnx-int8-avx2|0")
    first = ingest([DIGEST], home, a)
    again = ingest([DIGEST], home, HashingEmbedder(name=MINILM, identity=a.identity))
    assert first.embedded > 0 and again.embedded == 0 and again.reused == first.embedded
    b = HashingEmbedder(name=MINILM, identity=f"{MINILM}|onnx-fp32|0")  # same model name
    with pytest.raises(ModelMismatch):
        ingest([DIGEST], home, b)
    rebuilt = ingest([DIGEST], home, b, rebuild=True)
    assert rebuilt.embedded == first.embedded and rebuilt.reused == 0
    assert (
        json.loads((store.require(home).path / "manifest.json").read_text())["encoder"]
        == b.identity
    )


def _manifest(**raw) -> Manifest:
    return Manifest.from_dict({"format_version": 1, "dimension": 384, "counts": {}, **raw})


def test_legacy_manifest_without_encoder_was_built_with_torch():
    assert embed.built_identity(_manifest(model=MINILM)) == embed.identity(MINILM, "torch")
    assert embed.built_identity(_manifest(model="test-hashing")) == "test-hashing"
    assert embed.built_identity(_manifest(model=MINILM, encoder="x")) == "x"


def test_legacy_manifest_without_encoder_means_torch_in_the_message():
    err = ModelMismatch("/kb", MINILM, f"{MINILM}|onnx-int8-avx2|abc")
    assert "TALKBASE_ENCODER=torch" in err.sentence()
    other = ModelMismatch("/kb", "test-hashing", "another-model")
    assert "TALKBASE_MODEL=test-hashing" in other.sentence()


# -- lazy loading ---------------------------------------------------------------------


class Counting(HashingEmbedder):
    calls = 0

    def embed(self, texts: list[str]) -> np.ndarray:
        Counting.calls += 1
        return super().embed(texts)


def test_lazy_embedder_loads_only_when_something_is_new(tmp_path, monkeypatch):
    loads: list[str] = []
    real = Counting(name="hashing")

    def fake_load(name=None, device=None, encoder=None):
        loads.append(name)
        return real

    monkeypatch.setenv("TALKBASE_MODEL", "hashing")
    monkeypatch.setattr(embed, "load", fake_load)
    empty = tmp_path / "empty.csv"
    empty.write_text("")
    lazy = LazyEmbedder()
    with pytest.raises(InputError, match="empty"):
        ingest([empty], tmp_path / "home", lazy)
    assert not lazy.loaded and loads == []
    ingest([DIGEST], tmp_path / "home", lazy)
    assert loads == ["hashing"]
    again = LazyEmbedder()
    report = ingest([DIGEST], tmp_path / "home", again)  # nothing new: no model
    assert report.embedded == 0 and not again.loaded and loads == ["hashing"]


def test_ingest_reports_texts_per_second(tmp_path, capsys):
    import argparse

    from talkbase import output

    report = ingest([DIGEST], tmp_path / "home", HashingEmbedder())
    assert report.embed_seconds > 0
    output.print_report(report, argparse.Namespace(json=False))
    out = capsys.readouterr().out
    assert f"{report.embedded} texts embedded" in out
    if report.embed_seconds > 0.01:
        assert "texts/s)" in out


def test_lazy_embedder_knows_the_minilm_size_without_loading(monkeypatch):
    monkeypatch.setattr(embed, "load", lambda *a: (_ for _ in ()).throw(AssertionError("load")))
    lazy = LazyEmbedder(MINILM)
    assert lazy.dim == 384 and not lazy.loaded
    assert Path(embed.resolve_model_path(MINILM)).is_dir()
