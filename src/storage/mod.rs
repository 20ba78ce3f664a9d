//! The only code that touches localStorage.
