//! Inventory slots, carriers, ammunition and Depletion ("2. Equipment": "Inventory Slots",
//! "Cumbersome Items (Multiple Slots)", "Ammunition", "Hirelings, Followers, and Pack Animals",
//! "Depletion").

use super::error::{RulesError, RulesResult};
use super::tables::{DepletionReading, TableRoll, depletion_check};
use rand::Rng;
use serde::{Deserialize, Serialize};

/// Slots every character has ("Inventory Slots").
pub const CHARACTER_SLOTS: u32 = 15;
/// Largest size one item may have (it must fit a character).
pub const MAX_ITEM_SIZE: u8 = 15;
/// Most carriers an inventory may hold.
pub const MAX_CARRIERS: usize = 50;

/// One item of gear.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Item {
    /// Name shown on the sheet.
    pub name: String,
    /// Slots filled: 0 mouth-sized, 1 default, 2 armour, more for bulky items.
    pub size: u8,
    /// Depletion score 1-20 for consumables ("Depletion").
    pub depletion: Option<u8>,
    /// Marked "last use" by a Depletion check: its next use removes it.
    pub last_use: bool,
    /// For a ranged weapon: the ammunition type it needs ("Ammunition").
    pub needs_ammo: Option<String>,
    /// For ammunition: the type it provides.
    pub ammo_type: Option<String>,
}

impl Item {
    /// An ordinary one-slot item.
    pub fn new(name: &str) -> Self {
        Item {
            name: name.to_string(),
            size: 1,
            depletion: None,
            last_use: false,
            needs_ammo: None,
            ammo_type: None,
        }
    }

    /// An item small enough to carry in the mouth: 0 slots ("Inventory Slots").
    pub fn mouth_sized(name: &str) -> Self {
        Item {
            size: 0,
            ..Item::new(name)
        }
    }

    /// Armour: always bulky, 2 slots ("Armor").
    pub fn armour(name: &str) -> Self {
        Item {
            size: 2,
            ..Item::new(name)
        }
    }

    /// A bulky item of `size` slots (0-15) ("Cumbersome Items").
    pub fn bulky(name: &str, size: u8) -> RulesResult<Self> {
        RulesError::check_range("item size", i64::from(size), 0, i64::from(MAX_ITEM_SIZE))?;
        Ok(Item {
            size,
            ..Item::new(name)
        })
    }

    /// A consumable with Depletion score 1-20, e.g. torches (15+) ("Depletion").
    pub fn consumable(name: &str, score: u8) -> RulesResult<Self> {
        RulesError::check_range("Depletion score", i64::from(score), 1, 20)?;
        Ok(Item {
            depletion: Some(score),
            ..Item::new(name)
        })
    }

    /// A ranged weapon needing `ammo` ammunition ("Ammunition").
    pub fn ranged_weapon(name: &str, ammo: &str) -> Self {
        Item {
            needs_ammo: Some(ammo.to_string()),
            ..Item::new(name)
        }
    }

    /// Ammunition of type `ammo`, e.g. a quiver of arrows.
    pub fn ammunition(name: &str, ammo: &str, depletion: Option<u8>) -> RulesResult<Self> {
        if let Some(s) = depletion {
            RulesError::check_range("Depletion score", i64::from(s), 1, 20)?;
        }
        Ok(Item {
            ammo_type: Some(ammo.to_string()),
            depletion,
            ..Item::new(name)
        })
    }

    /// Checks the item's own fields.
    pub fn validate(&self, field: &str) -> Vec<RulesError> {
        let mut errs = Vec::new();
        if let Err(e) = RulesError::check_range(
            &format!("{field}.size"),
            i64::from(self.size),
            0,
            i64::from(MAX_ITEM_SIZE),
        ) {
            errs.push(e);
        }
        if let Some(s) = self.depletion
            && let Err(e) =
                RulesError::check_range(&format!("{field}.depletion"), i64::from(s), 1, 20)
        {
            errs.push(e);
        }
        errs
    }
}

