"""config.toml's [embeddings] model and [compare] models: read, checked, written back."""

from __future__ import annotations

import pytest

from fincoach_tui.settings.config import Config, ConfigError, load_config, save_config


def test_embeddings_and_compare_models_round_trip(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text(
        '[embeddings]\nmodel = "nomic-embed-text"\n\n'
        '[compare]\nmodels = ["gpt-4o", "openai/gpt-oss-120b@groq"]\n'
    )
    config = load_config(path)
    assert config.embeddings_model == "nomic-embed-text"
    assert config.compare_models == ["gpt-4o", "openai/gpt-oss-120b@groq"]
    save_config(config, tmp_path / "again.toml")
    again = load_config(tmp_path / "again.toml")
    assert (again.embeddings_model, again.compare_models) == (
        config.embeddings_model,
        config.compare_models,
    )
    assert Config().compare_models == [] and Config().embeddings_model is None


@pytest.mark.parametrize(
    "text",
    ['[compare]\nmodels = "gpt-4o"\n', "[compare]\nmodels = [1]\n", '[embeddings]\nmodel = ""\n'],
)
def test_a_bad_entry_is_one_line(tmp_path, text):
    path = tmp_path / "config.toml"
    path.write_text(text)
    with pytest.raises(ConfigError) as error:
        load_config(path)
    assert "\n" not in str(error.value)
