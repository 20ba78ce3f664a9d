use serde::{Deserialize, Serialize};

use super::SETTINGS_SCHEMA;

/// Colour scheme choice. `System` follows the device's light/dark preference.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Theme {
    #[default]
    System,
    Light,
    Dark,
}

impl Theme {
    pub const ALL: [Theme; 3] = [Theme::System, Theme::Light, Theme::Dark];

    pub fn label(self) -> &'static str {
        match self {
            Theme::System => "Follow this device",
            Theme::Light => "Light",
            Theme::Dark => "Dark",
        }
    }

    /// Value of the `data-theme` attribute on `<html>`; `None` lets the media query decide.
    pub fn attribute(self) -> Option<&'static str> {
        match self {
            Theme::System => None,
            Theme::Light => Some("light"),
            Theme::Dark => Some("dark"),
        }
    }
}

/// App-wide preferences.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    pub schema: u32,
    #[serde(default)]
    pub theme: Theme,
    /// When the user last exported everything, to remind them when it has been a while.
    #[serde(default)]
    pub last_export_ms: Option<u64>,
    /// This device's id, made once from random bytes by the UI: the device in a character's
    /// revision (`model::sync`). Empty until then.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub device: String,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            schema: SETTINGS_SCHEMA,
            theme: Theme::System,
            last_export_ms: None,
            device: String::new(),
        }
    }
}
