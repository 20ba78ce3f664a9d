//! The project's own die drawings: one outline shape per Ix die kind and one glyph per
//! symbol, so dice and symbols differ by shape, not only by colour. Every die carries its
//! result in words for screen readers (`role="img"` with a label); the drawing is decorative.

use leptos::prelude::*;

use super::outcome::Shown;
use crate::rules::ix::dice::{DieKind, Symbol};

/// Outline of each Ix die kind on a 40x40 box: positive dice are a rhombus, hexagon and
/// rounded square; negative dice a triangle, octagon and pentagon.
fn kind_path(kind: DieKind) -> &'static str {
    match kind {
        DieKind::Ability => "M20 2 38 20 20 38 2 20Z",
        DieKind::Mastery => "M20 2 36 11V29L20 38 4 29V11Z",
        DieKind::BoonDie => {
            "M11 3H29A8 8 0 0 1 37 11V29A8 8 0 0 1 29 37H11A8 8 0 0 1 3 29V11A8 8 0 0 1 11 3Z"
        }
        DieKind::Trial => "M2 5H38L20 38Z",
        DieKind::Crisis => "M13 2H27L38 13V27L27 38H13L2 27V13Z",
        DieKind::BaneDie => "M20 2 38 15 31 37H9L2 15Z",
    }
}

/// Glyph of each symbol on a 12x12 box centred on the origin.
fn symbol_path(s: Symbol) -> &'static str {
    match s {
        // Success: a solid upward triangle.
        Symbol::Success => "M0-6 6 5H-6Z",
        // Failure: a cross.
        Symbol::Failure => "M-6-4-4-6 0-2 4-6 6-4 2 0 6 4 4 6 0 2-4 6-6 4-2 0Z",
        // Boon: a ring (the Boon die is a rounded square, so the two never look alike).
        Symbol::Boon => "M0-6A6 6 0 1 1 0 6 6 6 0 1 1 0-6ZM0-3A3 3 0 1 0 0 3 3 3 0 1 0 0-3Z",
        // Bane: a solid square.
        Symbol::Bane => "M-5-5H5V5H-5Z",
        // Breakthrough: a five-pointed star.
        Symbol::Breakthrough => "M0-6 1.8-1.9H6L2.6.8 3.8 5.5 0 2.7-3.8 5.5-2.6.8-6-1.9H-1.8Z",
        // Calamity: an eight-pointed burst.
        Symbol::Calamity => {
            "M0-6 1.5-2.5 4.2-4.2 2.5-1.5 6 0 2.5 1.5 4.2 4.2 1.5 2.5 0 6-1.5 2.5-4.2 4.2-2.5 1.5-6 0-2.5-1.5-4.2-4.2-1.5-2.5Z"
        }
    }
}

fn symbol_class(s: Symbol) -> &'static str {
    match s {
        Symbol::Success | Symbol::Breakthrough => "sym good",
        Symbol::Boon => "sym boon",
        Symbol::Failure | Symbol::Calamity => "sym bad",
        Symbol::Bane => "sym bane",
    }
}

pub fn kind_class(kind: DieKind) -> &'static str {
    match kind {
        DieKind::Ability => "die-shape k-ability",
        DieKind::Mastery => "die-shape k-mastery",
        DieKind::BoonDie => "die-shape k-boon",
        DieKind::Trial => "die-shape k-trial",
        DieKind::Crisis => "die-shape k-crisis",
        DieKind::BaneDie => "die-shape k-bane",
    }
}

/// Just the outline of a die kind, for the pool builder (decorative: the row names it).
#[component]
pub fn KindMark(kind: DieKind) -> impl IntoView {
    view! {
        <svg class="kind-mark" viewBox="0 0 40 40" aria-hidden="true" focusable="false">
            <path class=kind_class(kind) d=kind_path(kind)/>
        </svg>
    }
}

/// One symbol glyph alone, for the legend (decorative: the legend names it).
#[component]
pub fn SymbolMark(symbol: Symbol) -> impl IntoView {
    view! {
        <svg class="sym-mark" viewBox="-7 -7 14 14" aria-hidden="true" focusable="false">
            <path class=symbol_class(symbol) d=symbol_path(symbol) fill-rule="evenodd"/>
        </svg>
    }
}

/// A rolled die, drawn, with `label` as its accessible name.
pub fn die_view(die: &Shown, label: String) -> AnyView {
    match die {
        Shown::Ix(kind, symbols) => {
            // Integer positions keep float formatting (and its code size) out of the bundle.
            let cy: i32 = if *kind == DieKind::Trial { 16 } else { 20 };
            let n = symbols.len();
            let glyphs = symbols
                .iter()
                .enumerate()
                .map(|(i, s)| {
                    let x: i32 = if n > 1 { 14 + 12 * i as i32 } else { 20 };
                    let scale = if n > 1 { "0.8" } else { "1.1" };
                    view! {
                        <path
                            class=symbol_class(*s)
                            d=symbol_path(*s)
                            fill-rule="evenodd"
                            transform=format!("translate({x} {cy}) scale({scale})")
                        />
                    }
                })
                .collect_view();
            view! {
                <span class="die" role="img" aria-label=label>
                    <svg viewBox="0 0 40 40" aria-hidden="true" focusable="false">
                        <path class=kind_class(*kind) d=kind_path(*kind)/>
                        {glyphs}
                    </svg>
                </span>
            }
            .into_any()
        }
        Shown::D6(face) => {
            let hit = *face >= crate::rules::expedition::dice::SUCCESS_FACE;
            view! {
                <span class=if hit { "die d6 hit" } else { "die d6" } role="img" aria-label=label>
                    <svg viewBox="0 0 40 40" aria-hidden="true" focusable="false">
                        <rect class="die-shape" x="3" y="3" width="34" height="34" rx="7"/>
                        <text x="20" y="27" text-anchor="middle">{face.to_string()}</text>
                        {hit.then(|| view! { <path class="tick" d="M26 5 34 5 34 13Z"/> })}
                    </svg>
                </span>
            }
            .into_any()
        }
        Shown::Plain(sides, face) => view! {
            <span class="die plain" role="img" aria-label=label>
                <svg viewBox="0 0 40 40" aria-hidden="true" focusable="false">
                    <path class="die-shape" d="M20 2 37 12V28L20 38 3 28V12Z"/>
                    <text x="20" y="25" text-anchor="middle">{face.to_string()}</text>
                    <text class="sides" x="20" y="35" text-anchor="middle">{format!("d{sides}")}</text>
                </svg>
            </span>
        }
        .into_any(),
    }
}
