//! The Table screen: the GM's tools, one tab per game plus the party's status and gear, and
//! the live link between the table's devices.

use leptos::prelude::*;

use super::party::PartyGear;
use super::party_status::PartyStatus;
use super::route::TableTab;
use super::table_exp::ExpeditionReferee;
use super::table_ix::IxTable;

/// GM tools, per system; `tab` comes from the location hash (`#/table/<tab>`).
#[component]
pub fn TableScreen(tab: Memo<TableTab>) -> impl IntoView {
    view! {
        <section class="screen" aria-labelledby="table-title">
            <h1 id="table-title">"Table"</h1>
            <nav class="tabs" aria-label="Table tools">
                {TableTab::ALL
                    .into_iter()
                    .map(|t| {
                        view! {
                            <a
                                class="tab"
                                href=t.href()
                                aria-current=move || (tab.get() == t).then_some("page")
                            >
                                {t.label()}
                            </a>
                        }
                    })
                    .collect_view()}
            </nav>
            {move || match tab.get() {
                TableTab::Ix => view! { <IxTable/> }.into_any(),
                TableTab::Expedition => view! { <ExpeditionReferee/> }.into_any(),
                TableTab::Status => view! { <PartyStatus/> }.into_any(),
                TableTab::Party => view! { <PartyGear/> }.into_any(),
                TableTab::Link => view! { <super::link::LinkTab/> }.into_any(),
            }}
        </section>
    }
}
