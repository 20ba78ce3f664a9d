//! The spell catalogue ("4. Spell Families"): Fell Blast plus eight families of ten spells, each
//! with its family, number, name, channeling Ability and Objective. Summaries are one line in
//! the project's own words; the reference's descriptions are never reproduced.

use super::dice::Ability;
use super::error::{RulesError, RulesResult};
use super::magic::DurationUnit;
use serde::Serialize;

/// A spell family ("4. Spell Families"); the roll number is the family's d8 face.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, serde::Deserialize, PartialOrd, Ord,
)]
pub enum Family {
    /// Fell Blast stands alone ("Fell Blast (Special)").
    FellBlast,
    /// d8 1.
    BloodMagic,
    /// d8 2.
    Diabolism,
    /// d8 3.
    Hypercognition,
    /// d8 4.
    Metacomposition,
    /// d8 5.
    Naturecraft,
    /// d8 6.
    PrimalSpeech,
    /// d8 7.
    Psychomancy,
    /// d8 8.
    Translocation,
}

impl Family {
    /// The eight rollable families, in d8 order.
    pub const ROLLABLE: [Family; 8] = [
        Family::BloodMagic,
        Family::Diabolism,
        Family::Hypercognition,
        Family::Metacomposition,
        Family::Naturecraft,
        Family::PrimalSpeech,
        Family::Psychomancy,
        Family::Translocation,
    ];

    /// Display name.
    pub fn name(self) -> &'static str {
        match self {
            Family::FellBlast => "Fell Blast",
            Family::BloodMagic => "Blood Magic",
            Family::Diabolism => "Diabolism",
            Family::Hypercognition => "Hypercognition",
            Family::Metacomposition => "Metacomposition",
            Family::Naturecraft => "Naturecraft",
            Family::PrimalSpeech => "Primal Speech",
            Family::Psychomancy => "Psychomancy",
            Family::Translocation => "Translocation",
        }
    }

    /// The family for a d8 face 1-8 ("Spell Families" table).
    pub fn from_d8(face: u8) -> RulesResult<Family> {
        RulesError::check_range("d8 face", i64::from(face), 1, 8)?;
        Family::ROLLABLE
            .get(usize::from(face) - 1)
            .copied()
            .ok_or_else(|| RulesError::out_of_range("d8 face", i64::from(face), 1, 8))
    }
}

/// How a spell's Objective is set.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
pub enum SpellOb {
    /// A fixed Channeling Objective.
    Fixed(u8),
    /// Fell Blast: Discipline versus the target's Combat Check.
    VersusCombatCheck,
}

/// One catalogue entry ("4. Spell Families").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct Spell {
    /// Family.
    pub family: Family,
    /// Number within the family, 1-10 (0 for Fell Blast).
    pub number: u8,
    /// Name.
    pub name: &'static str,
    /// Channeling Ability.
    pub ability: Ability,
    /// Channeling Objective.
    pub ob: SpellOb,
    /// One line in our own words.
    pub summary: &'static str,
}

