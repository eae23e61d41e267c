"""A scriptable OpenAI-compatible HTTP server for tests (standard library only).

Use the `fake_openai` fixture (this module is a pytest plugin):

    async def test_reply(fake_openai):
        fake_openai.script(text="Save 10% first.", prompt_tokens=50, completion_tokens=5)
        fake_openai.error(429, "Slow down", code="rate_limit_exceeded",
                          headers={"Retry-After": "7"})
        ...  # point a client at fake_openai.base_url
        assert fake_openai.requests[0]["messages"] == [...]

Scripts are answered in order, one per chat request. A `responder` (body -> Script or
None) is asked first, for tests that answer by what a request is (a fold, an extraction).
`reject_response_format = True` answers any request that asks for `response_format` with
a 400 naming it, as servers without JSON mode do; every request body (and so its
`response_format`) is kept in `requests`. With none queued the server
echoes the last user message as "Noted: <message>" with the default usage:

    prompt_tokens     = 3 + sum(4 + words(content) for each message)
    completion_tokens = words(reply)

where words() counts whitespace-separated words. Deterministic, and close enough to
real counts in shape (per-message overhead plus content) to exercise the accounting.

`fake.llama_cpp = True` adds llama.cpp's native endpoints at the server root, with the
same toy tokenizer (one token per word) and a toy chat template that bills exactly as
above: `POST /tokenize` {"content"} -> {"tokens"}, `POST /apply-template` {"messages"}
-> {"prompt"}, `GET /props` -> {"default_generation_settings": {"n_ctx": fake.n_ctx}}.
`fake.vllm = True` answers vLLM's `POST /tokenize` (a prompt, or messages through the toy
template) with {"count", "tokens", "max_model_len": 32768}; `fake.ollama_context = N`
answers Ollama's `POST /api/show` with model_info["qwen2.context_length"] = N.
`POST /v1/embeddings` answers a deterministic vector per input (`embed`), usage one token
per word, and keeps each body in `embedding_requests`; `fake.embeddings_answered_by`
names the model it says made them (a local server answers with the model it has loaded).
`fake.hold_tokenizer()` makes those native endpoints wait until the event it returns is
set (a slow server), setting `fake.tokenizer_waiting` when a request waits.
`fake.template_fixed` / `fake.template_per_message` (3 and 4) change the template, for
the default usage and the rendered prompt alike (a new template behind the same URL).

A stream that pauses where a test wants, driven by events rather than delays:
`Script(hold_after=N)` sends N pieces of the reply, then sets `fake.held` and waits for
`fake.release` (stopping the server releases it too); `hold_after="usage"` holds after the
usage chunk instead, just before `[DONE]`. A test waits for `held`, acts (stops the reply),
then sets `release` or lets the fixture end.
"""

from __future__ import annotations

import base64
import hashlib
import json
import math
import re
import socket
import struct
import sys
import threading
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

EMBEDDING_DIMS = 64
CREATED = 1_700_000_000  # fixed so responses are byte-for-byte repeatable


def words(text: str) -> int:
    return len(text.split())


def default_prompt_tokens(body: dict[str, Any], fixed: int = 3, per_message: int = 4) -> int:
    messages = body.get("messages", [])
    return fixed + sum(per_message + words(str(m.get("content") or "")) for m in messages)


def toy_template(messages: list[dict[str, Any]], fixed: int = 3, per_message: int = 4) -> str:
    """A chat template whose words are default_prompt_tokens: markers of one word each."""
    parts = []
    for m in messages:
        markers = ["<|im_start|>", str(m.get("role")), "|>"] + ["<|pad|>"] * (per_message - 3)
        parts.append(" ".join([*markers[:per_message], str(m.get("content") or "")]))
    return " ".join([*parts, *(["<|assistant|>"] * fixed)])


