//! The six narrative dice and their faces (RULINGS.md, "Dice and faces"), and reading a roll
//! (reference, "Reading Results").

use rand::Rng;

/// A kind of die in a pool (reference, "Building a Dice Pool"; faces from RULINGS.md).
///
/// `BoonDie` and `BaneDie` are dice; the symbols they show are [`Symbol::Boon`] and
/// [`Symbol::Bane`]. The two are kept apart on purpose: an "add 1 Boon die" rule and a
/// "1 net Boon" result are different things.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum DieKind {
    /// Positive d8; the base die of every pool.
    Ability,
    /// Positive d12; an upgraded Ability die, the only die that shows a Breakthrough.
    Mastery,
    /// Positive d6 from circumstances, preparation or a focus.
    BoonDie,
    /// Negative d8; one per step of difficulty.
    Trial,
    /// Negative d12; an upgraded Trial die, the only die that shows a Calamity.
    Crisis,
    /// Negative d6 from circumstances, conditions or GM spends.
    BaneDie,
}

/// A symbol printed on a face (RULINGS.md, "Dice and faces").
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum Symbol {
    /// S: cancels one Failure.
    Success,
    /// F: cancels one Success.
    Failure,
    /// B: cancels one Bane.
    Boon,
    /// N: cancels one Boon.
    Bane,
    /// T: counts one Success and its effect always triggers.
    Breakthrough,
    /// C: counts one Failure and its effect always triggers.
    Calamity,
}

impl Symbol {
    /// Singular name for labels.
    pub fn name(self) -> &'static str {
        match self {
            Symbol::Success => "Success",
            Symbol::Failure => "Failure",
            Symbol::Boon => "Boon",
            Symbol::Bane => "Bane",
            Symbol::Breakthrough => "Breakthrough",
            Symbol::Calamity => "Calamity",
        }
    }

    /// Plural name for labels.
    pub fn plural(self) -> &'static str {
        match self {
            Symbol::Success => "Successes",
            Symbol::Failure => "Failures",
            Symbol::Boon => "Boons",
            Symbol::Bane => "Banes",
            Symbol::Breakthrough => "Breakthroughs",
            Symbol::Calamity => "Calamities",
        }
    }
}

/// One face of a die: how many of each symbol it shows (RULINGS.md, "Dice and faces").
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
pub struct Face {
    /// Success symbols.
    pub successes: u8,
    /// Failure symbols.
    pub failures: u8,
    /// Boon symbols.
    pub boons: u8,
    /// Bane symbols.
    pub banes: u8,
    /// Breakthrough symbols.
    pub breakthroughs: u8,
    /// Calamity symbols.
    pub calamities: u8,
}

const fn face(s: u8, f: u8, b: u8, n: u8, t: u8, c: u8) -> Face {
    Face {
        successes: s,
        failures: f,
        boons: b,
        banes: n,
        breakthroughs: t,
        calamities: c,
    }
}

const BLANK: Face = face(0, 0, 0, 0, 0, 0);
const S: Face = face(1, 0, 0, 0, 0, 0);
const SS: Face = face(2, 0, 0, 0, 0, 0);
const SB: Face = face(1, 0, 1, 0, 0, 0);
const B: Face = face(0, 0, 1, 0, 0, 0);
const BB: Face = face(0, 0, 2, 0, 0, 0);
const T: Face = face(0, 0, 0, 0, 1, 0);
const F: Face = face(0, 1, 0, 0, 0, 0);
const FF: Face = face(0, 2, 0, 0, 0, 0);
const FN: Face = face(0, 1, 0, 1, 0, 0);
const N: Face = face(0, 0, 0, 1, 0, 0);
const NN: Face = face(0, 0, 0, 2, 0, 0);
const C: Face = face(0, 0, 0, 0, 0, 1);

const BOON_DIE: [Face; 6] = [BLANK, BLANK, S, SB, BB, B];
const BANE_DIE: [Face; 6] = [BLANK, BLANK, F, F, N, N];
const ABILITY: [Face; 8] = [BLANK, S, S, SS, B, B, SB, BB];
const TRIAL: [Face; 8] = [BLANK, F, FF, N, N, N, NN, FN];
const MASTERY: [Face; 12] = [BLANK, S, S, SS, SS, B, SB, SB, SB, BB, BB, T];
const CRISIS: [Face; 12] = [BLANK, F, F, FF, FF, N, N, FN, FN, NN, NN, C];

