//! What a gear button does. The markup is drawn as text (see `markup.rs`), so each button
//! carries its action in a `data-a` attribute; this enum is the one place that writes and reads
//! that attribute, so the two cannot drift (the round-trip test below pins it).

use std::fmt;
use std::str::FromStr;

/// One button's action. Positions are (carrier, item); carrier 0 is the character.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GearAction {
    /// Selects (or, when selected, deselects) an item.
    Select(usize, usize),
    /// Moves the selected item to a carrier.
    MoveTo(usize),
    /// Uses the selected item (the Depletion check).
    Use,
    /// The selected bundle is used up.
    UsedUp,
    /// Removes the selected item (with Undo).
    Remove,
    /// Opens or closes the item editor.
    ToggleEditor,
    /// Clears the selection.
    Deselect,
    /// Adds the chosen common item.
    AddCommon,
    /// Adds a blank item and opens the editor.
    AddNew,
    /// Puts back the last removed item.
    Undo,
    /// Starts renaming a carrier.
    Rename(usize),
    /// Saves a carrier's new name.
    SaveName(usize),
    /// Removes a carrier (asks where its items go when it carries any).
    RemoveCarrier(usize),
    /// Removes a carrier, its items moved to another.
    EmptyInto(usize, usize),
    /// Cancels a rename or a removal.
    Cancel,
    /// Adds a carrier from the form.
    AddCarrier,
    /// Puts on (`true`) or takes off the selected armour.
    Wear(bool),
    /// Turns the selected treasure into Cash dice.
    CashIn,
}

impl fmt::Display for GearAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GearAction::Select(c, i) => write!(f, "s:{c}:{i}"),
            GearAction::MoveTo(c) => write!(f, "m:{c}"),
            GearAction::Use => f.write_str("use"),
            GearAction::UsedUp => f.write_str("up"),
            GearAction::Remove => f.write_str("rm"),
            GearAction::ToggleEditor => f.write_str("ed"),
            GearAction::Deselect => f.write_str("x"),
            GearAction::AddCommon => f.write_str("add"),
            GearAction::AddNew => f.write_str("new"),
            GearAction::Undo => f.write_str("undo"),
            GearAction::Rename(c) => write!(f, "ren:{c}"),
            GearAction::SaveName(c) => write!(f, "save:{c}"),
            GearAction::RemoveCarrier(c) => write!(f, "del:{c}"),
            GearAction::EmptyInto(c, to) => write!(f, "to:{c}:{to}"),
            GearAction::Cancel => f.write_str("no"),
            GearAction::AddCarrier => f.write_str("carrier"),
            GearAction::Wear(true) => f.write_str("wear"),
            GearAction::Wear(false) => f.write_str("off"),
            GearAction::CashIn => f.write_str("cash"),
        }
    }
}

/// An attribute that names no action (hand-edited markup, an older build's button).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UnknownAction;

impl FromStr for GearAction {
    type Err = UnknownAction;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut parts = s.split(':');
        let verb = parts.next().unwrap_or_default();
        let nums: Vec<usize> = parts
            .map(|p| p.parse().map_err(|_| UnknownAction))
            .collect::<Result<_, _>>()?;
        Ok(match (verb, nums.as_slice()) {
            ("s", [c, i]) => GearAction::Select(*c, *i),
            ("m", [c]) => GearAction::MoveTo(*c),
            ("use", []) => GearAction::Use,
            ("up", []) => GearAction::UsedUp,
            ("rm", []) => GearAction::Remove,
            ("ed", []) => GearAction::ToggleEditor,
            ("x", []) => GearAction::Deselect,
            ("add", []) => GearAction::AddCommon,
            ("new", []) => GearAction::AddNew,
            ("undo", []) => GearAction::Undo,
            ("ren", [c]) => GearAction::Rename(*c),
            ("save", [c]) => GearAction::SaveName(*c),
            ("del", [c]) => GearAction::RemoveCarrier(*c),
            ("to", [c, to]) => GearAction::EmptyInto(*c, *to),
            ("no", []) => GearAction::Cancel,
            ("carrier", []) => GearAction::AddCarrier,
            ("wear", []) => GearAction::Wear(true),
            ("off", []) => GearAction::Wear(false),
            ("cash", []) => GearAction::CashIn,
            _ => return Err(UnknownAction),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_action_survives_the_attribute() {
        let all = [
            GearAction::Select(0, 0),
            GearAction::Select(3, 12),
            GearAction::MoveTo(2),
            GearAction::Use,
            GearAction::UsedUp,
            GearAction::Remove,
            GearAction::ToggleEditor,
            GearAction::Deselect,
            GearAction::AddCommon,
            GearAction::AddNew,
            GearAction::Undo,
            GearAction::Rename(1),
            GearAction::SaveName(1),
            GearAction::RemoveCarrier(4),
            GearAction::EmptyInto(4, 0),
            GearAction::CashIn,
            GearAction::Cancel,
            GearAction::AddCarrier,
            GearAction::Wear(true),
            GearAction::Wear(false),
        ];
        for a in all {
            assert_eq!(a.to_string().parse::<GearAction>(), Ok(a), "{a}");
        }
        let attrs: std::collections::BTreeSet<String> =
            all.iter().map(ToString::to_string).collect();
        assert_eq!(attrs.len(), all.len(), "no two actions share an attribute");
    }

    #[test]
    fn malformed_attributes_are_refused() {
        for bad in [
            "", "s", "s:1", "s:1:x", "m:-1", "use:3", "zap", "to:1", "s:1:2:3",
        ] {
            assert_eq!(bad.parse::<GearAction>(), Err(UnknownAction), "{bad:?}");
        }
    }
}
