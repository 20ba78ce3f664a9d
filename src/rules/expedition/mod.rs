//! Expedition (COEAC digest) rules: d6 success pools against an Objective.
