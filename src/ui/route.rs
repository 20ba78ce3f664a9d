//! Hash routing (`#/table`): deep links and refreshes work on any static host, sub-path
//! included, without a server-side fallback.

/// A top-level screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Screen {
    Roster,
    Table,
    Settings,
}

impl Screen {
    pub const ALL: [Screen; 3] = [Screen::Roster, Screen::Table, Screen::Settings];

    pub fn label(self) -> &'static str {
        match self {
            Screen::Roster => "Roster",
            Screen::Table => "Table",
            Screen::Settings => "Settings",
        }
    }

    pub fn href(self) -> &'static str {
        match self {
            Screen::Roster => "#/roster",
            Screen::Table => "#/table",
            Screen::Settings => "#/settings",
        }
    }

    /// Reads a location hash; anything unknown shows the roster.
    pub fn from_hash(hash: &str) -> Screen {
        let path = hash.trim_start_matches('#').trim_start_matches('/');
        let first = path.split(['/', '?']).next().unwrap_or("");
        match first {
            "table" => Screen::Table,
            "settings" => Screen::Settings,
            _ => Screen::Roster,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Screen;

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
    }
}
