//! Serde documents stored by the app, each with a schema number and migrations.