/// Who or what carries gear ("Hirelings, Followers, and Pack Animals").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CarrierKind {
    /// The character: 15 slots.
    Character,
    /// Hireling: 3 slots.
    Hireling,
    /// Follower: 3 slots.
    Follower,
    /// Porter: 3 slots.
    Porter,
    /// Pack animal: 6 slots.
    PackAnimal,
    /// Small cart (barrow, dog travois): 3 slots.
    SmallCart,
    /// Large cart (wagon, horse travois): 6 slots.
    LargeCart,
}

impl CarrierKind {
    /// Slots this kind of carrier holds.
    pub fn capacity(self) -> u32 {
        match self {
            CarrierKind::Character => CHARACTER_SLOTS,
            CarrierKind::Hireling
            | CarrierKind::Follower
            | CarrierKind::Porter
            | CarrierKind::SmallCart => 3,
            CarrierKind::PackAnimal | CarrierKind::LargeCart => 6,
        }
    }
}

/// One carrier and what it holds.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Carrier {
    /// Name, e.g. "Mule" or the character's name.
    pub name: String,
    /// Kind, which fixes the capacity.
    pub kind: CarrierKind,
    /// Items carried.
    pub items: Vec<Item>,
}

impl Carrier {
    /// An empty carrier.
    pub fn new(name: &str, kind: CarrierKind) -> Self {
        Carrier {
            name: name.to_string(),
            kind,
            items: Vec::new(),
        }
    }

    /// Slots in use.
    pub fn used(&self) -> u32 {
        self.items.iter().map(|i| u32::from(i.size)).sum()
    }

    /// Slots free (0 when overfull).
    pub fn free(&self) -> u32 {
        self.kind.capacity().saturating_sub(self.used())
    }

    /// `"Mule: 4 of 6 slots used"`.
    pub fn words(&self) -> String {
        format!(
            "{}: {} of {} slots used",
            self.name,
            self.used(),
            self.kind.capacity()
        )
    }
}

/// A character's own slots plus any carriers ("Inventory Slots"). Carrier 0 is the character.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Inventory {
    /// Carriers; index 0 is the character.
    pub carriers: Vec<Carrier>,
}

/// What using an item did ("Depletion").
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum UseOutcome {
    /// Not a consumable: nothing to roll.
    NoCheck,
    /// The Depletion check, and whether it marked the last use.
    Checked(TableRoll<DepletionReading>),
    /// It was on its last use: removed without a roll.
    Removed(Item),
}

impl Inventory {
    /// An inventory with only the character's own 15 slots.
    pub fn new(character_name: &str) -> Self {
        Inventory {
            carriers: vec![Carrier::new(character_name, CarrierKind::Character)],
        }
    }

    fn carrier_index(&self, carrier: &str) -> RulesResult<usize> {
        self.carriers
            .iter()
            .position(|c| c.name == carrier)
            .ok_or_else(|| RulesError::NotFound {
                what: "carrier".into(),
                name: carrier.into(),
            })
    }

    fn item_index(&self, ci: usize, item: &str) -> RulesResult<usize> {
        self.carriers
            .get(ci)
            .and_then(|c| c.items.iter().position(|i| i.name == item))
            .ok_or_else(|| RulesError::NotFound {
                what: "item".into(),
                name: item.into(),
            })
    }

    /// Adds a carrier (hireling, animal, cart); names must be unique.
    pub fn add_carrier(&mut self, name: &str, kind: CarrierKind) -> RulesResult<()> {
        if self.carriers.iter().any(|c| c.name == name) {
            return Err(RulesError::not_allowed(&format!(
                "carrier: \"{name}\" already exists"
            )));
        }
        if self.carriers.len() >= MAX_CARRIERS {
            return Err(RulesError::out_of_range(
                "carriers",
                self.carriers.len() as i64 + 1,
                1,
                MAX_CARRIERS as i64,
            ));
        }
        self.carriers.push(Carrier::new(name, kind));
        Ok(())
    }

