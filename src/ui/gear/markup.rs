//! The gear's grids as HTML text. Building markup as a string and setting it in one place
//! compiles to a fraction of the size of the same markup as typed views (the bundle budget is
//! tight), and it is a pure function, tested without a browser. Every button names its action
//! in `data-a`, read by the component's one delegated handler; user text is escaped.

use std::fmt::Write;

use super::action::GearAction;
use crate::model::party::{PartyDoc, over_capacity};
use crate::rules::depletion::depletion_outlook;
use crate::rules::inventory::{COMMON_ITEMS, IX_ITEMS, Inventory, Item, ItemKind, split_treasure};

/// What the component shows besides the inventory itself.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Ui {
    pub list: bool,
    pub sel: Option<(usize, usize)>,
    pub dest: Option<usize>,
    pub renaming: Option<usize>,
    pub removing: Option<usize>,
    pub editing: bool,
    pub add_to: usize,
    pub quick: String,
    pub msg: Option<String>,
    pub undo: Option<String>,
    /// A refused carrier name: what was typed and why, shown beside the field.
    pub ren_err: Option<(String, String)>,
    /// The slot limit the table set on an Ix gear list.
    pub cap: Option<u32>,
}

/// Text safe inside HTML text and double-quoted attributes.
pub fn esc(s: &str) -> String {
    let mut o = String::with_capacity(s.len());
    for ch in s.chars() {
        match ch {
            '&' => o.push_str("&amp;"),
            '<' => o.push_str("&lt;"),
            '>' => o.push_str("&gt;"),
            '"' => o.push_str("&quot;"),
            c => o.push(c),
        }
    }
    o
}

/// "1 slot, Depletion 15+, last use".
pub fn item_meta(it: &Item) -> String {
    let mut parts = vec![match it.size {
        1 => "1 slot".to_string(),
        n => format!("{n} slots"),
    }];
    if it.quantity > 0 {
        parts.push(format!("× {}", it.quantity));
    }
    if let Some(d) = it.depletion {
        parts.push(format!("Depletion {d}+"));
    }
    if it.value > 0 {
        parts.push(format!("{} Cash", it.value));
    }
    if it.last_use {
        parts.push("last use".into());
    }
    if it.worn {
        parts.push("worn".into());
    }
    if it.block_used {
        parts.push("Block used".into());
    } else if matches!(it.kind, ItemKind::Armour | ItemKind::Shield) {
        parts.push("Block ready".into());
    }
    parts.join(", ")
}

/// "Torches (1 slot, last use)".
pub fn item_words(it: &Item) -> String {
    format!("{} ({})", it.name, item_meta(it))
}

fn button(o: &mut String, act: GearAction, label: &str, class: &str) {
    let _ = write!(
        o,
        r#"<button type="button" class="{class}" data-a="{act}">{}</button>"#,
        esc(label)
    );
}

fn option(o: &mut String, value: &str, label: &str, selected: bool) {
    let _ = write!(
        o,
        r#"<option value="{}"{}>{}</option>"#,
        esc(value),
        if selected { " selected" } else { "" },
        esc(label)
    );
}

fn item(o: &mut String, ui: &Ui, ci: usize, ii: usize, it: &Item, class: &str) {
    let _ = write!(
        o,
        r#"<li class="{class}"><button type="button" class="item{}{}" data-a="{}" draggable="true" aria-pressed="{}"><span>{}</span> <small>({})</small></button></li>"#,
        if it.last_use { " last" } else { "" },
        if it.size > 1 { " bulky" } else { "" },
        GearAction::Select(ci, ii),
        ui.sel == Some((ci, ii)),
        esc(&it.name),
        esc(&item_meta(it)),
    );
}