/// Each spell's duration where its text gives one other than the digest's default of one
/// exploration turn per Success ("Spell Durations"): an explicit unit, an instant effect, or a
/// special duration with what ends it, in our words. Every other spell takes the default.
const DURATIONS: [(&str, DurationUnit, &str); 33] = {
    use DurationUnit::*;
    [
        ("Fell Blast", Instant, ""),
        ("Death Mask", Days, ""),
        ("Hekaphage", Instant, ""),
        ("Leech", Instant, ""),
        ("Genoplasm", Instant, ""),
        ("Graft", Hours, ""),
        ("Zombify", Days, ""),
        (
            "Spectral Harvest",
            Special,
            "until the spirits are freed or spent",
        ),
        ("Banish", Instant, ""),
        ("Cripple", Rounds, ""),
        ("Black Mark", Special, "until the demon has done its work"),
        ("Miasma", Rounds, ""),
        ("Conduit", Hours, ""),
        (
            "Plasmic Inception",
            Special,
            "until the lent spell is used or sunrise",
        ),
        ("Plasmic Manipulation", Instant, ""),
        ("Hindsight", Special, "while the past scene plays out"),
        ("Petition", Special, "until its questions are answered"),
        ("Bind", Rounds, ""),
        (
            "Spectral Fabrication",
            Special,
            "until the object dissipates",
        ),
        ("Disintegrate", Instant, ""),
        ("Glyph", Days, ""),
        (
            "Living Gate",
            Special,
            "the sigil stays; each step through is instant",
        ),
        ("Bloodlust", Rounds, ""),
        ("Cacophony of Air", Rounds, ""),
        ("Primordial Command", Instant, ""),
        ("Convention of Storms", Hours, ""),
        ("Adrenaline Spike", Rounds, ""),
        ("Hypnosis", Special, "while eye contact holds"),
        ("Puppetry", Rounds, ""),
        ("Recall and Revisitation", Instant, ""),
        (
            "Mirror Road",
            Special,
            "for the journey through the Mirrorlands",
        ),
        ("Wormhole", Special, "while the caster concentrates"),
        ("Time Skip", Minutes, ""),
    ]
};

impl Spell {
    /// How long the spell lasts per Success, from its own text (the digest's default, one
    /// exploration turn per Success, when the text gives none).
    pub fn duration(&self) -> DurationUnit {
        DURATIONS
            .iter()
            .find(|d| d.0 == self.name)
            .map_or(DurationUnit::ExplorationTurns, |d| d.1)
    }

    /// For a special duration, what ends it, in a few words.
    pub fn duration_note(&self) -> Option<&'static str> {
        DURATIONS
            .iter()
            .find(|d| d.0 == self.name && !d.2.is_empty())
            .map(|d| d.2)
    }

    /// What goes wrong when the Channeling Test makes zero successes, for the spells whose text
    /// names something beyond the usual cascade, in our words.
    pub fn zero_successes(&self) -> Option<&'static str> {
        match self.name {
            "Banish" => Some("the caster is hurled into the creature's home dimension instead"),
            "Plasmic Manipulation" => {
                Some("the target may raid the caster's mind instead, with the same two options")
            }
            "Adrenaline Spike" => Some("the psychic assault turns on the caster instead"),
            _ => None,
        }
    }

    /// The duration in words for the sheet: "1 round per Success", "instant", or a special
    /// duration's note.
    pub fn duration_words(&self) -> String {
        let unit = self.duration();
        match (unit.names(), unit) {
            (Some((one, _)), _) => format!("1 {one} per Success"),
            (None, DurationUnit::Special) => self.duration_note().unwrap_or("special").into(),
            (None, _) => "instant".into(),
        }
    }
}

impl Spell {
    /// The fixed Objective, if any.
    pub fn fixed_ob(&self) -> Option<u8> {
        match self.ob {
            SpellOb::Fixed(o) => Some(o),
            SpellOb::VersusCombatCheck => None,
        }
    }

    /// `"Leech (Blood Magic 6): Might Ob 4"`.
    pub fn words(&self) -> String {
        match self.ob {
            SpellOb::Fixed(o) => format!(
                "{} ({} {}): {} Ob {o}",
                self.name,
                self.family.name(),
                self.number,
                self.ability.name()
            ),
            SpellOb::VersusCombatCheck => {
                format!("{}: {} vs Combat Check", self.name, self.ability.name())
            }
        }
    }
}

const fn spell(
    family: Family,
    number: u8,
    name: &'static str,
    ability: Ability,
    ob: u8,
    summary: &'static str,
) -> Spell {
    Spell {
        family,
        number,
        name,
        ability,
        ob: SpellOb::Fixed(ob),
        summary,
    }
}

/// Fell Blast ("Fell Blast (Special)").
pub const FELL_BLAST: Spell = Spell {
    family: Family::FellBlast,
    number: 0,
    name: "Fell Blast",
    ability: Ability::Discipline,
    ob: SpellOb::VersusCombatCheck,
    summary: "A bolt of raw power: 4d to one foe or 2d to each foe beaten in a melee.",
};