    /// Removes an empty carrier (never the character itself).
    pub fn remove_carrier(&mut self, name: &str) -> RulesResult<Carrier> {
        let i = self.carrier_index(name)?;
        if i == 0 {
            return Err(RulesError::not_allowed(
                "carrier: the character's own slots cannot be removed",
            ));
        }
        if self.carriers.get(i).is_some_and(|c| !c.items.is_empty()) {
            return Err(RulesError::not_allowed(&format!(
                "carrier: \"{name}\" still carries items; move them first"
            )));
        }
        Ok(self.carriers.remove(i))
    }

    /// Places an item on a carrier ("Inventory Slots"); refused with the carrier's name and free
    /// slots when it does not fit.
    pub fn place(&mut self, carrier: &str, item: Item) -> RulesResult<()> {
        if let Some(e) = item.validate("item").into_iter().next() {
            return Err(e);
        }
        let ci = self.carrier_index(carrier)?;
        let c = self
            .carriers
            .get_mut(ci)
            .ok_or_else(|| RulesError::NotFound {
                what: "carrier".into(),
                name: carrier.into(),
            })?;
        if u32::from(item.size) > c.free() {
            return Err(RulesError::DoesNotFit {
                carrier: c.name.clone(),
                needed: u32::from(item.size),
                free: c.free(),
            });
        }
        c.items.push(item);
        Ok(())
    }

    /// Takes an item off a carrier.
    pub fn remove(&mut self, carrier: &str, item: &str) -> RulesResult<Item> {
        let ci = self.carrier_index(carrier)?;
        let ii = self.item_index(ci, item)?;
        self.carriers
            .get_mut(ci)
            .map(|c| c.items.remove(ii))
            .ok_or_else(|| RulesError::NotFound {
                what: "item".into(),
                name: item.into(),
            })
    }

    /// Moves an item between carriers; refused, changing nothing, when it does not fit.
    pub fn move_item(&mut self, from: &str, to: &str, item: &str) -> RulesResult<()> {
        let fi = self.carrier_index(from)?;
        let ti = self.carrier_index(to)?;
        let ii = self.item_index(fi, item)?;
        if fi == ti {
            return Ok(());
        }
        let size = self
            .carriers
            .get(fi)
            .and_then(|c| c.items.get(ii))
            .map_or(0, |i| u32::from(i.size));
        let (free, name) = self
            .carriers
            .get(ti)
            .map_or((0, String::new()), |c| (c.free(), c.name.clone()));
        if size > free {
            return Err(RulesError::DoesNotFit {
                carrier: name,
                needed: size,
                free,
            });
        }
        let it = self.remove(from, item)?;
        self.place(to, it)
    }

    /// Whether a ranged weapon on the character can be used: its ammunition must be in the
    /// character's own slots ("Ammunition").
    pub fn can_fire(&self, weapon: &str) -> RulesResult<bool> {
        let me = self.carriers.first().ok_or_else(|| RulesError::NotFound {
            what: "carrier".into(),
            name: "character".into(),
        })?;
        let w = me
            .items
            .iter()
            .find(|i| i.name == weapon)
            .ok_or_else(|| RulesError::NotFound {
                what: "item".into(),
                name: weapon.into(),
            })?;
        Ok(match &w.needs_ammo {
            None => true,
            Some(t) => me.items.iter().any(|i| i.ammo_type.as_ref() == Some(t)),
        })
    }

