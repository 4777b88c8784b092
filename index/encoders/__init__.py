"""Encoders: the `Embedder` protocol and its implementations (ONNX, torch,
hashing, the Ray engine)."""
