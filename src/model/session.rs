//! The Ix session's Fortune and Peril Points: one document that the GM table, every Ix sheet
//! and the dice tray read and change (reference, "Fortune Points and Peril Points"). At the
//! start of a session each player brings 1 Fortune Point to the players' side and the GM has
//! 1 Peril Point; a spent point flips to the other side; nothing carries over. A player who
//! uses Satchel alone starts a session of one from the sheet and gets the same rule.

use serde::{Deserialize, Serialize};

use super::error::EditError;
use super::named::NamedDocument;
use super::{CharacterAction, Roster};
use crate::rules::ix::session::{MAX_PLAYERS, SessionPool};

/// Storage name of the session document.
pub const SESSION_DOC: &str = "ix-session";
/// Schema this build writes.
pub const SESSION_SCHEMA: u32 = 1;
/// Flips kept in the history.
pub const FLIPS_KEPT: usize = 50;
/// Longest "who" or "what for" note on a flip.
pub const NOTE_MAX: usize = 80;

/// Which side spends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Point {
    /// A player's Fortune Point (flips to Peril).
    Fortune,
    /// The GM's Peril Point (flips to Fortune).
    Peril,
}

impl Point {
    /// The point's name.
    pub fn label(self) -> &'static str {
        match self {
            Point::Fortune => "Fortune",
            Point::Peril => "Peril",
        }
    }
}

/// One spent point, for the history.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Flip {
    /// What was spent.
    pub point: Point,
    /// Who spent it (a character's or the GM's name), possibly empty.
    #[serde(default)]
    pub who: String,
    /// What it bought (the check's label), possibly empty.
    #[serde(default)]
    pub what: String,
}

impl Flip {
    /// The flip in words: "Fortune spent, now Peril (Vex: Lore check)".
    pub fn words(&self) -> String {
        let base = match self.point {
            Point::Fortune => "Fortune spent, now Peril",
            Point::Peril => "Peril spent, now Fortune",
        };
        match (self.who.is_empty(), self.what.is_empty()) {
            (true, true) => base.to_string(),
            (false, true) => format!("{base} ({})", self.who),
            (true, false) => format!("{base} ({})", self.what),
            (false, false) => format!("{base} ({}: {})", self.who, self.what),
        }
    }
}

/// The session document.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct IxSession {
    /// Document schema.
    pub schema: u32,
    /// The points; `None` before the first session starts.
    #[serde(default)]
    pub pool: Option<SessionPool>,
    /// Players the session started with.
    #[serde(default)]
    pub players: i32,
    /// Spent points this session, oldest first.
    #[serde(default)]
    pub flips: Vec<Flip>,
    /// On a phone that joined a table: the GM's device, which keeps the session's points.
    /// The pool here is then as last heard from it, and a spend is a request to it
    /// (`model::table_link`); `None` when the points are kept here.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub host: Option<String>,
}

impl Default for IxSession {
    fn default() -> Self {
        IxSession {
            schema: SESSION_SCHEMA,
            pool: None,
            players: 0,
            flips: Vec::new(),
            host: None,
        }
    }
}

/// One change to the session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SessionEdit {
    /// A new session for this many players (1 to [`MAX_PLAYERS`]): the points start afresh.
    Start(i32),
    /// A point is spent: it flips to the other side.
    Spend {
        /// Fortune or Peril.
        point: Point,
        /// Who spends it.
        who: String,
        /// What for.
        what: String,
    },
    /// Takes over a pool and its flips kept by an older version inside the GM table.
    Adopt(SessionPool, Vec<String>),
    /// The pool as the table's host (`host`, a device id) has it now.
    Heard(Option<SessionPool>, String),
    /// The points are kept here again (the table was left).
    KeepHere,
}

impl IxSession {
    /// Whether a point of this kind can be spent now, and if not, why not.
    pub fn can_spend(&self, point: Point) -> Result<(), EditError> {
        let Some(pool) = self.pool else {
            return Err(
                "No session has started: start one on the sheet or the GM table first.".into(),
            );
        };
        let left = match point {
            Point::Fortune => pool.fortune,
            Point::Peril => pool.peril,
        };
        if left > 0 {
            return Ok(());
        }
        Err(match point {
            Point::Fortune => {
                "No Fortune Point is on the players' side now: one comes back when the GM spends Peril."
            }
            Point::Peril => {
                "The GM has no Peril Point now: one comes back when a player spends Fortune."
            }
        }
        .into())
    }

    /// Fortune Points a player may spend on their next check: one per check, if the players'
    /// side has any.
    pub fn fortune_for_next_check(&self) -> i32 {
        self.pool.map_or(0, |p| p.fortune.clamp(0, 1))
    }

    fn note(text: &str) -> String {
        text.trim().chars().take(NOTE_MAX).collect()
    }
}

impl NamedDocument for IxSession {
    const NAME: &'static str = SESSION_DOC;
    const SCHEMA: u32 = SESSION_SCHEMA;
    type Edit = SessionEdit;