/// Everything above the editor: count, warnings, quick-add, messages, the carriers' grids and
/// the selected item's actions.
pub fn gear_html(v: &Inventory, ui: &Ui) -> String {
    let mut o = String::new();
    let list = ui.list;
    if let Some(me) = v.carriers.first().filter(|_| !list) {
        let _ = write!(
            o,
            r#"<p class="gear-count"><strong>{} / {}</strong> slots used, {} free</p>"#,
            me.used(),
            me.kind.capacity(),
            me.free()
        );
    }
    if let Some(cap) = ui.cap.filter(|_| list) {
        let used: u32 = v.carriers.iter().map(|c| c.used()).sum();
        let _ = write!(
            o,
            r#"<p class="gear-count"><strong>{used} / {cap}</strong> slots used (the table's limit)</p>"#
        );
    }
    o.push_str(r#"<ul class="gear-warn" aria-label="Gear warnings">"#);
    let over = list.then(|| over_capacity(v, ui.cap)).flatten();
    // Ammunition and armour burdens are Expedition rules; an Ix list has only its capacity.
    let rules = if list { Vec::new() } else { v.warnings() };
    for w in rules.into_iter().chain(over) {
        let _ = write!(
            o,
            r#"<li><span class="flag">Warning</span> {}</li>"#,
            esc(&w)
        );
    }
    o.push_str("</ul>");
    let burdens: Vec<String> = v.burdens().iter().map(|i| esc(&i.name)).collect();
    if !burdens.is_empty() && !list {
        let _ = write!(
            o,
            r#"<p class="muted small">Worn armour and shields carried (+{} Ob on endurance, flexibility, balance and climbing tests and on channeling): {}</p>"#,
            burdens.len(),
            burdens.join(", ")
        );
    }
    o.push_str(r#"<div class="gear-add row"><label class="field">Common item<select name="q"><option value="">Choose…</option>"#);
    if list {
        for (name, _) in IX_ITEMS {
            option(&mut o, name, name, *name == ui.quick);
        }
    } else {
        for c in COMMON_ITEMS {
            let d = c
                .depletion
                .map(|d| format!(", Depletion {d}+"))
                .unwrap_or_default();
            let s = if c.size == 1 { "" } else { "s" };
            let label = format!("{} (Cost {}{d}, {} slot{s})", c.name, c.cost, c.size);
            option(&mut o, c.name, &label, c.name == ui.quick);
        }
    }
    o.push_str("</select></label>");
    if !list {
        o.push_str(r#"<label class="field">Add to<select name="to">"#);
        for (i, c) in v.carriers.iter().enumerate() {
            let label = format!("{} ({} free)", c.name, c.free());
            option(&mut o, &i.to_string(), &label, i == ui.add_to);
        }
        o.push_str("</select></label>");
    }
    button(&mut o, GearAction::AddCommon, "Add", "primary");
    button(&mut o, GearAction::AddNew, "New item", "");
    o.push_str("</div>");
    if let Some(m) = &ui.msg {
        let _ = write!(o, r#"<p class="gear-msg" role="alert">{}</p>"#, esc(m));
    }
    if let Some(u) = &ui.undo {
        let _ = write!(o, r#"<p class="gear-undo" role="status">{} "#, esc(u));
        button(&mut o, GearAction::Undo, "Undo", "");
        o.push_str("</p>");
    }

    o.push_str(r#"<div class="carriers">"#);
    let shown = if list { 1 } else { v.carriers.len() };
    for (ci, c) in v.carriers.iter().enumerate().take(shown) {
        let (used, cap) = (c.used(), c.kind.capacity());
        let over = !list && used > cap;
        let title = if ci == 0 {
            "Carried".into()
        } else {
            esc(&c.name)
        };
        let name = esc(&c.name);
        let _ = write!(
            o,
            r#"<section class="carrier{}{}" aria-label="{title}" data-c="{ci}"><div class="carrier-head"><h3>{title}</h3>"#,
            if ui.dest == Some(ci) { " dest" } else { "" },
            if over { " over" } else { "" },
        );
        if !list {
            let _ = write!(
                o,
                r#"<span class="muted">{} · {used} / {cap}{}</span>"#,
                c.kind.label(),
                if over { " · over capacity" } else { "" }
            );
        }
        if ui.sel.is_some_and(|(f, _)| f != ci) {
            button(
                &mut o,
                GearAction::MoveTo(ci),
                &format!("Move here ({} free)", c.free()),
                "primary move-here",
            );
        }
        let cols: u32 = if ci == 0 { 5 } else { 3 };
        let _ = write!(
            o,
            r#"</div><ul class="grid{}{}" aria-label="{name} slots">"#,
            if ci == 0 { "" } else { " narrow" },
            if list { " list" } else { "" }
        );
        for (ii, it) in c
            .items
            .iter()
            .enumerate()
            .filter(|(_, it)| list || it.size > 0)
        {
            let span = u32::from(it.size).clamp(1, cols);
            let rows = u32::from(it.size).div_ceil(cols).max(1);
            item(&mut o, ui, ci, ii, it, &format!("cell c{span} r{rows}"));
        }
        if !list {
            for _ in 0..c.free() {
                o.push_str(r#"<li class="cell empty" aria-hidden="true"></li>"#);
            }
        }
        o.push_str("</ul>");
        if !list && c.items.iter().any(|i| i.size == 0) {
            let _ = write!(
                o,
                r#"<div class="free-strip"><h4>Free (0 slots)</h4><ul aria-label="{name} free items">"#
            );
            for (ii, it) in c.items.iter().enumerate().filter(|(_, it)| it.size == 0) {
                item(&mut o, ui, ci, ii, it, "");
            }
            o.push_str("</ul></div>");
        }
        if ci > 0 {
            o.push_str(r#"<div class="row">"#);
            button(
                &mut o,
                GearAction::Rename(ci),
                &format!("Rename {}", c.name),
                "",
            );
            button(
                &mut o,
                GearAction::RemoveCarrier(ci),
                &format!("Remove {}", c.name),
                "danger",
            );
            o.push_str("</div>");
        }
        if ui.renaming == Some(ci) {
            let _ = write!(
                o,
                r#"<div class="row"><div class="field"><label for="rn-{ci}">New name for {name}</label><input id="rn-{ci}" type="text" name="rn" maxlength="80" value="{}" aria-describedby="rn-{ci}-e" aria-invalid="{}"><small id="rn-{ci}-e" class="error" role="alert">{}</small></div>"#,
                ui.ren_err.as_ref().map_or(name.clone(), |e| esc(&e.0)),
                ui.ren_err.is_some(),
                ui.ren_err.as_ref().map(|e| esc(&e.1)).unwrap_or_default()
            );
            button(&mut o, GearAction::SaveName(ci), "Save name", "primary");
            button(&mut o, GearAction::Cancel, "Cancel", "");
            o.push_str("</div>");
        }
        if ui.removing == Some(ci) {
            let _ = write!(
                o,
                r#"<div class="ask" role="group" aria-label="Where should its items go?"><p>{name} carries {used} slots of gear. Move it all to:</p><div class="row">"#
            );
            for (t, other) in v.carriers.iter().enumerate().filter(|(t, _)| *t != ci) {
                let label = format!("{} ({} free)", other.name, other.free());
                button(&mut o, GearAction::EmptyInto(ci, t), &label, "");
            }
            button(&mut o, GearAction::Cancel, "Cancel", "");
            o.push_str("</div></div>");
        }
        o.push_str("</section>");
    }
    o.push_str("</div>");

    let picked = ui.sel.and_then(|(c, i)| v.carriers.get(c)?.items.get(i));
    if let Some(it) = picked {
        let hint = match ui.dest.and_then(|t| v.carriers.get(t)) {
            Some(t) => format!(
                "Destination: {}, {} free. Enter moves it, Escape cancels.",
                esc(&t.name),
                t.free()
            ),
            None if list => String::new(),
            None => {
                "Tap “Move here” on a carrier, drag the item, or press the arrow keys then Enter."
                    .into()
            }
        };
        let notes = if it.notes.is_empty() {
            String::new()
        } else {
            format!(" · {}", esc(&it.notes))
        };
        // How long it should last, from the rules (`rules::depletion`): said beside Use.
        let outlook = it
            .depletion
            .and_then(|d| depletion_outlook(d, it.last_use).ok())
            .map(|o| {
                let mark = if it.last_use {
                    String::new()
                } else {
                    format!("{}; ", o.mark_words())
                };
                format!(r#"<p class="outlook">{mark}{}.</p>"#, o.words())
            })
            .unwrap_or_default();
        let _ = write!(
            o,
            r#"<div class="selected" role="region" aria-label="Selected item"><p><strong>{}</strong>{notes}</p>{outlook}<p class="muted small" aria-live="polite">{hint}</p><div class="row">"#,
            esc(&item_words(it))
        );
        if it.depletion.is_some() {
            button(
                &mut o,
                GearAction::Use,
                &format!("Use {}", it.name),
                "primary",
            );
        }
        if it.depletion.is_some() || it.quantity > 0 || it.kind.is_expendable() {
            button(&mut o, GearAction::UsedUp, "Used up", "");
        }
        if it.kind == ItemKind::Armour && ui.sel.is_some_and(|(c, _)| c == 0) && !list {
            if it.worn {
                button(
                    &mut o,
                    GearAction::Wear(false),
                    &format!("Take off {}", it.name),
                    "",
                );
            } else {
                button(
                    &mut o,
                    GearAction::Wear(true),
                    &format!("Wear {}", it.name),
                    "primary",
                );
            }
        }
        // Expedition treasure turns into Cash dice once home (an Ix list keeps no Cash).
        if it.kind.has_cash_value() && it.value > 0 && !list {
            button(
                &mut o,
                GearAction::CashIn,
                &format!("Cash in {} for {} Cash", it.name, it.value),
                "",
            );
        }
        let _ = write!(
            o,
            r#"<button type="button" data-a="{}" aria-expanded="{}">Edit</button>"#,
            GearAction::ToggleEditor,
            ui.editing
        );
        button(&mut o, GearAction::Remove, "Remove", "danger");
        button(&mut o, GearAction::Deselect, "Deselect", "");
        o.push_str("</div></div>");
    }
    o
}

/// The editor's fields, one per entry: (data-f key, label, hint, maximum for numbers or 0 for
/// text). Values are read from the item when the editor opens; each field is then saved as it
/// changes without redrawing the editor.
pub const FIELDS: [(&str, &str, &str, i64); 7] = [
    ("name", "Name", "", 0),
    ("size", "Slots", "", 15),
    ("qty", "Quantity", "0 when not counted", 9999),
    ("dep", "Depletion score", "1-20; 0 for none", 20),
    ("value", "Cash value", "", 100_000),
    (
        "ammo",
        "Ammunition or fuel",
        "What a ranged weapon shoots or a lantern burns, or what this item is: arrows, oil",
        0,
    ),
    ("notes", "Notes", "", 0),
];

/// The current value of one editor field.
pub fn field_value(it: &Item, key: &str) -> String {
    match key {
        "name" => it.name.clone(),
        "size" => it.size.to_string(),
        "qty" => it.quantity.to_string(),
        "dep" => it.depletion.unwrap_or(0).to_string(),
        "value" => it.value.to_string(),
        "ammo" => it
            .needs_ammo
            .clone()
            .or_else(|| it.ammo_type.clone())
            .unwrap_or_default(),
        _ => it.notes.clone(),
    }
}

/// The item editor; `id` makes its labels and messages unique on the page. An Ix list (`ix`)
/// leaves out Expedition's Depletion score, Cash value and ammunition.
pub fn editor_html(it: &Item, id: &str, ix: bool) -> String {
    let mut o = String::from(
        r#"<div class="editor" role="group" aria-label="Edit item"><div class="editor-nums">"#,
    );
    let fields = FIELDS
        .into_iter()
        .filter(|f| !(ix && matches!(f.0, "dep" | "value" | "ammo")));
    for (key, label, hint, max) in fields {
        let v = esc(&field_value(it, key));
        let hint = if hint.is_empty() {
            String::new()
        } else {
            format!(r#"<small class="hint">{hint}</small>"#)
        };
        let control = match (key, max) {
            ("notes", _) => format!(
                r#"<textarea id="{id}-{key}" data-f="{key}" rows="3" aria-describedby="{id}-{key}-e">{v}</textarea>"#
            ),
            (_, 0) => format!(
                r#"<input id="{id}-{key}" data-f="{key}" type="text" autocomplete="off" value="{v}" aria-describedby="{id}-{key}-e">"#
            ),
            _ => format!(
                r#"<input id="{id}-{key}" data-f="{key}" type="text" inputmode="numeric" autocomplete="off" value="{v}" aria-describedby="{id}-{key}-e">"#
            ),
        };
        let wide = if max == 0 { " text" } else { " num" };
        let _ = write!(
            o,
            r#"<div class="field{wide}"><label for="{id}-{key}">{label}</label>{control}{hint}<small id="{id}-{key}-e" class="error" role="alert"></small></div>"#
        );
        if key == if ix { "qty" } else { "value" } {
            let _ = write!(o, r#"<label class="field">Kind<select data-f="kind">"#);
            // The value is the kind's place in `ItemKind::ALL`, read back the same way.
            for (i, k) in ItemKind::ALL.into_iter().enumerate() {
                option(&mut o, &i.to_string(), k.label(), k == it.kind);
            }
            o.push_str("</select></label>");
        }
    }
    let _ = write!(
        o,
        r#"</div><button type="button" class="primary" data-a="{}">Done</button></div>"#,
        GearAction::ToggleEditor
    );
    o
}

/// One character on the GM's party screen.
#[derive(PartialEq)]
pub struct Member {
    pub id: String,
    pub name: String,
    pub gear: Inventory,
    /// An Expedition character still playing: takes part in the treasure split.
    pub exp: bool,
    /// An Ix character: a gear list without slots, with the table's optional limit.
    pub ix: bool,
}

/// The GM's party view: the treasure split with who is present, the pay-out, what is set
/// aside, then everyone's gear (with the slot limit the table sets on Ix lists).
pub fn party_html(party: &[Member], doc: &PartyDoc, status: &str, undo: bool) -> String {
    let mut o = String::new();
    let exp: Vec<&Member> = party.iter().filter(|m| m.exp).collect();
    let total: u32 = exp.iter().map(|m| m.gear.treasure_value()).sum();
    let away: Vec<String> = exp
        .iter()
        .filter(|m| doc.absent.contains(&m.id))
        .map(|m| esc(&m.name))
        .collect();
    let present = exp.len() - away.len();
    let shares = if doc.no_set_aside { 0 } else { away.len() };
    let _ = write!(
        o,
        r#"<section class="panel" aria-labelledby="treasure-title"><h2 id="treasure-title">Treasure</h2><p>Total treasure value: <strong>{total} Cash</strong></p><fieldset><legend>Present this session</legend>"#
    );
    let check = |o: &mut String, value: &str, label: &str, on: bool| {
        let _ = write!(
            o,
            r#"<label class="present"><input type="checkbox" value="{}"{}> {}</label>"#,
            esc(value),
            if on { " checked" } else { "" },
            esc(label)
        );
    };
    for m in &exp {
        check(&mut o, &m.id, &m.name, !doc.absent.contains(&m.id));
    }
    o.push_str("</fieldset>");
    check(
        &mut o,
        "-",
        "Set aside a share for each absent player",
        !doc.no_set_aside,
    );
    match split_treasure(total, present as u32, shares as u32) {
        Err(_) => o.push_str("<p>Mark at least one character present to split the treasure.</p>"),
        Ok(s) => {
            let _ = write!(
                o,
                "<dl><dt>Each present character</dt><dd>{} Cash ({present} present)</dd>",
                s.each
            );
            if shares > 0 {
                let _ = write!(
                    o,
                    "<dt>Set aside</dt><dd>{} Cash for each of {} ({} in all)</dd>",
                    s.per_absent,
                    away.join(", "),
                    s.set_aside
                );
            }
            let _ = write!(
                o,
                "<dt>Left over</dt><dd>{} Cash, for the table to decide</dd></dl>",
                s.left_over
            );
        }
    }
    o.push_str(
        r#"<div class="row"><button type="button" class="primary" data-p="pay">Pay out</button>"#,
    );
    if undo {
        o.push_str(r#"<button type="button" data-p="undo">Undo the pay-out</button>"#);
    }
    let _ = write!(
        o,
        r#"</div><p class="gear-msg" role="status">{}</p>"#,
        esc(status)
    );
    if !doc.aside.is_empty() || doc.left_over > 0 {
        let _ = write!(
            o,
            r#"<h3>Kept from past pay-outs</h3><p class="muted">Left over: {} Cash.</p><ul class="list-plain">"#,
            doc.left_over
        );
        for (i, (id, cash)) in doc.aside.iter().enumerate() {
            let who = party.iter().find(|m| m.id == *id).map(|m| esc(&m.name));
            let _ = write!(
                o,
                r#"<li>{}: {cash} Cash "#,
                who.as_deref().unwrap_or("a removed character")
            );
            if let Some(w) = who {
                let _ = write!(
                    o,
                    r#"<button type="button" data-p="give:{i}">Give {w} their {cash} Cash</button>"#
                );
            }
            o.push_str("</li>");
        }
        o.push_str("</ul>");
    }
    o.push_str(r#"</section><div class="party-chars">"#);
    if party.is_empty() {
        o.push_str(r#"<p class="muted">No characters yet: create them on the roster.</p>"#);
    }
    for (n, m) in party.iter().enumerate() {
        let name = esc(&m.name);
        let g = &m.gear;
        let _ = write!(
            o,
            r##"<section class="panel" aria-label="{name}'s gear"><h2><a href="#/c/{}">{name}</a></h2><p class="muted small">Treasure: {} Cash</p>"##,
            esc(&m.id),
            g.treasure_value()
        );
        let cap = doc.capacity(&m.id);
        let list = g.unlimited || m.ix;
        if m.ix {
            let _ = write!(
                o,
                r#"<div class="field"><label for="cap-{n}">Slot limit set by the table (empty: none)</label><input id="cap-{n}" type="text" inputmode="numeric" data-cap="{}" value="{}" aria-describedby="cap-{n}-e"><small id="cap-{n}-e" class="error"></small></div>"#,
                esc(&m.id),
                cap.map(|c| c.to_string()).unwrap_or_default()
            );
        }
        for c in &g.carriers {
            let head = if list { c.name.clone() } else { c.words() };
            let _ = write!(o, "<h3>{}</h3><ul>", esc(&head));
            for it in &c.items {
                let _ = write!(o, "<li>{}</li>", esc(&item_words(it)));
            }
            o.push_str("</ul>");
        }
        let _ = write!(
            o,
            r#"<ul class="gear-warn" aria-label="{name}'s gear warnings">"#
        );
        let over = m.ix.then(|| over_capacity(g, cap)).flatten();
        for w in g.warnings().into_iter().chain(over) {
            let _ = write!(o, "<li>{}</li>", esc(&w));
        }
        o.push_str("</ul></section>");
    }
    o.push_str("</div>");
    o
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::inventory::CarrierKind;

    #[test]
    fn escapes_user_text_and_marks_the_selection() {
        let mut inv = Inventory::new("Ada <b>");
        inv.carriers[0].items.push(Item::armour("Mail \"fine\""));
        inv.add_carrier("Mule", CarrierKind::PackAnimal).unwrap();
        let ui = Ui {
            sel: Some((0, 0)),
            dest: Some(1),
            ..Ui::default()
        };
        let h = gear_html(&inv, &ui);
        assert!(h.contains("Mail &quot;fine&quot;"));
        assert!(!h.contains("<b>"));
        assert!(h.contains(r#"<strong>2 / 15</strong> slots used, 13 free"#));
        assert!(h.contains(r#"data-a="s:0:0" draggable="true" aria-pressed="true""#));
        assert!(h.contains(r#"data-a="m:1">Move here (6 free)"#));
        assert!(h.contains("Destination: Mule, 6 free."));
        assert_eq!(h.matches(r#"class="cell empty""#).count(), 13 + 6);
        assert!(h.contains(r#"class="cell c2 r1""#));
    }

    #[test]
    fn party_split_and_escaping() {
        let mut a = Inventory::new("A");
        a.carriers[0].items.push(Item {
            kind: crate::rules::inventory::ItemKind::Treasure,
            value: 43,
            ..Item::new("Gems & <pearls>")
        });
        let m = |id: &str, name: &str, gear: Inventory, exp: bool| Member {
            id: id.into(),
            name: name.into(),
            gear,
            exp,
            ix: !exp,
        };
        let mut ix = Inventory::new("Vex");
        ix.unlimited = true;
        ix.carriers[0].items.push(Item::armour("Plate"));
        let p = vec![
            m("1", "Ann", a, true),
            m("2", "Bo", Inventory::new("Bo"), true),
            m("3", "Cy", Inventory::new("Cy"), true),
            m("4", "Vex", ix, false),
        ];
        let mut doc = PartyDoc {
            absent: vec!["3".into()],
            ..PartyDoc::default()
        };
        let h = party_html(&p, &doc, "", false);
        assert!(h.contains("<strong>43 Cash</strong>"));
        assert!(h.contains("<dd>14 Cash (2 present)</dd>"));
        assert!(h.contains("<dd>14 Cash for each of Cy (14 in all)</dd>"));
        assert!(h.contains("<dd>1 Cash, for the table to decide</dd>"));
        assert!(h.contains("Gems &amp; &lt;pearls&gt;"));
        assert!(h.contains(r#"value="3"> Cy"#));
        // Ix characters are listed but take no part in the split; their list gets a limit.
        assert!(!h.contains(r#"value="4""#));
        assert!(h.contains(r#"data-cap="4" value="""#));
        assert!(!h.contains("Undo the pay-out"));
        doc.set_capacity("4", Some(1)).unwrap();
        doc.aside = vec![("3".into(), 14)];
        doc.left_over = 1;
        let h = party_html(&p, &doc, "Paid.", true);
        assert!(h.contains(r#"data-cap="4" value="1""#));
        assert!(h.contains("<li>Uses 2 slots; the table allows 1, so 1 over.</li>"));
        assert!(h.contains("Left over: 1 Cash."));
        assert!(h.contains(r#"<li>Cy: 14 Cash <button type="button" data-p="give:0">Give Cy their 14 Cash</button></li>"#));
        assert!(h.contains(r#"role="status">Paid.</p>"#));
        assert!(h.contains(r#"data-p="undo""#));
        doc.absent = vec!["1".into(), "2".into(), "3".into()];
        let none = party_html(&p, &doc, "", false);
        assert!(none.contains("Mark at least one character present"));
    }

    #[test]
    fn list_mode_has_no_slots_or_carriers() {
        let mut inv = Inventory::new("Vex");
        inv.unlimited = true;
        inv.carriers[0].items.push(Item::new("Rope"));
        let h = gear_html(
            &inv,
            &Ui {
                list: true,
                ..Ui::default()
            },
        );
        assert!(!h.contains("slots used"));
        assert!(!h.contains("cell empty"));
        assert!(!h.contains("Add to"));
        assert!(h.contains("<span>Rope</span>"));
    }

    #[test]
    fn an_ix_list_has_its_own_items_and_no_expedition_fields() {
        let mut inv = Inventory::new("Vex");
        inv.unlimited = true;
        // A ranged weapon with no ammunition and worn armour: Expedition warnings, not Ix ones.
        inv.carriers[0].items.push(Item::armour("Mail"));
        inv.carriers[0].items.push(Item {
            kind: ItemKind::Ranged,
            needs_ammo: Some("arrows".into()),
            ..Item::new("Bow")
        });
        let ix = gear_html(
            &inv,
            &Ui {
                list: true,
                ..Ui::default()
            },
        );
        assert!(ix.contains(r#"<option value="Arcane focus">Arcane focus</option>"#));
        assert!(!ix.contains("Cost ") && !ix.contains("Depletion"), "{ix}");
        assert!(
            !ix.contains("cannot be fired") && !ix.contains("+1 Ob"),
            "{ix}"
        );
        let exp = gear_html(&inv, &Ui::default());
        assert!(exp.contains("Torches (Cost 1, Depletion 15+, 1 slot)"));
        assert!(exp.contains("Bow: no arrows in your own slots"));
        // The editor: an Ix item has a name, slots, quantity, kind and notes only.
        let it = Item::new("Rope");
        let ed = editor_html(&it, "e", true);
        for gone in ["Depletion score", "Cash value", "Ammunition or fuel"] {
            assert!(!ed.contains(gone), "{gone}");
        }
        assert!(ed.contains(r#"data-f="kind""#) && ed.contains(r#"data-f="notes""#));
        let ed = editor_html(&it, "e", false);
        for kept in [
            "Depletion score",
            "Cash value",
            "Ammunition or fuel",
            r#"data-f="kind""#,
        ] {
            assert!(ed.contains(kept), "{kept}");
        }
    }
}
