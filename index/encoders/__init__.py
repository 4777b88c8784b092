"""Encoders: the `Embedder` protocol (base.py), one module per encoder (onnx_encoder,
torch_encoder, hashing), the registry that chooses one (registry.py), loading and
identities (embed.py), and the engines that run one for a build (engines.py: local, Ray)."""