@dataclass
class Script:
    """One scripted answer to one chat request.

    usage_in: "usage" (standard final chunk, sent only if the request asked for
    include_usage), "x_groq" (under x_groq.usage on the finish chunk), or None.
    cached_tokens / reasoning_tokens of None leave the *_details objects out.
    status >= 400 answers an OpenAI-style error instead of a reply; `extra_error`
    adds fields to it (llama.cpp sends n_prompt_tokens and n_ctx).
    text="" streams an empty completion; `raw` answers 200 with that body instead.
    """

    text: str = "Noted."
    chunks: int | list[str] = 3
    prompt_tokens: int | None = None  # None: default_prompt_tokens(request)
    completion_tokens: int | None = None  # None: words(text)
    cached_tokens: int | None = None
    reasoning_tokens: int | None = None
    cost: float | None = None
    usage_in: str | None = "usage"
    finish_reason: str = "stop"
    status: int = 200
    error_message: str = ""
    error_type: str | None = None
    error_code: str | int | None = None
    extra_error: dict[str, Any] = field(default_factory=dict)
    headers: dict[str, str] = field(default_factory=dict)
    cut_after_chunks: int | None = None
    # Pause the stream after this many pieces ("usage": after the usage chunk) until the
    # test sets `fake.release`; `fake.held` says the pause has begun.
    hold_after: int | str | None = None
    delay: float = 0.0
    # A 200 whose body is not a completion: `raw` sent as is, with `content_type`
    # (an HTML login page from a proxy, a stream of invalid JSON, ...).
    raw: str | None = None
    content_type: str = "text/html; charset=utf-8"

    def pieces(self) -> list[str]:
        if isinstance(self.chunks, list):
            return list(self.chunks)
        # Split before words so the pieces join back to exactly `text`.
        tokens = [t for t in re.split(r"(?<=\s)(?=\S)", self.text) if t]
        n = max(1, min(self.chunks, len(tokens)))
        size = math.ceil(len(tokens) / n) if tokens else 1
        return ["".join(tokens[i : i + size]) for i in range(0, len(tokens), size)] or [""]

    def usage(self, body: dict[str, Any], template: tuple[int, int] = (3, 4)) -> dict[str, Any]:
        prompt = (
            default_prompt_tokens(body, *template)
            if self.prompt_tokens is None
            else self.prompt_tokens
        )
        completion = words(self.text) if self.completion_tokens is None else self.completion_tokens
        usage: dict[str, Any] = {
            "prompt_tokens": prompt,
            "completion_tokens": completion,
            "total_tokens": prompt + completion,
        }
        if self.cached_tokens is not None:
            usage["prompt_tokens_details"] = {"cached_tokens": self.cached_tokens}
        if self.reasoning_tokens is not None:
            usage["completion_tokens_details"] = {"reasoning_tokens": self.reasoning_tokens}
        if self.cost is not None:
            usage["cost"] = self.cost
        return usage