impl DieKind {
    /// All six kinds, positive dice first, in the order pools list them.
    pub const ALL: [DieKind; 6] = [
        DieKind::Ability,
        DieKind::Mastery,
        DieKind::BoonDie,
        DieKind::Trial,
        DieKind::Crisis,
        DieKind::BaneDie,
    ];

    /// The faces, one entry per side (RULINGS.md table order).
    pub fn faces(self) -> &'static [Face] {
        match self {
            DieKind::Ability => &ABILITY,
            DieKind::Mastery => &MASTERY,
            DieKind::BoonDie => &BOON_DIE,
            DieKind::Trial => &TRIAL,
            DieKind::Crisis => &CRISIS,
            DieKind::BaneDie => &BANE_DIE,
        }
    }

    /// Number of sides (6, 8 or 12).
    pub fn sides(self) -> usize {
        self.faces().len()
    }

    /// Short name used in pool descriptions: "Ability", "Boon"...
    pub fn short_name(self) -> &'static str {
        match self {
            DieKind::Ability => "Ability",
            DieKind::Mastery => "Mastery",
            DieKind::BoonDie => "Boon",
            DieKind::Trial => "Trial",
            DieKind::Crisis => "Crisis",
            DieKind::BaneDie => "Bane",
        }
    }

    /// Full name: "Ability die", "Boon die"...
    pub fn name(self) -> &'static str {
        match self {
            DieKind::Ability => "Ability die",
            DieKind::Mastery => "Mastery die",
            DieKind::BoonDie => "Boon die",
            DieKind::Trial => "Trial die",
            DieKind::Crisis => "Crisis die",
            DieKind::BaneDie => "Bane die",
        }
    }

    /// True for the character's side of the pool (Ability, Mastery, Boon die).
    pub fn is_positive(self) -> bool {
        matches!(self, DieKind::Ability | DieKind::Mastery | DieKind::BoonDie)
    }

    /// Rolls one die of this kind.
    pub fn roll<R: Rng + ?Sized>(self, rng: &mut R) -> RolledDie {
        let faces = self.faces();
        let index = rng.random_range(0..faces.len());
        RolledDie {
            kind: self,
            face_index: index as u8,
            face: faces.get(index).copied().unwrap_or_default(),
        }
    }
}

impl Face {
    /// Every symbol on the face, in a stable order (Success, Failure, Boon, Bane,
    /// Breakthrough, Calamity), repeated as often as it appears.
    pub fn symbols(&self) -> Vec<Symbol> {
        let mut out = Vec::new();
        for (sym, n) in [
            (Symbol::Success, self.successes),
            (Symbol::Failure, self.failures),
            (Symbol::Boon, self.boons),
            (Symbol::Bane, self.banes),
            (Symbol::Breakthrough, self.breakthroughs),
            (Symbol::Calamity, self.calamities),
        ] {
            for _ in 0..n {
                out.push(sym);
            }
        }
        out
    }

    /// Words for a screen reader: "blank", "Success and Boon", "two Successes".
    pub fn label(&self) -> String {
        let mut parts: Vec<String> = Vec::new();
        for (sym, n) in [
            (Symbol::Success, self.successes),
            (Symbol::Failure, self.failures),
            (Symbol::Boon, self.boons),
            (Symbol::Bane, self.banes),
            (Symbol::Breakthrough, self.breakthroughs),
            (Symbol::Calamity, self.calamities),
        ] {
            match n {
                0 => {}
                1 => parts.push(sym.name().to_string()),
                2 => parts.push(format!("two {}", sym.plural())),
                _ => parts.push(format!("{n} {}", sym.plural())),
            }
        }
        if parts.is_empty() {
            "blank".to_string()
        } else {
            parts.join(" and ")
        }
    }

    /// Contribution to net Successes: Successes and Breakthroughs minus Failures and Calamities.
    pub fn net_successes(&self) -> i32 {
        i32::from(self.successes) + i32::from(self.breakthroughs)
            - i32::from(self.failures)
            - i32::from(self.calamities)
    }

