//! The session's Fortune and Peril Points as the dice tray spends them: the one session
//! document (`model::session`), read and changed through its reducer, so a point spent in the
//! tray flips on every sheet and on the GM table, in this tab and in others.

use leptos::prelude::*;

use super::state::AppState;
use super::tray::StoryPoints;
use crate::model::session::{IxSession, Point, SessionEdit};

/// The tray's view of the session document.
pub struct SessionPoints(pub AppState);

fn point(fortune: bool) -> Point {
    if fortune {
        Point::Fortune
    } else {
        Point::Peril
    }
}

impl StoryPoints for SessionPoints {
    fn check(&self, fortune: bool) -> Result<(), String> {
        // Tracked: the tray's buttons redraw when another screen or tab spends a point.
        self.0
            .doc::<IxSession>()
            .with(|s| s.can_spend(point(fortune)))
            .map_err(|e| e.to_string())
    }

    fn spend(&self, fortune: bool, who: Option<String>, label: &str) -> Result<(), String> {
        let name = match (who, fortune) {
            (Some(id), _) => self
                .0
                .roster
                .with_untracked(|r| r.get(&id).map(|c| c.name.clone()))
                .unwrap_or_default(),
            (None, false) => "GM".to_string(),
            (None, true) => String::new(),
        };
        // On a phone that joined a table, the pool is the GM's: a player's spend is asked of it.
        let joined = self
            .0
            .doc::<IxSession>()
            .with_untracked(|s| s.host.is_some());
        if joined && fortune {
            return super::requests::spend(self.0, name, label.to_string());
        }
        self.0.doc::<IxSession>().dispatch(SessionEdit::Spend {
            point: point(fortune),
            who: name,
            what: label.to_string(),
        })
    }
}
