//! Hash routing (`#/table`): deep links and refreshes work on any static host, sub-path
//! included, without a server-side fallback.

/// A top-level screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Screen {
    Roster,
    /// One character's sheet: `#/c/<id>` (the id comes from [`sheet_id`]).
    Sheet,
    Table,
    Settings,
}

impl Screen {
    pub const ALL: [Screen; 3] = [Screen::Roster, Screen::Table, Screen::Settings];

    pub fn label(self) -> &'static str {
        match self {
            Screen::Roster => "Roster",
            Screen::Sheet => "Sheet",
            Screen::Table => "Table",
            Screen::Settings => "Settings",
        }
    }

    pub fn href(self) -> &'static str {
        match self {
            Screen::Roster | Screen::Sheet => "#/roster",
            Screen::Table => "#/table",
            Screen::Settings => "#/settings",
        }
    }

    /// Reads a location hash; anything unknown shows the roster.
    pub fn from_hash(hash: &str) -> Screen {
        let path = hash.trim_start_matches('#').trim_start_matches('/');
        let first = path.split(['/', '?']).next().unwrap_or("");
        match first {
            "c" => Screen::Sheet,
            "table" => Screen::Table,
            "settings" => Screen::Settings,
            _ => Screen::Roster,
        }
    }
}

/// The character id of a sheet link (`#/c/<id>`). Ids are ours (hex), so anything else is
/// treated as no id rather than looked up.
pub fn sheet_id(hash: &str) -> Option<String> {
    let path = hash.trim_start_matches('#').trim_start_matches('/');
    let id = path.strip_prefix("c/")?.split(['/', '?']).next()?;
    crate::model::is_routable_id(id).then(|| id.to_string())
}

/// The link to a character's sheet.
pub fn sheet_href(id: &str) -> String {
    format!("#/c/{id}")
}

/// The section of a sheet link (`#/c/<id>/<section>`): a short lowercase word, or `None` for
/// the sheet's first section. The sheet decides which words it knows.
pub fn sheet_section(hash: &str) -> Option<String> {
    let path = hash.trim_start_matches('#').trim_start_matches('/');
    let mut parts = path.strip_prefix("c/")?.split(['/', '?']);
    parts.next()?;
    let section = parts.next()?;
    (!section.is_empty() && section.len() <= 16 && section.bytes().all(|b| b.is_ascii_lowercase()))
        .then(|| section.to_string())
}

/// The address word of a new character's guided setup (`ui::setup`).
pub const SETUP: &str = "setup";

/// The link to one section of a character's sheet.
pub fn section_href(id: &str, section: &str) -> String {
    format!("#/c/{id}/{section}")
}

/// A tab of the Table screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TableTab {
    Ix,
    Expedition,
    /// Every character at a glance (`ui::party_status`).
    Status,
    Party,
    /// The live link between the table's devices (`ui::link`).
    Link,
}

impl TableTab {
    pub const ALL: [TableTab; 5] = [
        TableTab::Ix,
        TableTab::Expedition,
        TableTab::Status,
        TableTab::Party,
        TableTab::Link,
    ];

    pub fn label(self) -> &'static str {
        match self {
            TableTab::Ix => "Ix GM table",
            TableTab::Expedition => "Expedition referee",
            TableTab::Status => "Party status",
            TableTab::Party => "Party gear",
            TableTab::Link => "Link",
        }
    }

    pub fn href(self) -> &'static str {
        match self {
            TableTab::Ix => "#/table/ix",
            TableTab::Expedition => "#/table/expedition",
            TableTab::Status => "#/table/status",
            TableTab::Party => "#/table/party",
            TableTab::Link => "#/table/link",
        }
    }

    /// Reads `#/table/<tab>`; anything else is the Ix table.
    pub fn from_hash(hash: &str) -> TableTab {
        let path = hash.trim_start_matches('#').trim_start_matches('/');
        match path
            .strip_prefix("table/")
            .and_then(|t| t.split(['/', '?']).next())
        {
            Some("expedition") => TableTab::Expedition,
            Some("status") => TableTab::Status,
            Some("party") => TableTab::Party,
            Some("link") => TableTab::Link,
            _ => TableTab::Ix,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Screen, TableTab, section_href, sheet_href, sheet_id, sheet_section};

    #[test]
    fn hashes_map_to_screens() {
        assert_eq!(Screen::from_hash(""), Screen::Roster);
        assert_eq!(Screen::from_hash("#/table"), Screen::Table);
        assert_eq!(Screen::from_hash("#settings"), Screen::Settings);
        assert_eq!(Screen::from_hash("#/settings/data?x=1"), Screen::Settings);
        assert_eq!(Screen::from_hash("#/<script>"), Screen::Roster);
        for s in Screen::ALL {
            assert_eq!(Screen::from_hash(s.href()), s);
        }
        assert_eq!(Screen::from_hash(&sheet_href("ab12")), Screen::Sheet);
    }

    #[test]
    fn sheet_ids_are_read_strictly() {
        assert_eq!(sheet_id("#/c/ab12"), Some("ab12".into()));
        assert_eq!(sheet_id("#/c/ab12/skills"), Some("ab12".into()));
        assert_eq!(sheet_id("#/c/"), None);
        assert_eq!(sheet_id("#/c/<img>"), None);
        assert_eq!(sheet_id("#/roster"), None);
        for t in TableTab::ALL {
            assert_eq!(TableTab::from_hash(t.href()), t);
        }
        assert_eq!(TableTab::from_hash("#/table"), TableTab::Ix);
    }

    #[test]
    fn sheet_sections_are_short_lowercase_words() {
        assert_eq!(
            sheet_section(&section_href("ab12", "gear")),
            Some("gear".into())
        );
        assert_eq!(sheet_id(&section_href("ab12", "gear")), Some("ab12".into()));
        assert_eq!(sheet_section("#/c/ab12"), None);
        assert_eq!(sheet_section("#/c/ab12/"), None);
        assert_eq!(sheet_section("#/c/ab12/Gear"), None);
        assert_eq!(sheet_section("#/c/ab12/<b>"), None);
        assert_eq!(sheet_section("#/c/ab12/abcdefghijklmnopq"), None);
        assert_eq!(sheet_section("#/table/gear"), None);
    }
}