/// All 81 spells: Fell Blast first, then each family 1-10 in d8 order.
pub const CATALOGUE: [Spell; 81] = [
    FELL_BLAST,
    spell(
        Family::BloodMagic,
        1,
        "Death Mask",
        Ability::Presence,
        2,
        "Take a corpse's face and wear it to pass as that person.",
    ),
    spell(
        Family::BloodMagic,
        2,
        "Occult Consultation",
        Ability::Presence,
        2,
        "Call up local spirits and question them.",
    ),
    spell(
        Family::BloodMagic,
        3,
        "Hekaphage",
        Ability::Discipline,
        3,
        "A summoned parasite devours one magical effect.",
    ),
    spell(
        Family::BloodMagic,
        4,
        "Wandering Eye",
        Ability::Might,
        3,
        "Send one of your eyes flying off as a scout.",
    ),
    spell(
        Family::BloodMagic,
        5,
        "Vitalize",
        Ability::Might,
        3,
        "Animate a statue or painting; a once-living one lives again.",
    ),
    spell(
        Family::BloodMagic,
        6,
        "Leech",
        Ability::Might,
        4,
        "Move vitality (HP) from one creature to another by touch.",
    ),
    spell(
        Family::BloodMagic,
        7,
        "Genoplasm",
        Ability::Discipline,
        4,
        "A touch that inflicts a random mutation.",
    ),
    spell(
        Family::BloodMagic,
        8,
        "Graft",
        Ability::Might,
        4,
        "Fuse an object onto a living body.",
    ),
    spell(
        Family::BloodMagic,
        9,
        "Zombify",
        Ability::Presence,
        5,
        "Raise eager but unreliable corpse servants.",
    ),
    spell(
        Family::BloodMagic,
        10,
        "Simulacrum",
        Ability::Might,
        5,
        "Split into two bodies that share your HP.",
    ),
    spell(
        Family::Diabolism,
        1,
        "Poltergeist",
        Ability::Presence,
        2,
        "Set a nuisance haunting on a place or object.",
    ),
    spell(
        Family::Diabolism,
        2,
        "Spectral Harvest",
        Ability::Discipline,
        2,
        "Gather stray spirits for later use.",
    ),
    spell(
        Family::Diabolism,
        3,
        "Black Speech",
        Ability::Presence,
        3,
        "Talk with fiends, undead and vermin.",
    ),
    spell(
        Family::Diabolism,
        4,
        "Demonic Blessing",
        Ability::Might,
        3,
        "A fiend grants you dark sight and other gifts for a time.",
    ),
    spell(
        Family::Diabolism,
        5,
        "Circle of Protection",
        Ability::Discipline,
        3,
        "A drawn circle keeps otherworldly beings out.",
    ),
    spell(
        Family::Diabolism,
        6,
        "Banish",
        Ability::Discipline,
        4,
        "Hurl an otherworldly creature back to its home plane.",
    ),
    spell(
        Family::Diabolism,
        7,
        "Cripple",
        Ability::Might,
        4,
        "Waves of pain leave the victim unable to act.",
    ),
    spell(
        Family::Diabolism,
        8,
        "Summoning",
        Ability::Presence,
        4,
        "Call an otherworldly creature to you.",
    ),
    spell(
        Family::Diabolism,
        9,
        "Black Mark",
        Ability::Presence,
        5,
        "Bargain with a fiend to hunt a named victim.",
    ),
    spell(
        Family::Diabolism,
        10,
        "Miasma",
        Ability::Might,
        5,
        "A lingering cloud of harmful infernal gas.",
    ),
    spell(
        Family::Hypercognition,
        1,
        "Conduit",
        Ability::Acuity,
        2,
        "Mark someone or something to channel spells through it.",
    ),
    spell(
        Family::Hypercognition,
        2,
        "Second Sight",
        Ability::Acuity,
        2,
        "See traces of magic around you.",
    ),
    spell(
        Family::Hypercognition,
        3,
        "Babel",
        Ability::Presence,
        3,
        "Understand any language, code or hidden meaning.",
    ),
    spell(
        Family::Hypercognition,
        4,
        "Object Entanglement",
        Ability::Discipline,
        3,
        "Link several small objects so they move as one.",
    ),
    spell(
        Family::Hypercognition,
        5,
        "Telesthesia",
        Ability::Presence,
        3,
        "Mind-to-mind talk with willing companions at any range.",
    ),
    spell(
        Family::Hypercognition,
        6,
        "Plasmic Inception",
        Ability::Presence,
        4,
        "Lend another person one of your spells to use once.",
    ),
    spell(
        Family::Hypercognition,
        7,
        "Plasmic Manipulation",
        Ability::Acuity,
        4,
        "Search a mind for spells, then steal or remove one.",
    ),
    spell(
        Family::Hypercognition,
        8,
        "Hindsight",
        Ability::Acuity,
        4,
        "Witness a past moment at this spot.",
    ),
    spell(
        Family::Hypercognition,
        9,
        "Petition",
        Ability::Acuity,
        5,
        "Walk through a reflection to consult a knowing power.",
    ),
    spell(
        Family::Hypercognition,
        10,
        "Spectral Body",
        Ability::Discipline,
        5,
        "Leave your body as a roaming ghostly mind.",
    ),
    spell(
        Family::Metacomposition,
        1,
        "Spectral Disc",
        Ability::Might,
        2,
        "A floating disc that carries loads for you.",
    ),
    spell(
        Family::Metacomposition,
        2,
        "Spawn Homunculus",
        Ability::Discipline,
        2,
        "Shape small servant golems from scraps.",
    ),
    spell(
        Family::Metacomposition,
        3,
        "Spectral Lock / Spectral Knock",
        Ability::Might,
        3,
        "Seal a door shut by magic, or open one.",
    ),
    spell(
        Family::Metacomposition,
        4,
        "Elemental Wall",
        Ability::Discipline,
        3,
        "Raise a wall of a random element.",
    ),
    spell(
        Family::Metacomposition,
        5,
        "Transmogrify Surface",
        Ability::Discipline,
        3,
        "Change the texture of a large surface.",
    ),
    spell(
        Family::Metacomposition,
        6,
        "Bind",
        Ability::Agility,
        4,
        "Trap a target in magical restraints for some rounds.",
    ),
    spell(
        Family::Metacomposition,
        7,
        "Resize",
        Ability::Might,
        4,
        "Make a person or object larger or smaller.",
    ),
    spell(
        Family::Metacomposition,
        8,
        "Spectral Fabrication",
        Ability::Discipline,
        4,
        "Conjure a temporary copy of an ordinary object.",
    ),
    spell(
        Family::Metacomposition,
        9,
        "Disintegrate",
        Ability::Agility,
        5,
        "A destroying ray that deals heavy damage.",
    ),
    spell(
        Family::Metacomposition,
        10,
        "Glyph",
        Ability::Discipline,
        5,
        "Leave a hidden rune that fires when triggered.",
    ),
    spell(
        Family::Naturecraft,
        1,
        "Living Gate",
        Ability::Acuity,
        2,
        "Mark a willing creature so you always sense where it is.",
    ),
    spell(
        Family::Naturecraft,
        2,
        "Fog Cloud",
        Ability::Discipline,
        2,
        "Fill an area with fog that your chosen allies see through.",
    ),
    spell(
        Family::Naturecraft,
        3,
        "Avatar of Nature",
        Ability::Acuity,
        3,
        "Speak with beasts and travel from tree to tree.",
    ),
    spell(
        Family::Naturecraft,
        4,
        "Ravening",
        Ability::Discipline,
        3,
        "Drive nearby animals into a hungry frenzy.",
    ),
    spell(
        Family::Naturecraft,
        5,
        "Swarm",
        Ability::Might,
        3,
        "Command a biting swarm of small creatures.",
    ),
    spell(
        Family::Naturecraft,
        6,
        "Bloodlust",
        Ability::Might,
        4,
        "Awaken a savage, clawed fury in a target.",
    ),
    spell(
        Family::Naturecraft,
        7,
        "Calling",
        Ability::Acuity,
        4,
        "Summon a nearby animal to you.",
    ),
    spell(
        Family::Naturecraft,
        8,
        "Carapace",
        Ability::Might,
        4,
        "Grow a creature a shell of natural armour.",
    ),
    spell(
        Family::Naturecraft,
        9,
        "Totem",
        Ability::Discipline,
        5,
        "Turn someone into the beast that matches their nature.",
    ),
    spell(
        Family::Naturecraft,
        10,
        "Skinwalker",
        Ability::Might,
        5,
        "Take the shape of a beast whose organs you ate.",
    ),
    spell(
        Family::PrimalSpeech,
        1,
        "Gleam",
        Ability::Discipline,
        2,
        "Small sunlight spirits that light the way and serve you.",
    ),
    spell(
        Family::PrimalSpeech,
        2,
        "Rockspeech",
        Ability::Presence,
        2,
        "Wake the spirit of a hill or crag and command it.",
    ),
    spell(
        Family::PrimalSpeech,
        3,
        "Water Communion",
        Ability::Agility,
        3,
        "You and allies can go without breathing.",
    ),
    spell(
        Family::PrimalSpeech,
        4,
        "Cacophony of Air",
        Ability::Agility,
        3,
        "Air spirits lift, carry or buffet for some rounds.",
    ),
    spell(
        Family::PrimalSpeech,
        5,
        "Tunnelspeech",
        Ability::Presence,
        3,
        "Open or close passages through earth and stone.",
    ),
    spell(
        Family::PrimalSpeech,
        6,
        "Direct Gravity",
        Ability::Agility,
        4,
        "Turn gravity in a small area in a new direction.",
    ),
    spell(
        Family::PrimalSpeech,
        7,
        "Flamespeech",
        Ability::Agility,
        4,
        "Take full command of nearby fire.",
    ),
    spell(
        Family::PrimalSpeech,
        8,
        "Phase Change",
        Ability::Discipline,
        4,
        "Turn a person or object to gas, liquid or solid.",
    ),
    spell(
        Family::PrimalSpeech,
        9,
        "Primordial Command",
        Ability::Presence,
        5,
        "Give one-word orders to a mass of raw material.",
    ),
    spell(
        Family::PrimalSpeech,
        10,
        "Convention of Storms",
        Ability::Agility,
        5,
        "Summon or scatter storms over a wide region.",
    ),
    spell(
        Family::Psychomancy,
        1,
        "Oneiromancy",
        Ability::Presence,
        2,
        "Enter and shape a sleeper's dreams.",
    ),
    spell(
        Family::Psychomancy,
        2,
        "Mind Trap",
        Ability::Discipline,
        2,
        "Move your mind into a trinket, leaving your body behind.",
    ),
    spell(
        Family::Psychomancy,
        3,
        "Bewitch",
        Ability::Presence,
        3,
        "Lace your words with uncanny charm.",
    ),
    spell(
        Family::Psychomancy,
        4,
        "Dust of the Sandman",
        Ability::Acuity,
        3,
        "Put a whole group into deep sleep.",
    ),
    spell(
        Family::Psychomancy,
        5,
        "Adrenaline Spike",
        Ability::Acuity,
        3,
        "A psychic jolt that makes the target panic wildly.",
    ),
    spell(
        Family::Psychomancy,
        6,
        "Hypnosis",
        Ability::Presence,
        4,
        "Hold a target spellbound while you keep eye contact.",
    ),
    spell(
        Family::Psychomancy,
        7,
        "Hologram",
        Ability::Discipline,
        4,
        "Create a convincing visual illusion.",
    ),
    spell(
        Family::Psychomancy,
        8,
        "Shroud",
        Ability::Agility,
        4,
        "Make yourself or something unnoticeable to onlookers.",
    ),
    spell(
        Family::Psychomancy,
        9,
        "Puppetry",
        Ability::Presence,
        5,
        "Take control of another person's body.",
    ),
    spell(
        Family::Psychomancy,
        10,
        "Dread Manifestation",
        Ability::Acuity,
        5,
        "Make a target's worst fear real enough to chase them.",
    ),
    spell(
        Family::Translocation,
        1,
        "Recall and Revisitation",
        Ability::Acuity,
        2,
        "Pull a marked item to your hand from afar.",
    ),
    spell(
        Family::Translocation,
        2,
        "Spatial Coincidence",
        Ability::Discipline,
        2,
        "Step inside solid matter with willing allies.",
    ),
    spell(
        Family::Translocation,
        3,
        "Kinetic Freedom",
        Ability::Agility,
        3,
        "Move freely through anything that would slow you.",
    ),
    spell(
        Family::Translocation,
        4,
        "Mirror Road",
        Ability::Acuity,
        3,
        "Lead companions on a shortcut through the mirror world; anyone who strays is lost.",
    ),
    spell(
        Family::Translocation,
        5,
        "Portal",
        Ability::Discipline,
        3,
        "Connect two marked doors into one passage.",
    ),
    spell(
        Family::Translocation,
        6,
        "Celerity / Torpor",
        Ability::Agility,
        4,
        "Hasten or slow the marked target.",
    ),
    spell(
        Family::Translocation,
        7,
        "Kaleidoscope",
        Ability::Agility,
        4,
        "Shuffle and rotate the surfaces of a room.",
    ),
    spell(
        Family::Translocation,
        8,
        "Wormhole",
        Ability::Acuity,
        4,
        "Open a passage between two points you can see.",
    ),
    spell(
        Family::Translocation,
        9,
        "Dimensional Rift",
        Ability::Discipline,
        5,
        "Shove a sphere of space into another plane.",
    ),
    spell(
        Family::Translocation,
        10,
        "Time Skip",
        Ability::Acuity,
        5,
        "Send someone a few minutes into the future.",
    ),
];

