"""The baseline for the first-frame benchmark: a minimal Textual app (header, text, footer)."""

from textual.app import App, ComposeResult
from textual.widgets import Footer, Header, Static


class MinimalApp(App):
    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("minimal app ready")
        yield Footer()


if __name__ == "__main__":
    MinimalApp().run()
