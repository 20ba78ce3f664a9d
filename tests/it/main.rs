//! The native integration tests, one module per file, in one test crate: it builds and links
//! once instead of once per file (the layout of rust-analyzer's guide). The browser tests
//! (`tests/web_storage.rs`, `tests/web_tray.rs`) run under `--target wasm32-unknown-unknown`
//! and stay crates of their own. Run one file's tests with `cargo test --test it <module>::`.

mod exp_rules_extra;
mod exp_sheet;
mod exp_sheet_table;
mod exp_table_rounds;
mod exp_table_wounds;
mod expedition_catalogue;
mod expedition_fairness;
mod expedition_invariants;
mod expedition_odds;
mod expedition_procedures;
mod expedition_robustness;
mod fixtures;
mod gear;
mod help;
mod history;
mod import;
mod ix_adversaries;
mod ix_critical;
mod ix_dice;
mod ix_door;
mod ix_health;
mod ix_odds;
mod ix_opposed;
mod ix_pool;
mod ix_procedures;
mod ix_props;
mod ix_sheet;
mod ix_sheet_table;
mod ix_table_play;
mod ix_weapons;
mod link_code;
mod never_lost;
mod one_source;
mod party_status;
mod plain_dice;
mod rolls;
mod scan;
mod sealed;
mod storage;
mod sync;
mod table_link;
mod two_tabs;
mod unread_sheets;