def embed(text: str) -> list[float]:
    """Hashed bag of words, L2-normalised: equal texts give equal vectors, shared words overlap."""
    vec = [0.0] * EMBEDDING_DIMS
    for word in re.findall(r"\w+", text.lower()):
        digest = hashlib.sha256(word.encode()).digest()
        vec[digest[0] % EMBEDDING_DIMS] += 1.0 if digest[1] % 2 else -1.0
    norm = math.sqrt(sum(v * v for v in vec)) or 1.0
    return [v / norm for v in vec]


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # chunked bodies, so a cut is a real incomplete read
    server: _Server

    def log_message(self, format: str, *args: Any) -> None:  # keep test output quiet
        pass

    def do_POST(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        try:
            body = json.loads(self.rfile.read(length) or b"{}")
        except json.JSONDecodeError:
            error = {"message": "invalid JSON", "type": "invalid_request_error", "code": None}
            return self._json(400, {"error": error})
        fake = self.server.fake
        path = self.path.split("?", 1)[0].rstrip("/")
        if path.endswith("/chat/completions"):
            fake._record(body, {k.lower(): v for k, v in self.headers.items()})
            self._chat(body, fake._next_script(body))
        elif path.endswith("/embeddings"):
            with fake._lock:
                fake.embedding_requests.append(body)
            self._embeddings(body)
        elif fake.vllm and path == "/tokenize":
            with fake._lock:
                fake.native_requests.append(("/tokenize", body))
            template = (fake.template_fixed, fake.template_per_message)
            if "messages" in body:
                text = toy_template(body["messages"], *template)
            else:
                text = str(body.get("prompt") or "")
            count = words(text)
            self._json(200, {"count": count, "tokens": list(range(count)), "max_model_len": 32768})
        elif fake.ollama_context and path == "/api/show":
            info = {"general.architecture": "qwen2", "qwen2.context_length": fake.ollama_context}
            self._json(200, {"model_info": info, "details": {"family": "qwen2"}})
        elif fake.llama_cpp and path in ("/tokenize", "/apply-template") and fake._held():
            return self._json(503, {"error": {"message": "server stopping"}})
        elif fake.llama_cpp and path == "/tokenize":
            with fake._lock:
                fake.native_requests.append(("/tokenize", body))
            self._json(200, {"tokens": list(range(words(str(body.get("content") or ""))))})
        elif fake.llama_cpp and path == "/apply-template":
            with fake._lock:
                fake.native_requests.append(("/apply-template", body))
            template = (fake.template_fixed, fake.template_per_message)
            self._json(200, {"prompt": toy_template(body.get("messages", []), *template)})
        else:
            self._json(404, {"error": {"message": f"no route {self.path}", "type": "not_found"}})

    def do_GET(self) -> None:
        fake = self.server.fake
        if fake.llama_cpp and self.path.rstrip("/") == "/props":
            settings = {"n_ctx": fake.n_ctx, "n_predict": -1}
            return self._json(200, {"default_generation_settings": settings, "total_slots": 1})
        self._json(404, {"error": {"message": f"no route {self.path}", "type": "not_found"}})

    # -- responses ------------------------------------------------------------------

    def _json(
        self, status: int, payload: dict[str, Any], headers: dict[str, str] | None = None
    ) -> None:
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)

    def _write_chunk(self, data: bytes) -> None:
        self.wfile.write(b"%X\r\n%s\r\n" % (len(data), data))
        self.wfile.flush()

    def _event(self, payload: dict[str, Any] | str) -> None:
        text = payload if isinstance(payload, str) else json.dumps(payload)
        self._write_chunk(f"data: {text}\n\n".encode())

    def _chat(self, body: dict[str, Any], script: Script) -> None:
        # An Event, not time.sleep: stopping the server wakes delayed handlers at once.
        if script.delay and self.server.fake._stopping.wait(script.delay):
            self.close_connection = True
            return
        if script.status >= 400:
            error = {
                "message": script.error_message,
                "type": script.error_type,
                "code": script.error_code,
                **script.extra_error,
            }
            return self._json(script.status, {"error": error}, script.headers)
        if script.raw is not None:
            data = script.raw.encode()
            self.send_response(200)
            self.send_header("Content-Type", script.content_type)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
            return
        model = body.get("model", "")
        ident = f"chatcmpl-fake-{len(self.server.fake.requests)}"
        base = {"id": ident, "created": CREATED, "model": model}
        fake = self.server.fake
        usage = script.usage(body, (fake.template_fixed, fake.template_per_message))
        if not body.get("stream"):
            message = {"role": "assistant", "content": script.text}
            choice = {"index": 0, "message": message, "finish_reason": script.finish_reason}
            payload = {**base, "object": "chat.completion", "choices": [choice]}
            if script.usage_in is not None:
                payload["usage"] = usage
            return self._json(200, payload, script.headers)

        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Transfer-Encoding", "chunked")
        for name, value in script.headers.items():
            self.send_header(name, value)
        self.end_headers()

        def chunk(delta: dict[str, Any], finish: str | None = None, **extra: Any) -> dict[str, Any]:
            choice = {"index": 0, "delta": delta, "logprobs": None, "finish_reason": finish}
            return {**base, "object": "chat.completion.chunk", "choices": [choice], **extra}

        self._event(chunk({"role": "assistant", "content": ""}))
        for i, piece in enumerate(script.pieces()):
            if script.hold_after == i:
                fake.hold()
            if script.cut_after_chunks is not None and i >= script.cut_after_chunks:
                # No terminating zero-length chunk: the client sees an incomplete read.
                self.close_connection = True
                return
            self._event(chunk({"content": piece}))
        groq = {"x_groq": {"id": "req_fake", "usage": usage}} if script.usage_in == "x_groq" else {}
        self._event(chunk({}, script.finish_reason, **groq))
        wants_usage = bool((body.get("stream_options") or {}).get("include_usage"))
        if script.usage_in == "usage" and wants_usage:
            self._event({**base, "object": "chat.completion.chunk", "choices": [], "usage": usage})
        if script.hold_after == "usage":
            fake.hold()
        self._event("[DONE]")
        self._write_chunk(b"")

    def _embeddings(self, body: dict[str, Any]) -> None:
        inputs = body.get("input", [])
        inputs = [inputs] if isinstance(inputs, str) else list(inputs)
        as_base64 = body.get("encoding_format") == "base64"
        data = []
        for i, text in enumerate(inputs):
            vec = embed(str(text))
            value: Any = vec
            if as_base64:  # the SDK may ask for packed little-endian float32
                value = base64.b64encode(struct.pack(f"<{len(vec)}f", *vec)).decode()
            data.append({"object": "embedding", "index": i, "embedding": value})
        tokens = sum(words(str(t)) for t in inputs)
        usage = {"prompt_tokens": tokens, "total_tokens": tokens}
        # A local server answers with the model it has loaded, whatever was asked for.
        model = self.server.fake.embeddings_answered_by or body.get("model", "")
        self._json(200, {"object": "list", "data": data, "model": model, "usage": usage})


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    fake: FakeOpenAI

    def process_request(self, request: Any, client_address: Any) -> None:
        with self.fake._lock:
            self.fake._sockets.add(request)
        super().process_request(request, client_address)

    def handle_error(self, request: Any, client_address: Any) -> None:
        # A client that timed out or hung up mid-reply is a scenario under test, not a
        # server bug: stay quiet about broken pipes, report anything else.
        if not isinstance(sys.exc_info()[1], OSError):
            super().handle_error(request, client_address)

    def shutdown_request(self, request: Any) -> None:
        with self.fake._lock:
            self.fake._sockets.discard(request)
        super().shutdown_request(request)