/// Looks a spell up by name, ignoring case ("4. Spell Families").
pub fn find_spell(name: &str) -> RulesResult<&'static Spell> {
    let wanted = name.trim();
    CATALOGUE
        .iter()
        .find(|s| s.name.eq_ignore_ascii_case(wanted))
        .ok_or_else(|| RulesError::UnknownSpell {
            name: name.to_string(),
        })
}

/// The ten spells of a family in number order (Fell Blast alone for [`Family::FellBlast`]).
pub fn family_spells(family: Family) -> Vec<&'static Spell> {
    CATALOGUE.iter().filter(|s| s.family == family).collect()
}

/// The spell at `number` 1-10 in `family` (a d10 roll after the d8 family roll).
pub fn spell_by_number(family: Family, number: u8) -> RulesResult<&'static Spell> {
    RulesError::check_range("spell number", i64::from(number), 1, 10)?;
    CATALOGUE
        .iter()
        .find(|s| s.family == family && s.number == number)
        .ok_or_else(|| RulesError::UnknownSpell {
            name: format!("{} {number}", family.name()),
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_duration_names_a_catalogue_spell_and_only_special_ones_have_notes() {
        for (name, unit, note) in DURATIONS {
            assert!(find_spell(name).is_ok(), "{name} is not in the catalogue");
            assert_eq!(unit == DurationUnit::Special, !note.is_empty(), "{name}");
            assert_ne!(
                unit,
                DurationUnit::ExplorationTurns,
                "{name} is the default"
            );
        }
        let special = CATALOGUE
            .iter()
            .filter(|s| s.duration() == DurationUnit::Special)
            .count();
        let default = CATALOGUE
            .iter()
            .filter(|s| s.duration() == DurationUnit::ExplorationTurns)
            .count();
        assert_eq!((special, default), (10, 48));
    }
}