    fn edit_in_place(
        &mut self,
        edit: SessionEdit,
        _roster: &Roster,
    ) -> Result<Vec<CharacterAction>, EditError> {
        if self.host.is_some()
            && matches!(
                edit,
                SessionEdit::Start(_) | SessionEdit::Spend { .. } | SessionEdit::Adopt(..)
            )
        {
            return Err(
                "The session's Fortune and Peril are kept on the GM's device, which this one joined: a spend is sent there."
                    .into(),
            );
        }
        match edit {
            SessionEdit::Heard(pool, host) => {
                self.pool = pool;
                self.host = Some(host);
            }
            SessionEdit::KeepHere => self.host = None,
            SessionEdit::Start(players) => {
                EditError::check("Players", players.into(), 1, MAX_PLAYERS.into())?;
                self.pool = Some(SessionPool::start(players)?);
                self.players = players;
                self.flips.clear();
            }
            SessionEdit::Spend { point, who, what } => {
                self.can_spend(point)?;
                let pool = self
                    .pool
                    .as_mut()
                    .ok_or(EditError::Gone { what: "session" })?;
                match point {
                    Point::Fortune => pool.spend_fortune()?,
                    Point::Peril => pool.spend_peril()?,
                }
                self.flips.push(Flip {
                    point,
                    who: Self::note(&who),
                    what: Self::note(&what),
                });
                if self.flips.len() > FLIPS_KEPT {
                    self.flips.remove(0);
                }
            }
            SessionEdit::Adopt(pool, flips) => {
                if self.pool.is_none() {
                    self.pool = Some(pool);
                    self.players = pool.fortune.max(1);
                    self.flips = flips
                        .into_iter()
                        .rev()
                        .take(FLIPS_KEPT)
                        .rev()
                        .map(|text| Flip {
                            point: if text.starts_with("Peril") {
                                Point::Peril
                            } else {
                                Point::Fortune
                            },
                            who: String::new(),
                            what: Self::note(
                                text.split_once('(')
                                    .map_or("", |(_, rest)| rest.trim_end_matches(')')),
                            ),
                        })
                        .collect();
                }
            }
        }
        Ok(Vec::new())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spend(s: &mut IxSession, point: Point) -> Result<(), EditError> {
        let mut next = s.clone();
        next.apply(
            SessionEdit::Spend {
                point,
                who: "Vex".into(),
                what: "Lore check".into(),
            },
            &Roster::default(),
        )?;
        *s = next;
        Ok(())
    }

    #[test]
    fn a_session_of_three_flips_points_both_ways() {
        let mut s = IxSession::default();
        assert!(spend(&mut s, Point::Fortune).is_err(), "no session yet");
        s.apply(SessionEdit::Start(3), &Roster::default()).unwrap();
        assert_eq!(
            s.pool,
            Some(SessionPool {
                fortune: 3,
                peril: 1
            })
        );
        spend(&mut s, Point::Fortune).unwrap();
        assert_eq!(
            s.pool,
            Some(SessionPool {
                fortune: 2,
                peril: 2
            })
        );
        spend(&mut s, Point::Peril).unwrap();
        spend(&mut s, Point::Peril).unwrap();
        assert_eq!(
            s.pool,
            Some(SessionPool {
                fortune: 4,
                peril: 0
            })
        );
        let before = s.clone();
        let err = spend(&mut s, Point::Peril).unwrap_err();
        assert!(err.to_string().contains("no Peril Point"), "{err}");
        assert_eq!(s, before, "a refused spend changes nothing");
        assert_eq!(
            s.flips[0].words(),
            "Fortune spent, now Peril (Vex: Lore check)"
        );
    }

    #[test]
    fn one_fortune_point_per_check_and_none_when_the_side_is_empty() {
        let mut s = IxSession::default();
        assert_eq!(s.fortune_for_next_check(), 0);
        s.apply(SessionEdit::Start(1), &Roster::default()).unwrap();
        assert_eq!(s.fortune_for_next_check(), 1);
        spend(&mut s, Point::Fortune).unwrap();
        assert_eq!(s.fortune_for_next_check(), 0);
        let err = spend(&mut s, Point::Fortune).unwrap_err().to_string();
        assert!(err.contains("No Fortune Point"), "{err}");
    }

    #[test]
    fn a_new_session_does_not_carry_points_over() {
        let mut s = IxSession::default();
        s.apply(SessionEdit::Start(2), &Roster::default()).unwrap();
        spend(&mut s, Point::Fortune).unwrap();
        s.apply(SessionEdit::Start(2), &Roster::default()).unwrap();
        assert_eq!(
            s.pool,
            Some(SessionPool {
                fortune: 2,
                peril: 1
            })
        );
        assert!(s.flips.is_empty());
        assert!(
            s.apply(SessionEdit::Start(0), &Roster::default()).is_err(),
            "a session needs a player"
        );
    }

    #[test]
    fn an_old_table_pool_is_adopted_once() {
        let mut s = IxSession::default();
        let old = SessionPool {
            fortune: 1,
            peril: 3,
        };
        s.apply(
            SessionEdit::Adopt(old, vec!["Fortune spent, now Peril (Vex)".into()]),
            &Roster::default(),
        )
        .unwrap();
        assert_eq!(s.pool, Some(old));
        assert_eq!(s.flips[0].point, Point::Fortune);
        s.apply(
            SessionEdit::Adopt(SessionPool::default(), vec![]),
            &Roster::default(),
        )
        .unwrap();
        assert_eq!(s.pool, Some(old), "a live session is never replaced");
    }
}
