pytest_plugins = ["tests.fake_openai", "tests.disk_faults"]


# ---- token counting (o200k_base, loaded offline into a temporary tiktoken cache) ----
from pathlib import Path  # noqa: E402

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


def _as_fresh_user(mp: pytest.MonkeyPatch, home, tiktoken_cache) -> None:
    mp.setenv("FINCOACH_DATA_DIR", str(home / "data"))
    mp.setenv("FINCOACH_CONFIG_DIR", str(home / "config"))
    mp.setenv("TIKTOKEN_CACHE_DIR", str(tiktoken_cache))
    for name in _KEY_VARIABLES:
        mp.delenv(name, raising=False)


def _real_user_files() -> dict[str, tuple[int, int]]:
    """Every path under the real user's FinCoach data and config dirs (where FinCoach puts
    them with no FINCOACH_* variable set, for this process's HOME and XDG_* variables),
    with its size and modification time."""
    import platformdirs

    from fincoach_tui.settings.paths import APP_NAME

    found: dict[str, tuple[int, int]] = {}
    for root in (platformdirs.user_data_dir(APP_NAME), platformdirs.user_config_dir(APP_NAME)):
        top = Path(root)
        for path in (top, *top.rglob("*")) if top.exists() else ():
            st = path.lstat()
            found[str(path)] = (st.st_size, st.st_mtime_ns)
    return found


@pytest.fixture(scope="session", autouse=True)
def isolated_run(tmp_path_factory):
    """The whole run is a fresh user as well: a module- or session-scoped fixture is set up
    before `isolated_user`, so without this one an engine it builds keeps the real user's
    data dir (and saves its learned overheads there). When the run ends, the real user's
    data and config dirs must be exactly as it found them."""
    before = _real_user_files()
    with pytest.MonkeyPatch.context() as mp:
        _as_fresh_user(
            mp,
            tmp_path_factory.mktemp("run-user"),
            tmp_path_factory.getbasetemp() / "tiktoken-cache",
        )
        yield
    after = _real_user_files()
    changed = sorted({path for path, _ in set(before.items()) ^ set(after.items())})
    assert not changed, f"the tests wrote under the real user's FinCoach dirs: {changed}"


@pytest.fixture(autouse=True)
def isolated_user(monkeypatch, tmp_path_factory):
    """Never the real user's sessions, config or keys, and a fresh user for each test;
    tiktoken's cache is a temp dir shared by the run (tests about the cache itself point
    it elsewhere)."""
    _as_fresh_user(
        monkeypatch,
        tmp_path_factory.mktemp("user"),
        tmp_path_factory.getbasetemp() / "tiktoken-cache",
    )


# ---- the fast loop: `pytest -m "not slow"` leaves out what drives the app or a process ----
# A test is slow when its code, or a test helper it calls, drives the Textual app
# (`run_test`) or starts a process (`subprocess`), or when it uses a fixture that takes
# seconds: comparing snapshots, unpacking the real vocabularies into an empty tiktoken
# cache. Found from the code
# itself, so a new test in any file is marked without anyone remembering to. A test slow
# for another reason (a big property test) carries `@pytest.mark.slow` itself.
_SLOW_NAMES = frozenset({"run_test", "subprocess"})
_SLOW_FIXTURES = frozenset({"snap_compare", "fresh_cache"})
_SLOW_MODULES = frozenset(
    {
        "test_crash_safety",  # kills real processes at random points
        # Whole multi-turn sessions per strategy, through the HTTP fake server, written
        # and read back: integration tests, each second-long, run by CI with the rest.
        "test_linear_storage",
        "test_real_model_memory",
        "test_server_tokenizer",
        "test_all_in_comparison",  # sessions per strategy through the fake server, compared
        "test_compare_command",
        "test_maintenance_labels",
        "test_recall_probe",  # plays generated conversations through every strategy
        "test_offline_memory_conversations",  # four 40-turn conversations, every strategy
        "test_structure",  # parses every module of the package and of the tests
    }
)


def _reaches_slow_code(function, seen: set | None = None) -> bool:
    """True if `function`'s code (its nested functions included) names `run_test` or
    `subprocess`, directly or through a function or class of the tests package it uses."""
    import inspect

    seen = set() if seen is None else seen
    function = inspect.unwrap(
        getattr(getattr(function, "hypothesis", None), "inner_test", function)
    )
    code = getattr(function, "__code__", None)
    if code is None or code in seen:
        return False
    seen.add(code)
    codes = [code]
    while codes:
        current = codes.pop()
        if _SLOW_NAMES.intersection(current.co_names):
            return True
        codes.extend(c for c in current.co_consts if inspect.iscode(c))
        for name in current.co_names:
            helper = function.__globals__.get(name)
            if getattr(helper, "__module__", "").startswith("tests") and any(
                _reaches_slow_code(f, seen)
                for f in (vars(helper).values() if inspect.isclass(helper) else (helper,))
                if inspect.isfunction(f)
            ):
                return True
    return False


def pytest_collection_modifyitems(config, items):
    for item in items:
        module = item.module.__name__.rpartition(".")[2] if item.module else ""
        if (
            module in _SLOW_MODULES
            or _SLOW_FIXTURES.intersection(getattr(item, "fixturenames", ()))
            or _reaches_slow_code(item.obj)
        ):
            item.add_marker(pytest.mark.slow)