    /// Contribution to net Boons: Boons minus Banes.
    pub fn net_boons(&self) -> i32 {
        i32::from(self.boons) - i32::from(self.banes)
    }
}

/// One die as it landed, for display (reference, "Reading Results").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct RolledDie {
    /// Which die.
    pub kind: DieKind,
    /// Index into [`DieKind::faces`], for drawing the face.
    pub face_index: u8,
    /// The symbols shown.
    pub face: Face,
}

impl RolledDie {
    /// Screen-reader label: "Mastery die: Success and Boon".
    pub fn label(&self) -> String {
        format!("{}: {}", self.kind.name(), self.face.label())
    }
}

/// Raw symbol totals before cancellation.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
pub struct SymbolTotals {
    /// Success symbols (not counting Breakthroughs).
    pub successes: u32,
    /// Failure symbols (not counting Calamities).
    pub failures: u32,
    /// Boon symbols.
    pub boons: u32,
    /// Bane symbols.
    pub banes: u32,
    /// Breakthrough symbols.
    pub breakthroughs: u32,
    /// Calamity symbols.
    pub calamities: u32,
}

impl SymbolTotals {
    /// Adds up the faces shown.
    pub fn from_faces<'a>(faces: impl IntoIterator<Item = &'a Face>) -> Self {
        let mut t = SymbolTotals::default();
        for f in faces {
            t.successes += u32::from(f.successes);
            t.failures += u32::from(f.failures);
            t.boons += u32::from(f.boons);
            t.banes += u32::from(f.banes);
            t.breakthroughs += u32::from(f.breakthroughs);
            t.calamities += u32::from(f.calamities);
        }
        t
    }
}

/// The read result of a check (reference, "Reading Results").
///
/// Breakthroughs count one Success and Calamities one Failure in cancellation; the
/// Breakthrough and Calamity counts themselves are never cancelled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct CheckResult {
    /// Successes left after cancellation; negative means net Failures.
    pub net_successes: i32,
    /// Boons left after cancellation; negative means net Banes.
    pub net_boons: i32,
    /// Breakthroughs rolled (their effects always trigger).
    pub breakthroughs: u32,
    /// Calamities rolled (their effects always trigger).
    pub calamities: u32,
    /// At least one net Success.
    pub succeeded: bool,
}

impl CheckResult {
    /// Reads raw totals (reference, "Reading Results").
    pub fn from_totals(t: &SymbolTotals) -> Self {
        // i64 first so that no total, however large, can overflow the subtraction.
        let clamp = |v: i64| v.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32;
        let s = i64::from(t.successes) + i64::from(t.breakthroughs)
            - i64::from(t.failures)
            - i64::from(t.calamities);
        let b = i64::from(t.boons) - i64::from(t.banes);
        let net_successes = clamp(s);
        CheckResult {
            net_successes,
            net_boons: clamp(b),
            breakthroughs: t.breakthroughs,
            calamities: t.calamities,
            succeeded: net_successes >= 1,
        }
    }

    /// Reads a set of faces.
    pub fn from_faces<'a>(faces: impl IntoIterator<Item = &'a Face>) -> Self {
        Self::from_totals(&SymbolTotals::from_faces(faces))
    }

    /// The outcome in words: "Success, 2 Boons, 1 Breakthrough" or "Failure, 1 Bane".
    pub fn describe(&self) -> String {
        let mut parts = vec![if self.succeeded { "Success" } else { "Failure" }.to_string()];
        let count = |n: u64, one: &str, many: &str| {
            if n == 1 {
                format!("1 {one}")
            } else {
                format!("{n} {many}")
            }
        };
        if self.net_boons > 0 {
            parts.push(count(
                u64::from(self.net_boons.unsigned_abs()),
                "Boon",
                "Boons",
            ));
        } else if self.net_boons < 0 {
            parts.push(count(
                u64::from(self.net_boons.unsigned_abs()),
                "Bane",
                "Banes",
            ));
        }
        if self.breakthroughs > 0 {
            parts.push(count(
                u64::from(self.breakthroughs),
                "Breakthrough",
                "Breakthroughs",
            ));
        }
        if self.calamities > 0 {
            parts.push(count(u64::from(self.calamities), "Calamity", "Calamities"));
        }
        parts.join(", ")
    }
}
