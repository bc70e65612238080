"""The keys of a game's special actions come from the variant: Capixaba's cut and knock are
offered (and work) at its table, and no other game's table answers to them."""

from __future__ import annotations

from tui_helpers import make_app, press, quick_table, quiet, settle

from bisca_tui.engine import actions as A


async def test_capixaba_offers_cut_and_knock_from_its_own_keys(private_data) -> None:
    app = make_app(private_data)
    async with app.run_test(size=(110, 34)) as pilot:
        t = await quick_table(app, pilot, "bisca-capixaba", seed=42)
        st = t.session.state
        assert st.phase == "cut_or_knock" and st.current == 0  # the person chooses
        shown = {b.binding.key: b.binding.description for b in t.active_bindings.values()
                 if b.enabled}
        assert shown.get("c") == "Cut" and shown.get("k") == "Knock"
        await press(pilot, "k")
        await settle(app, pilot)
        assert A.KNOCK in st.history and st.trump == 1  # hearts


async def test_other_tables_do_not_answer_to_capixabas_keys(private_data) -> None:
    app = make_app(private_data)
    async with app.run_test(size=(110, 34)) as pilot:
        t = await quick_table(app, pilot, "bisca-3", seed=5)
        assert not {"c", "k", "x"} & set(t.active_bindings)
        before = list(t.session.state.history)
        await press(pilot, "c", "k", "x")
        await quiet(pilot)
        assert t.session.state.history == before