    /// Uses an item for a scene ("Depletion"): a consumable on its last use is removed without
    /// a roll; otherwise d20 >= score marks the last use.
    pub fn use_item<R: Rng + ?Sized>(
        &mut self,
        rng: &mut R,
        carrier: &str,
        item: &str,
    ) -> RulesResult<UseOutcome> {
        let ci = self.carrier_index(carrier)?;
        let ii = self.item_index(ci, item)?;
        let Some(it) = self.carriers.get_mut(ci).and_then(|c| c.items.get_mut(ii)) else {
            return Err(RulesError::NotFound {
                what: "item".into(),
                name: item.into(),
            });
        };
        match it.depletion {
            None => Ok(UseOutcome::NoCheck),
            Some(_) if it.last_use => {
                let removed = self.remove(carrier, item)?;
                Ok(UseOutcome::Removed(removed))
            }
            Some(score) => {
                let roll = depletion_check(rng, score)?;
                if roll.reading == DepletionReading::LastUse {
                    it.last_use = true;
                }
                Ok(UseOutcome::Checked(roll))
            }
        }
    }

    /// A whole bundle used up at once: removed without a roll ("Depletion").
    pub fn use_up(&mut self, carrier: &str, item: &str) -> RulesResult<Item> {
        self.remove(carrier, item)
    }

    /// Reports every carrier over capacity and every bad item, by field.
    pub fn validate(&self) -> Vec<RulesError> {
        let mut errs = Vec::new();
        if self.carriers.len() > MAX_CARRIERS {
            errs.push(RulesError::out_of_range(
                "inventory.carriers",
                self.carriers.len() as i64,
                1,
                MAX_CARRIERS as i64,
            ));
        }
        for (ci, c) in self.carriers.iter().enumerate() {
            for (ii, it) in c.items.iter().enumerate() {
                errs.extend(it.validate(&format!("inventory.carriers[{ci}].items[{ii}]")));
            }
            if c.used() > c.kind.capacity() {
                errs.push(RulesError::out_of_range(
                    &format!("inventory.carriers[{ci}] ({}) slots used", c.name),
                    i64::from(c.used()),
                    0,
                    i64::from(c.kind.capacity()),
                ));
            }
        }
        errs
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn overfull_carrier_names_itself() {
        let mut inv = Inventory::new("Ada");
        inv.add_carrier("Porter", CarrierKind::Porter).unwrap();
        inv.place("Porter", Item::armour("Mail")).unwrap();
        let err = inv.place("Porter", Item::armour("Spare mail")).unwrap_err();
        assert_eq!(
            err,
            RulesError::DoesNotFit {
                carrier: "Porter".into(),
                needed: 2,
                free: 1
            }
        );
        assert_eq!(inv.carriers[1].items.len(), 1);
        inv.place("Porter", Item::mouth_sized("Ring")).unwrap();
        assert_eq!(inv.carriers[1].used(), 2);
    }

    #[test]
    fn ammunition_required() {
        let mut inv = Inventory::new("Ada");
        inv.place("Ada", Item::ranged_weapon("Longbow", "arrows"))
            .unwrap();
        assert!(!inv.can_fire("Longbow").unwrap());
        inv.place(
            "Ada",
            Item::ammunition("Quiver", "arrows", Some(12)).unwrap(),
        )
        .unwrap();
        assert!(inv.can_fire("Longbow").unwrap());
    }

    #[test]
    fn depletion_last_use_then_removed() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut inv = Inventory::new("Ada");
        // Score 1: every d20 face is >= 1, so the first check always marks the last use.
        inv.place("Ada", Item::consumable("Torches", 1).unwrap())
            .unwrap();
        let out = inv.use_item(&mut rng, "Ada", "Torches").unwrap();
        assert!(
            matches!(out, UseOutcome::Checked(ref r) if r.reading == DepletionReading::LastUse)
        );
        let out = inv.use_item(&mut rng, "Ada", "Torches").unwrap();
        assert!(matches!(out, UseOutcome::Removed(_)));
        assert!(inv.carriers[0].items.is_empty());
    }

    #[test]
    fn carrier_capacities() {
        assert_eq!(CarrierKind::Character.capacity(), 15);
        assert_eq!(CarrierKind::Hireling.capacity(), 3);
        assert_eq!(CarrierKind::PackAnimal.capacity(), 6);
        assert_eq!(CarrierKind::SmallCart.capacity(), 3);
        assert_eq!(CarrierKind::LargeCart.capacity(), 6);
    }
}