class FakeOpenAI:
    """The server plus its script queue and what it received. Thread-safe."""

    def __init__(self) -> None:
        self.requests: list[dict[str, Any]] = []  # chat request bodies, in order
        self.request_headers: list[dict[str, str]] = []  # lower-cased names, parallel to `requests`
        self.embedding_requests: list[dict[str, Any]] = []
        # `hold_tokenizer()`: /tokenize and /apply-template wait until the returned event
        # is set (a slow server); `tokenizer_waiting` is set once a request waits there.
        self._tokenizer_gate: threading.Event | None = None
        self.tokenizer_waiting = threading.Event()
        # The model /v1/embeddings says made the vectors (None: the one asked for).
        self.embeddings_answered_by: str | None = None
        # llama.cpp's native endpoints (off: a plain OpenAI-compatible server).
        self.llama_cpp = False
        self.vllm = False  # vLLM's /tokenize: {"count", "tokens", "max_model_len"}
        self.ollama_context: int | None = None  # Ollama's /api/show context length
        self.n_ctx = 8192
        self.template_fixed = 3
        self.template_per_message = 4
        self.native_requests: list[tuple[str, dict[str, Any]]] = []
        # Called in the server's thread as each chat request arrives, before it is answered
        # (a test can look at the world at that moment: what was on disk by then).
        self.on_request: Callable[[dict[str, Any]], None] | None = None
        self._scripts: deque[Script] = deque()
        self.responder: Callable[[dict[str, Any]], Script | None] | None = None
        self.reject_response_format = False
        self.held = threading.Event()  # a stream has reached its Script.hold_after pause
        self.release = threading.Event()  # ends every such pause
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._sockets: set[socket.socket] = set()
        self._httpd = _Server(("127.0.0.1", 0), _Handler)
        self._httpd.fake = self
        self.port: int = self._httpd.server_address[1]
        self.base_url = f"http://127.0.0.1:{self.port}/v1"
        self._thread = threading.Thread(
            target=self._httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )

    # -- scripting ------------------------------------------------------------------

    def script(self, **fields: Any) -> Script:
        """Queue the answer to the next chat request; fields are those of `Script`."""
        script = Script(**fields)
        with self._lock:
            self._scripts.append(script)
        return script

    def error(
        self,
        status: int,
        message: str,
        *,
        type: str | None = None,
        code: str | int | None = None,
        headers: dict[str, str] | None = None,
        **extra: Any,
    ) -> Script:
        """Queue an OpenAI-style error: {"error": {"message", "type", "code", **extra}}."""
        return self.script(
            status=status,
            error_message=message,
            error_type=type or ("server_error" if status >= 500 else "invalid_request_error"),
            error_code=code,
            extra_error=extra,
            headers=headers or {},
        )

    def html(self, page: str = "<html><body><h1>Sign in</h1></body></html>") -> Script:
        """Queue a 200 whose body is an HTML page (a captive portal, a misrouted proxy)."""
        return self.script(raw=page)

    def invalid_json(self) -> Script:
        """Queue a 200 event stream whose data is not JSON."""
        return self.script(raw="data: {not json at all\n\n", content_type="text/event-stream")

    def hold_tokenizer(self) -> threading.Event:
        """From now on the native tokenizer endpoints answer only once the returned event
        is set: a server that is slow to count."""
        self._tokenizer_gate = threading.Event()
        return self._tokenizer_gate

    def _held(self) -> bool:
        """Wait at the gate, if there is one; True if the server stopped meanwhile."""
        gate = self._tokenizer_gate
        if gate is None:
            return False
        self.tokenizer_waiting.set()
        while not gate.wait(0.05):  # an event, polled so that stopping the server ends it
            if self._stopping.is_set():
                return True
        return False

    def _next_script(self, body: dict[str, Any]) -> Script:
        if self.reject_response_format and "response_format" in body:
            return Script(
                status=400,
                error_message="response_format is not supported by this model",
                error_type="invalid_request_error",
            )
        if self.responder is not None:
            answer = self.responder(body)
            if answer is not None:
                return answer
        with self._lock:
            if self._scripts:
                return self._scripts.popleft()
        users = [m for m in body.get("messages", []) if m.get("role") == "user"]
        last = str(users[-1].get("content") or "") if users else ""
        return Script(text=f"Noted: {last}".strip())

    def hold(self) -> None:
        """Pause the stream being answered (in its handler's thread) until `release`."""
        self.held.set()
        self.release.wait()

    def _record(self, body: dict[str, Any], headers: dict[str, str]) -> None:
        if self.on_request is not None:
            self.on_request(body)
        with self._lock:
            self.requests.append(body)
            self.request_headers.append(headers)

    # -- lifecycle ------------------------------------------------------------------

    def start(self) -> FakeOpenAI:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stopping.set()
        self.release.set()  # no stream stays paused past the test
        self._httpd.shutdown()
        # Keep-alive handler threads block reading the next request; closing their
        # sockets ends them now instead of at the client's leisure.
        with self._lock:
            open_sockets = list(self._sockets)
        for sock in open_sockets:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
        self._httpd.server_close()
        self._thread.join(timeout=5)

    def __enter__(self) -> FakeOpenAI:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def closed_port_url() -> str:
    """A base URL on which nothing listens (the port was just free), for connection errors."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    return f"http://127.0.0.1:{port}/v1"


@pytest.fixture
def fake_openai() -> Iterator[FakeOpenAI]:
    with FakeOpenAI() as server:
        yield server
