//! Ix (Exodus NDS) rules: narrative dice, pools, exact odds and procedures.
