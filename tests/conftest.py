pytest_plugins = ["tests.fake_openai", "tests.disk_faults"]


# ---- token counting (o200k_base, loaded offline into a temporary tiktoken cache) ----
import pytest  # noqa: E402


@pytest.fixture(scope="session")
def encoding(tmp_path_factory):
    """tiktoken's o200k_base, seeded into a throwaway cache: never the user's own cache."""
    from fincoach_tui.llm.vocab import load_encoding

    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("TIKTOKEN_CACHE_DIR", str(tmp_path_factory.mktemp("tiktoken-cache")))
        yield load_encoding("o200k_base")


@pytest.fixture
def counter(encoding):
    """A fresh TokenCounter (empty cache) over o200k_base's encode_ordinary."""
    from fincoach_tui.domain.tokens import TokenCounter

    return TokenCounter(encoding.encode_ordinary, "o200k_base")


# ---- every test runs as a fresh user with no keys and throwaway directories ----
_KEY_VARIABLES = ("OPENAI_API_KEY", "GROQ_API_KEY", "OPENROUTER_API_KEY")


@pytest.fixture(autouse=True)
def isolated_user(monkeypatch, tmp_path_factory):
    """Never the real user's sessions, config or keys; tiktoken's cache is a temp dir
    shared by the run (tests about the cache itself point it elsewhere)."""
    home = tmp_path_factory.mktemp("user")
    monkeypatch.setenv("FINCOACH_DATA_DIR", str(home / "data"))
    monkeypatch.setenv("FINCOACH_CONFIG_DIR", str(home / "config"))
    monkeypatch.setenv("TIKTOKEN_CACHE_DIR", str(tmp_path_factory.getbasetemp() / "tiktoken-cache"))
    for name in _KEY_VARIABLES:
        monkeypatch.delenv(name, raising=False)
